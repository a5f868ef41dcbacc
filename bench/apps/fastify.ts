/** Fastify (loopback runs only): the same endpoints with the equivalent JSON-schema validation (Ajv). */
import Fastify, { type FastifyInstance } from 'fastify'
import { extraRoutes, jsonSchemas, results, type CreateUserInput } from '../schemas'

const ok = (value: unknown) => ({ data: value, msg: '' })

export function createFastify(extra = 100): FastifyInstance {
  return fastifyRoutes(Fastify({ logger: false }), extra)
}

/**
 * The endpoints on `app` (one made apart, e.g. with a plugin registered and awaited first: a
 * Fastify plugin hooking routes, as @fastify/rate-limit does, sees only those declared after it).
 */
export function fastifyRoutes(app: FastifyInstance, extra = 100): FastifyInstance {
  for (const route of extraRoutes(extra)) {
    if (route.param) app.get(route.path.replace('{id}', ':id'), async (req) => ok({ id: (req.params as { id: string }).id }))
    else app.get(route.path, async () => ok(route.path))
  }
  app.setErrorHandler((error: { statusCode?: number; message: string }, _req, reply) => {
    void reply.status(error.statusCode ?? 500).send({ data: null, msg: `BadRequest: ${error.message}` })
  })
  app.get('/', async () => ok(results.ping()))
  app.get('/items', { schema: { querystring: jsonSchemas.itemsQuery } }, async (req) => ok(results.items(req.query as { page: number; limit: number })))
  app.get('/users/:id', { schema: { params: jsonSchemas.userParams } }, async (req) => ok(results.user((req.params as { id: string }).id)))
  app.post('/users', { schema: { body: jsonSchemas.createUser } }, async (req) => ok(results.created(req.body as CreateUserInput)))
  return app
}
