/**
 * The benchmark's routes on Hono, written as its docs show: hono/jwt's `sign` and
 * `verify` (its `jwt()` middleware reads `Bearer` only; RealWorld sends `Token`),
 * a middleware for the optional and the required user, drizzle through ./conduit.
 * Node (@hono/node-server) or Bun (`Bun.serve`), whichever runs it.
 * `PORT`, `HOST`, `DATABASE_URL`, `JWT_SECRET`.
 */
import { Hono } from 'hono'
import { createMiddleware } from 'hono/factory'
import { sign, verify } from 'hono/jwt'
import { conduitData, type NewArticle, verifyPassword } from './conduit'

const data = conduitData(process.env.DATABASE_URL ?? '')
const secret = process.env.JWT_SECRET ?? ''
const DAY_S = 86_400

type Env = { Variables: { userId?: number } }
/** the user of a valid `Authorization: Token …` (or anonymous); `required` answers 401 without one */
const user = (required: boolean) =>
  createMiddleware<Env>(async (c, next) => {
    const token = c.req.header('authorization')?.match(/^Token (\S+)$/)?.[1]
    if (token) {
      try {
        c.set('userId', Number((await verify(token, secret, 'HS256')).sub))
      } catch {
        // a stale or forged token reads as anonymous on public routes
      }
    }
    if (required && c.get('userId') === undefined) return c.json({ errors: { body: ['missing authorization credentials'] } }, 401)
    await next()
  })
const page = (limit: string | undefined, offset: string | undefined) => ({ limit: Math.min(Math.max(Number(limit ?? 20) || 20, 1), 100), offset: Math.max(Number(offset ?? 0) || 0, 0) })
const text = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0

const app = new Hono<Env>().basePath('/api')
app.get('/articles', user(false), async (c) => c.json(await data.list({ viewer: c.get('userId'), ...page(c.req.query('limit'), c.req.query('offset')) })))
app.get('/articles/feed', user(true), async (c) => c.json(await data.list({ viewer: c.get('userId'), feedOf: c.get('userId'), ...page(c.req.query('limit'), c.req.query('offset')) })))
app.get('/articles/:slug', user(false), async (c) => {
  const article = await data.article(c.req.param('slug'), c.get('userId'))
  return article ? c.json({ article }) : c.json({ errors: { body: ['article not found'] } }, 404)
})
app.post('/articles', user(true), async (c) => {
  const input = ((await c.req.json()) as { article?: Partial<NewArticle> }).article
  if (!input || !text(input.title) || !text(input.description) || !text(input.body) || (input.tagList !== undefined && !(Array.isArray(input.tagList) && input.tagList.every(text))))
    return c.json({ errors: { body: ['article is invalid'] } }, 422)
  const { title, description, body, tagList } = input
  return c.json({ article: await data.create(c.get('userId') ?? 0, { title, description, body, tagList }) })
})
app.get('/tags', async (c) => c.json({ tags: await data.tags() }))
app.post('/users/login', async (c) => {
  const { user: login } = (await c.req.json()) as { user?: { email?: unknown; password?: unknown } }
  const found = text(login?.email) && typeof login?.password === 'string' ? await data.userByEmail(login.email) : undefined
  if (!found || !(await verifyPassword(String(login?.password), found.password))) return c.json({ errors: { body: ['email or password is invalid'] } }, 422)
  const now = Math.floor(Date.now() / 1000)
  const token = await sign({ sub: String(found.id), iat: now, exp: now + 30 * DAY_S }, secret, 'HS256')
  return c.json({ user: { email: found.email, username: found.username, bio: found.bio, image: found.image, token } })
})

interface BunHost {
  serve(options: { fetch: typeof app.fetch; port: number; hostname: string; development: boolean }): { port: number }
}
const bun = (globalThis as { Bun?: BunHost }).Bun
const hostname = process.env.HOST ?? '127.0.0.1'
const wanted = Number(process.env.PORT ?? 0)
const port = bun
  ? bun.serve({ fetch: app.fetch, port: wanted, hostname, development: false }).port
  : await import('@hono/node-server').then(({ serve }) => new Promise<number>((resolve) => serve({ fetch: app.fetch, port: wanted, hostname }, (info) => resolve(info.port))))
console.log(`listening on http://127.0.0.1:${port} (${bun ? 'bun' : 'node'})`)
