/**
 * The benchmark's routes on Elysia (Bun only), written as its docs show: `t`
 * schemas, `derive` for the user and `beforeHandle` where one is required,
 * drizzle through ./conduit. JWT with jose directly, what @elysiajs/jwt wraps
 * (not installed here: bench/README.md). `PORT`, `HOST`, `DATABASE_URL`, `JWT_SECRET`.
 */
import { Elysia, t } from 'elysia'
import { jwtVerify, SignJWT } from 'jose'
import { conduitData, verifyPassword } from './conduit'

const data = conduitData(process.env.DATABASE_URL ?? '')
const secret = new TextEncoder().encode(process.env.JWT_SECRET ?? '')
const sign = (id: number) => new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(id)).setIssuedAt().setExpirationTime('30d').sign(secret)
const errors = (message: string) => ({ errors: { body: [message] } })

/** the user of a valid `Authorization: Token …`, else undefined (a stale or forged token reads as anonymous) */
async function viewer(authorization: string | undefined): Promise<number | undefined> {
  const token = authorization?.match(/^Token (\S+)$/)?.[1]
  if (!token) return undefined
  return jwtVerify(token, secret, { algorithms: ['HS256'] }).then(({ payload }) => Number(payload.sub), () => undefined)
}
const page = t.Object({ limit: t.Integer({ minimum: 1, maximum: 100, default: 20 }), offset: t.Integer({ minimum: 0, default: 0 }) })
const text = t.String({ minLength: 1 })
const required = { beforeHandle: ({ userId, set }: { userId: number | undefined; set: { status?: number | string } }) => {
  if (userId === undefined) {
    set.status = 401
    return errors('missing authorization credentials')
  }
} }

const app = new Elysia({ prefix: '/api' })
  .derive(async ({ headers }) => ({ userId: await viewer(headers.authorization) }))
  .get('/articles', ({ userId, query }) => data.list({ viewer: userId, ...query }), { query: page })
  .get('/articles/feed', ({ userId, query }) => data.list({ viewer: userId, feedOf: userId, ...query }), { query: page, ...required })
  .get('/articles/:slug', async ({ userId, params, set }) => {
    const article = await data.article(params.slug, userId)
    if (article) return { article }
    set.status = 404
    return errors('article not found')
  })
  .post('/articles', async ({ userId, body }) => ({ article: await data.create(userId ?? 0, body.article) }), {
    body: t.Object({ article: t.Object({ title: text, description: text, body: text, tagList: t.Optional(t.Array(text, { maxItems: 20 })) }) }),
    ...required,
  })
  .get('/tags', async () => ({ tags: await data.tags() }))
  .post('/users/login', async ({ body, set }) => {
    const found = await data.userByEmail(body.user.email)
    if (found && (await verifyPassword(body.user.password, found.password)))
      return { user: { email: found.email, username: found.username, bio: found.bio, image: found.image, token: await sign(found.id) } }
    set.status = 422
    return errors('email or password is invalid')
  }, { body: t.Object({ user: t.Object({ email: text, password: t.String() }) }) })
  .listen({ port: Number(process.env.PORT ?? 0), hostname: process.env.HOST ?? '127.0.0.1' })

console.log(`listening on http://127.0.0.1:${app.server?.port ?? 0} (bun)`)
