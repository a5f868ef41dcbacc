/** Hono + `@hono/standard-validator` with the zod schemas, written the way its docs show; same routes and envelope as bench/apps/hono.ts. */
import { sValidator } from '@hono/standard-validator'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { extraRoutes, results } from '../schemas'
import { standardBadMessage, zodCreateUser, zodItemsQueryCoerced } from '../schemas-standard'

type Issue = { path?: readonly (PropertyKey | { readonly key: PropertyKey })[]; message: string }

const ok = (c: Context, value: unknown) => c.json({ data: value, msg: '' })
const bad = (param: string) => (result: { success: boolean; error?: readonly Issue[] }, c: Context) => {
  const first = result.error?.[0]
  if (!result.success && first) return c.json({ data: null, msg: standardBadMessage(param, first) }, 400)
}

/**
 * The Hono app with zod through `@hono/standard-validator`: E0, E1, E3/E5 and the extra routes.
 * `limited`: `POST /users` behind Hono's `bodyLimit` middleware with fw's default bound (1 MiB),
 * as fw bounds every body (`hono-zod-limited` in the in-process drivers).
 */
export function createHonoZod(extra = 100, limited = false): Hono {
  const app = new Hono()
  for (const route of extraRoutes(extra)) {
    if (route.param) app.get(route.path.replace('{id}', ':id'), (c) => ok(c, { id: c.req.param('id') }))
    else app.get(route.path, (c) => ok(c, route.path))
  }
  app.get('/', (c) => ok(c, results.ping()))
  app.get('/items', sValidator('query', zodItemsQueryCoerced, bad('query')), (c) => ok(c, results.items(c.req.valid('query'))))
  if (limited) app.post('/users', bodyLimit({ maxSize: 1024 * 1024 }))
  app.post('/users', sValidator('json', zodCreateUser, bad('user')), (c) => ok(c, results.created(c.req.valid('json'))))
  return app
}
