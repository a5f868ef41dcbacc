/**
 * Elysia (Bun's fastest framework) with its own `t` (TypeBox) validation, written
 * the way its docs show; same routes, rules and envelope as the other apps.
 * Loopback on Bun only (`app.listen` → Bun.serve). Its 400 message for E5 is
 * Elysia's own, so the loopback check compares E5 by status only. `before`: a plugin used before
 * the routes are declared (Elysia's hooks reach only the routes declared after them).
 */
import { Elysia, t } from 'elysia'
import { extraRoutes, results, USER_ID } from '../schemas'

const ok = (value: unknown) => ({ data: value, msg: '' })

export function createElysia(extra = 100, before?: (app: Elysia) => unknown) {
  const base = new Elysia()
  before?.(base)
  const app = base.onError(({ code, error, set }) => {
    // Elysia answers 422 for validation failures; the benchmark's contract is 400 with the envelope.
    if (code === 'VALIDATION') {
      set.status = 400
      const issue = error.valueError
      return { data: null, msg: `BadRequest: parse item: ['${error.type}'] failed: ${issue ? `${issue.path} ${issue.message}` : 'invalid'}` }
    }
  })
  for (const route of extraRoutes(extra)) {
    if (route.param) app.get(route.path.replace('{id}', ':id'), ({ params }) => ok({ id: Reflect.get(params, 'id') }))
    else app.get(route.path, () => ok(route.path))
  }
  return app
    .get('/', () => ok(results.ping()))
    .get('/items', ({ query }) => ok(results.items(query)), {
      query: t.Object({ page: t.Integer({ minimum: 1 }), limit: t.Integer({ minimum: 1, maximum: 100 }) }),
    })
    .get('/users/:id', ({ params }) => ok(results.user(params.id)), { params: t.Object({ id: t.String({ pattern: `^(?:${USER_ID})$` }) }) })
    .post('/users', ({ body }) => ok(results.created(body)), {
      body: t.Object({
        name: t.String({ minLength: 1, maxLength: 64 }),
        email: t.String({ format: 'email' }),
        age: t.Integer({ minimum: 0, maximum: 150 }),
        admin: t.Boolean(),
        tags: t.Array(t.String(), { maxItems: 10 }),
      }),
    })
    .post('/upload', ({ body }) => ok(results.uploaded(body)), {
      body: t.Object({ title: t.String({ minLength: 1, maxLength: 100 }), file: t.File() }),
    })
}
