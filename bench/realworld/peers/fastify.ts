/**
 * The benchmark's routes on Fastify 5, written as its docs show: JSON-schema
 * bodies and querystrings, a `preHandler` for the optional and the required
 * user, drizzle through ./conduit. JWT with jose directly: @fastify/jwt (a jose
 * wrapper in spirit; fast-jwt inside) is not installed here (bench/README.md).
 * Node only. `PORT`, `HOST`, `DATABASE_URL`, `JWT_SECRET`.
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { jwtVerify, SignJWT } from 'jose'
import { conduitData, type NewArticle, verifyPassword } from './conduit'

const data = conduitData(process.env.DATABASE_URL ?? '')
const secret = new TextEncoder().encode(process.env.JWT_SECRET ?? '')
const sign = (id: number) => new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(id)).setIssuedAt().setExpirationTime('30d').sign(secret)

declare module 'fastify' {
  interface FastifyRequest {
    userId?: number
  }
}
/** the user of a valid `Authorization: Token …`, else undefined (RealWorld's scheme) */
async function viewer(request: FastifyRequest): Promise<void> {
  const token = request.headers.authorization?.match(/^Token (\S+)$/)?.[1]
  if (!token) return
  try {
    request.userId = Number((await jwtVerify(token, secret, { algorithms: ['HS256'] })).payload.sub)
  } catch {
    // a stale or forged token reads as anonymous on public routes
  }
}
async function required(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await viewer(request)
  if (request.userId === undefined) await reply.code(401).send({ errors: { body: ['missing authorization credentials'] } })
}

const page = { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 }, offset: { type: 'integer', minimum: 0, default: 0 } } } as const
const text = { type: 'string', minLength: 1 } as const
const newArticle = {
  type: 'object',
  required: ['article'],
  properties: { article: { type: 'object', required: ['title', 'description', 'body'], properties: { title: text, description: text, body: text, tagList: { type: 'array', items: text, maxItems: 20 } } } },
} as const
const login = { type: 'object', required: ['user'], properties: { user: { type: 'object', required: ['email', 'password'], properties: { email: text, password: { type: 'string' } } } } } as const

const app = Fastify()
app.get<{ Querystring: { limit: number; offset: number } }>('/api/articles', { schema: { querystring: page }, preHandler: viewer }, (request) =>
  data.list({ viewer: request.userId, limit: request.query.limit, offset: request.query.offset }),
)
app.get<{ Querystring: { limit: number; offset: number } }>('/api/articles/feed', { schema: { querystring: page }, preHandler: required }, (request) =>
  data.list({ viewer: request.userId, feedOf: request.userId, limit: request.query.limit, offset: request.query.offset }),
)
app.get<{ Params: { slug: string } }>('/api/articles/:slug', { preHandler: viewer }, async (request, reply) => {
  const article = await data.article(request.params.slug, request.userId)
  return article ? { article } : reply.code(404).send({ errors: { body: ['article not found'] } })
})
app.post<{ Body: { article: NewArticle } }>('/api/articles', { schema: { body: newArticle }, preHandler: required }, async (request) => ({
  article: await data.create(request.userId ?? 0, request.body.article),
}))
app.get('/api/tags', async () => ({ tags: await data.tags() }))
app.post<{ Body: { user: { email: string; password: string } } }>('/api/users/login', { schema: { body: login } }, async (request, reply) => {
  const found = await data.userByEmail(request.body.user.email)
  if (!found || !(await verifyPassword(request.body.user.password, found.password))) return reply.code(422).send({ errors: { body: ['email or password is invalid'] } })
  return { user: { email: found.email, username: found.username, bio: found.bio, image: found.image, token: await sign(found.id) } }
})

await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' })
const address = app.server.address()
console.log(`listening on http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0} (node)`)
