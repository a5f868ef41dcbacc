/** Hono + @hono/valibot-validator, written the way its docs show, with the same schemas and envelope. */
import { vValidator } from '@hono/valibot-validator'
import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { badBodyMessage, CreateUser, extraRoutes, limit, page, results, uploadSchema, USER_ID } from '../schemas'

// Query values arrive as strings: Hono apps coerce inside the schema.
const ItemsQuery = v.object({ page: v.pipe(v.string(), v.transform(Number), page), limit: v.pipe(v.string(), v.transform(Number), limit) })
const Upload = uploadSchema(v.instance(File))

const ok = (c: Context, value: unknown) => c.json({ data: value, msg: '' })
const bad = (param: string) => (result: { success: boolean; issues?: readonly v.BaseIssue<unknown>[] }, c: Context) => {
  if (!result.success) return c.json({ data: null, msg: badBodyMessage(param, (result.issues as v.BaseIssue<unknown>[])[0] as v.BaseIssue<unknown>) }, 400)
}

export function createHono(extra = 100): Hono {
  return honoRoutes(new Hono(), extra)
}

/** The endpoints on `app` (one made apart, e.g. with a middleware for every route used first). */
export function honoRoutes(app: Hono, extra = 100): Hono {
  for (const route of extraRoutes(extra)) {
    if (route.param) app.get(route.path.replace('{id}', ':id'), (c) => ok(c, { id: c.req.param('id') }))
    else app.get(route.path, (c) => ok(c, route.path))
  }
  app.get('/', (c) => ok(c, results.ping()))
  app.get('/items', vValidator('query', ItemsQuery, bad('query')), (c) => ok(c, results.items(c.req.valid('query'))))
  app.get(`/users/:id{${USER_ID}}`, (c) => ok(c, results.user(c.req.param('id'))))
  app.post('/users', vValidator('json', CreateUser, bad('user')), (c) => ok(c, results.created(c.req.valid('json'))))
  app.post('/upload', vValidator('form', Upload, bad('form')), (c) => ok(c, results.uploaded(c.req.valid('form'))))
  return app
}
