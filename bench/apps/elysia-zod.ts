/**
 * Elysia 1.4 with the zod schemas (it takes any Standard Schema), written the way its docs show;
 * same routes and envelope as the other Standard Schema apps. Bun only (`app.listen` → Bun.serve).
 */
import { Elysia } from 'elysia'
import { extraRoutes, results } from '../schemas'
import { standardBadMessage, zodCreateUser, zodItemsQueryCoerced } from '../schemas-standard'

const ok = (value: unknown) => ({ data: value, msg: '' })

/** The Elysia app with zod: E0, E1, E3/E5 and the extra routes. */
export function createElysiaZod(extra = 100) {
  const app = new Elysia().onError(({ code, error, set }) => {
    // Elysia answers 422 for validation failures; the benchmark's contract is 400 with the envelope.
    if (code === 'VALIDATION') {
      set.status = 400
      // With a Standard Schema, `valueError` is the library's first issue (zod: `{ path: ['email'], message }`).
      const issue = error.valueError as { path?: PropertyKey[]; message: string } | undefined
      return { data: null, msg: issue ? standardBadMessage(error.type === 'body' ? 'user' : error.type, issue) : 'BadRequest: invalid' }
    }
  })
  for (const route of extraRoutes(extra)) {
    if (route.param) app.get(route.path.replace('{id}', ':id'), ({ params }) => ok({ id: Reflect.get(params, 'id') }))
    else app.get(route.path, () => ok(route.path))
  }
  return app
    .get('/', () => ok(results.ping()))
    .get('/items', ({ query }) => ok(results.items(query)), { query: zodItemsQueryCoerced })
    .post('/users', ({ body }) => ok(results.created(body)), { body: zodCreateUser })
}
