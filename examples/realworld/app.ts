/**
 * The RealWorld "Conduit" backend (https://realworld-docs.netlify.app): users,
 * profiles and follows, articles with tags, favorites and a feed, comments,
 * tags — on fw's ORM (`fw-api/orm`) and auth (`fw-api/auth`): no drizzle
 * query, no SQL, no JWT or hashing code of its own. docs/realworld.md.
 */
import { Fw, api, exceptions, request } from 'fw-api'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import { rateLimit } from 'fw-api/plugins/rate-limit'
import * as v from 'valibot'
import { ddl } from './fw-db'   // the tables' DDL: npx fw-api db generate examples/realworld/tables.ts
import * as tables from './tables'

const { users, follows, articles, tags, favorites, comments } = tables

/**
 * The token secret: `JWT_SECRET` (at least 32 random bytes: `openssl rand -base64 48`). Without it
 * the example refuses to start, unless `CONDUIT_DEV=1` (what `npm run example:realworld` sets): then
 * a random secret made for this process (its tokens end with it; the secret itself is never printed).
 */
function jwtSecret(): string {
  const secret = process.env.JWT_SECRET
  if (secret) return secret
  if (process.env.CONDUIT_DEV !== '1') throw new Error('conduit: set JWT_SECRET to at least 32 random bytes (e.g. `export JWT_SECRET=$(openssl rand -base64 48)`), or CONDUIT_DEV=1 for a random one in development')
  console.warn('conduit: CONDUIT_DEV=1 and no JWT_SECRET: signing with a random secret made for this process (tokens end when it stops)')
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(48))))
}

export const jwt = auth.JsonWebToken({ secret: jwtSecret(), expiresIn: '30d', scheme: 'Token' })
/** PBKDF2 iterations: `PBKDF2_ITERATIONS` (default OWASP's 600 000, about 110 ms of CPU per login on Node; docs/auth.md) */
const hasher = auth.Pbkdf2Hasher({ iterations: Number(process.env.PBKDF2_ITERATIONS || auth.PBKDF2_SHA256_ITERATIONS) })
const jwtUser = auth.User(users, { authentication: jwt, loginFields: ['email'], passwordField: 'password', hasher })
/**
 * Login attempts (docs/auth.md, "What a login costs": each runs one PBKDF2): `LOGIN_LIMIT` per
 * account and client address every 15 minutes (default 10; `0` turns both limits off), and ten
 * times that per client address. Counted per process (the default MemoryStore); a deployment of
 * several processes passes `store: RedisStore(redis)` (docs/proxy-and-limits.md).
 */
const loginLimit = Number(process.env.LOGIN_LIMIT ?? 10)
const loginPerAccount = loginLimit > 0 ? rateLimit({ limit: loginLimit, window: '15m', name: 'login' }) : undefined
const loginPerAddress = loginLimit > 0 ? rateLimit({ limit: loginLimit * 10, window: '15m', name: 'login-address' }) : undefined
/**
 * public routes: a stale or unknown token reads as anonymous (a browser client keeps sending its old one).
 * Only the id is read (what the schemes' `favorited`/`following` filters compare): `claims()` takes it from
 * the verified token, revocation checked, with no statement (docs/auth.md, "The id alone").
 */
const viewer = { viewer: jwtUser.claims().optional({ invalid: 'anonymous' }) }
/** routes that write as the user read its row first: a deleted user's unexpired token is a 401, not a write */
const userParam = { user: jwtUser }
/** the feed reads, by the id alone: no row read (a deleted user's token gets an empty feed until it expires) */
const readerParam = { user: jwtUser.claims() }

// ---- schemas: what the API reads and writes --------------------------------------------------
const Profile = orm.Schema(users, {
  username: true, bio: true, image: true,
  following: orm.Exists('followers', { filter: (ctx) => ({ followerId: ctx.userId }) }),   // false when anonymous
})
const Account = orm.Schema(users, { id: true, email: true, username: true, bio: true, image: true, password: orm.Field({ mode: 'wa', noOutput: true }) })
const Follow = orm.Schema(follows, { followerId: true, followingId: true })
const Article = orm.Schema(articles, {
  slug: true, title: true, description: true, body: true,
  tagList: orm.Field('articleTags.tag.name', { order: ['name'] }),
  createdAt: true, updatedAt: true,
  favorited: orm.Exists('favorites', { filter: (ctx) => ({ userId: ctx.userId }) }),
  favoritesCount: orm.Count('favorites'),
  author: Profile,
})
const ArticleRow = orm.Schema(articles, {
  id: true, slug: true, title: true, description: true, body: true, authorId: true,
  tagIds: orm.Field('articleTags.tagId', { mode: 'wa' }),
})
const Tag = orm.Schema(tags, { id: true, name: true })
/** what GET /api/tags answers: the names alone (a schema of plain columns is read as its columns: docs/orm.md) */
const TagName = orm.Schema(tags, { name: true })
const Favorite = orm.Schema(favorites, { userId: true, articleId: true })
const Comment = orm.Schema(comments, { id: true, createdAt: true, updatedAt: true, body: true, author: Profile })
const CommentRow = orm.Schema(comments, { id: true, body: true, articleId: true, authorId: true })

const ArticleQuery = orm.Query(articles, {
  tag: orm.Filter('articleTags.tag.name'),
  author: orm.Filter('author.username'),
  favorited: orm.Filter('favorites.user.username'),
  offset: orm.Offset(),
  limit: orm.Limit({ max: 100, default: 20 }),
})

// ---- request bodies: RealWorld wraps each in one key --------------------------------------------
const text = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, "can't be blank"), v.maxLength(max))
const image = v.nullish(v.pipe(v.string(), v.maxLength(2000)))
const email = v.pipe(v.string(), v.trim(), v.email('is invalid'), v.maxLength(254))
const password = v.pipe(v.string(), v.minLength(8, 'is too short (minimum is 8 characters)'), v.maxLength(200))
const username = v.pipe(text(60), v.regex(/^[\w.-]+$/, 'may hold letters, digits, _ . - only'))
const tagList = v.pipe(v.array(text(40)), v.maxLength(20))
const register = { data: request.Body(v.object({ user: v.object({ username, email, password }) })) }
const login = { data: request.Body(v.object({ user: v.object({ email, password: v.pipe(v.string(), v.maxLength(200)) }) })) }
const updateUser = { ...userParam, data: request.Body(v.object({ user: v.partial(v.object({ username, email, password, bio: v.nullish(v.pipe(v.string(), v.maxLength(5000))), image })) })) }
const newArticle = { ...userParam, data: request.Body(v.object({ article: v.object({ title: text(200), description: text(500), body: text(100_000), tagList: v.optional(tagList) }) })) }
const editArticle = { ...userParam, data: request.Body(v.object({ article: v.partial(v.object({ title: text(200), description: text(500), body: text(100_000), tagList })) })) }
const newComment = { ...userParam, data: request.Body(v.object({ comment: v.object({ body: text(10_000) }) })) }
const slugParam = { slug: v.pipe(v.string(), v.maxLength(300)) }
const nameParam = { username: v.pipe(v.string(), v.maxLength(60)) }

// ---- helpers ---------------------------------------------------------------------------------
const slugify = (title: string) => `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80) || 'article'}-${crypto.randomUUID().slice(0, 8)}`
/** the tags' ids, created when new: ONE statement (`insert … on conflict … returning`) for the whole list */
const tagIds = async (names: readonly string[]) => (names.length ? Tag.bulkSave([...new Set(names)].map((name) => ({ name })), { onConflict: 'ignore' }) : [])
const userOut = async (id: number) => ({ user: { ...(await Account.init(id)), id: undefined, token: await jwt.sign(id) } })
const articleOut = async (slug: string) => ({ article: await Article.init({ slug }) })
const profileOut = async (username: string) => ({ profile: await Profile.init({ username }) })
async function articleOf(slug: string, userId?: number) {
  const found = await ArticleRow.init({ slug })
  if (userId !== undefined && found.authorId !== userId) throw new exceptions.PermissionDenied('only the author may change this article')
  return found
}
async function userIdOf(username: string): Promise<number> {
  const [found] = await Account.serialize({ username })
  if (!found) throw new exceptions.NotFound('profile not found')
  return found.id
}

// ---- endpoints -------------------------------------------------------------------------------
class UsersAPI extends api.API {
  @api.post(register)
  async post({ data }: api.Input<typeof register>) {
    const { username, email, password } = data.user
    // emails stored normalised (login() compares under the same rule): `Alice@Mail.com` is `alice@mail.com`'s account
    return userOut(await Account.save({ username, email: auth.normalizeIdent(email), password: await auth.hashPassword(password, hasher) }, { mustCreate: true }))
  }
  @api.doc({ errors: [exceptions.TooManyRequests] })
  @api.post(login)
  async login({ data }: api.Input<typeof login>) {
    // brute force (SPEC §12): per client address, and per account from that address, before the password is checked
    await loginPerAddress?.check(this.request, this.request.ip ?? 'no-address')
    await loginPerAccount?.check(this.request, `${this.request.ip}:${auth.normalizeIdent(data.user.email)}`)
    const done = await jwtUser.login(this.request, { ident: data.user.email, password: data.user.password })
    if (!done) throw new exceptions.BadRequest('email or password is invalid')
    // login() read the user's row (its password left out): answered from it, not read a second time
    const { email, username, bio, image } = done.user
    return { user: { email, username, bio, image, token: done.token } }
  }
}

class UserAPI extends api.API {
  @api.get(userParam)
  async get({ user }: api.Input<typeof userParam>) {
    return userOut(user.id)
  }
  @api.put(updateUser)
  async put({ user, data }: api.Input<typeof updateUser>) {
    const { password, email, ...changes } = data.user
    await Account.save({ ...changes, ...(email === undefined ? {} : { email: auth.normalizeIdent(email) }), ...(password === undefined ? {} : { password: await auth.hashPassword(password, hasher) }), id: user.id })
    if (password !== undefined) await jwtUser.revoke(user.id, this.request)   // a new password ends every earlier token; the answer carries a new one
    return userOut(user.id)
  }
}

class ProfilesAPI extends api.API {
  @api.get('{username}', { ...viewer, ...nameParam })
  async profile({ username }: { username: string }) {
    return profileOut(username)
  }
  @api.post('{username}/follow', { ...userParam, ...nameParam })
  async follow({ user, username }: { user: { id: number }; username: string }) {
    await Follow.save({ followerId: user.id, followingId: await userIdOf(username) }, { onConflict: 'ignore' })
    return profileOut(username)
  }
  @api.del('{username}/follow', { ...userParam, ...nameParam })
  async unfollow({ user, username }: { user: { id: number }; username: string }) {
    await Follow.delete({ followerId: user.id, followingId: await userIdOf(username) })
    return profileOut(username)
  }
}

class ArticlesAPI extends api.API {
  @api.get({ ...viewer, query: request.Query(ArticleQuery) })
  async get({ query }: { query: orm.QueryOf<typeof ArticleQuery> }) {
    // the page and the total in one statement
    const { rows, count } = await Article.serializeCounted(query, { order: ['-createdAt'] })
    return { articles: rows, articlesCount: count }
  }
  @api.get('feed', { ...readerParam, query: request.Query(ArticleQuery) })
  async feed({ user, query }: { user: { id: number }; query: orm.QueryOf<typeof ArticleQuery> }) {
    const where = { 'author.followers.followerId': user.id }
    const { rows, count } = await Article.serializeCounted(query, { where, order: ['-createdAt'] })
    return { articles: rows, articlesCount: count }
  }
  @api.get('{slug}', { ...viewer, ...slugParam })
  async getArticle({ slug }: { slug: string }) {
    return articleOut(slug)
  }
  @api.post(newArticle)
  async post({ user, data }: api.Input<typeof newArticle>) {
    const { tagList: names = [], ...fields } = data.article
    const slug = slugify(fields.title)
    await ArticleRow.save({ ...fields, slug, authorId: user.id, tagIds: await tagIds(names) })
    return articleOut(slug)
  }
  @api.put('{slug}', { ...editArticle, ...slugParam })
  async update({ user, data, slug }: api.Input<typeof editArticle> & { slug: string }) {
    const { id } = await articleOf(slug, user.id)
    const { tagList: names, ...fields } = data.article
    const newSlug = fields.title === undefined ? slug : slugify(fields.title)
    await ArticleRow.save({ ...fields, id, slug: newSlug, ...(names === undefined ? {} : { tagIds: await tagIds(names) }) })
    return articleOut(newSlug)
  }
  @api.del('{slug}', { ...userParam, ...slugParam })
  async remove({ user, slug }: { user: { id: number }; slug: string }) {
    await ArticleRow.delete((await articleOf(slug, user.id)).id)
    return {}
  }
  @api.post('{slug}/favorite', { ...userParam, ...slugParam })
  async favorite({ user, slug }: { user: { id: number }; slug: string }) {
    await Favorite.save({ userId: user.id, articleId: (await articleOf(slug)).id }, { onConflict: 'ignore' })
    return articleOut(slug)
  }
  @api.del('{slug}/favorite', { ...userParam, ...slugParam })
  async unfavorite({ user, slug }: { user: { id: number }; slug: string }) {
    await Favorite.delete({ userId: user.id, articleId: (await articleOf(slug)).id })
    return articleOut(slug)
  }
  @api.get('{slug}/comments', { ...viewer, ...slugParam })
  async comments({ slug }: { slug: string }) {
    const { id } = await articleOf(slug)
    return { comments: await Comment.serialize({ articleId: id }, { order: ['-createdAt'] }) }
  }
  @api.post('{slug}/comments', { ...newComment, ...slugParam })
  async comment({ user, data, slug }: api.Input<typeof newComment> & { slug: string }) {
    const id = await CommentRow.save({ body: data.comment.body, articleId: (await articleOf(slug)).id, authorId: user.id })
    return { comment: await Comment.init(id) }
  }
  @api.del('{slug}/comments/{id}', { ...userParam, ...slugParam, id: v.pipe(v.number(), v.integer()) })
  async uncomment({ user, slug, id }: { user: { id: number }; slug: string; id: number }) {
    const [found] = await CommentRow.serialize({ id, 'article.slug': slug })
    if (!found) throw new exceptions.NotFound('comment not found')
    if (found.authorId !== user.id) throw new exceptions.PermissionDenied('only the author may delete this comment')
    await CommentRow.delete(id)
    return {}
  }
}

class TagsAPI extends api.API {
  @api.get
  async get() {
    return { tags: (await TagName.serialize({}, { order: ['name'] })).map((tag) => tag.name) }
  }
}

/** RealWorld's error body: `{"errors":{"body":["title can't be blank"]}}`. */
const Errors = v.object({ errors: v.object({ body: v.array(v.string()) }) })

/** Every route answers errors in RealWorld's shape; a request that fails validation (or a unique rule) is 422. */
export class ConduitAPI extends api.API {
  static users = UsersAPI
  static user = UserAPI
  static profiles = ProfilesAPI
  static articles = ArticlesAPI
  static tags = TagsAPI

  // every route (its document lists the optional Token): a stale or unknown token is anonymous here, so it
  // never turns login, tags or a public read into a 401; routes that need the user still answer 401
  @api.before('*', viewer)
  identify({ viewer: current }: { viewer: { id: number } | null }) {
    this.request.state.userId = current?.id   // what the schemas' context filters read
  }

  @api.handle('*', { status: [401, 403, 404, 405, 413, 415, 422], result: Errors })   // documented so on every route
  onError(error: unknown) {
    if (!(error instanceof exceptions.HttpError) || error.status >= 500) throw error
    const status = error.status === 400 || error.status === 409 ? 422 : error.status
    // a unique column's refusal in RealWorld's words, naming the field only (no constraint, no value)
    const body = error.errors.length ? error.errors.map((issue) => (/must be unique/.test(issue.message) ? `${issue.name} has already been taken` : `${issue.path.join('.') || issue.name} ${issue.message}`)) : [error.message]
    return this.respond({ errors: { body } }, { status, headers: error.headers })
  }
}

/**
 * The service: PGlite in memory (or `dataDir`), or a Postgres server at `url`; missing tables created
 * at connect from ./fw-db (the DDL of ./tables, generated: no drizzle-kit at start). `corsOrigins`:
 * the browser frontends allowed to call it (server.ts reads `CORS_ORIGINS`, comma-separated); none → same-origin only. Tokens travel in `Authorization`, never in cookies: no credentials mode.
 * `onQuery`: called with every statement sent (tests count them). `snapshot` (in-memory PGlite): start
 * from the data directory `npx fw-api db generate examples/realworld/tables.ts --snapshot` wrote
 * (./fw-db.tar.gz, git-ignored: 4.6 MB), tables included, instead of initdb (docs/orm.md).
 */
export function createConduit(options: { url?: string; dataDir?: string; snapshot?: string | URL; corsOrigins?: readonly string[]; onQuery?: (sql: string, params: unknown[]) => void } = {}): { service: Fw; database: orm.Database } {
  const { onQuery } = options
  const database = options.url
    ? orm.Database({ engine: 'postgres', url: options.url, schema: tables, create: { ddl }, onQuery })
    : orm.Database({ engine: 'pglite', dataDir: options.dataDir, schema: tables, create: { ddl, snapshot: options.snapshot }, onQuery })
  const origins = options.corsOrigins?.filter(Boolean) ?? []
  const cors = origins.length ? { allowOrigin: origins, allowHeaders: ['authorization', 'content-type'], maxAge: 600 } : undefined
  const service = new Fw(import.meta.url, { name: 'conduit', api: ConduitAPI, route: '/api', cors })
  service.use(orm.DatabaseConnections({ default: database }))
  return { service, database }
}
