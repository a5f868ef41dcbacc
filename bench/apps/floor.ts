/**
 * The floor: a hand-written fetch handler doing the same work as the fw app
 * (same valibot schemas, same conversion, same envelope), with nothing generic.
 */
import * as v from 'valibot'
import { badBodyMessage, CreateUser, extraRoutes, ItemsQuery, results, uploadSchema, userIdRegex } from '../schemas'

const Upload = uploadSchema(v.instance(File))
const abortEarly = { abortEarly: true } as const
const JSON_HEADERS = { 'content-type': 'application/json' }
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

const ok = (value: unknown): Response => new Response(`{"data":${JSON.stringify(value)},"msg":""}`, { headers: JSON_HEADERS })
const fail = (status: number, message: string): Response =>
  new Response(`{"data":null,"msg":${JSON.stringify(message)}}`, { status, headers: JSON_HEADERS })

function toInt(value: string | undefined): unknown {
  if (value === undefined || !NUMBER.test(value)) return value
  return Math.trunc(Number(value))
}

/** `page` and `limit` from a raw query string. */
function itemsQuery(search: string): { page?: string; limit?: string } {
  const out: { page?: string; limit?: string } = {}
  for (const pair of search.split('&')) {
    const eq = pair.indexOf('=')
    const key = eq < 0 ? pair : pair.slice(0, eq)
    const value = eq < 0 ? '' : pair.slice(eq + 1)
    if (key === 'page' && out.page === undefined) out.page = decodeURIComponent(value.replace(/\+/g, ' '))
    else if (key === 'limit' && out.limit === undefined) out.limit = decodeURIComponent(value.replace(/\+/g, ' '))
  }
  return out
}

type Handler = (request: Request, search: string, param?: string) => Response | Promise<Response>

export function createFloor(extra = 100): (request: Request) => Promise<Response> {
  const staticGet = new Map<string, Handler>()
  const dynamicGet = new Map<string, Handler>()
  for (const route of extraRoutes(extra)) {
    const segment = route.path.slice(1, route.path.indexOf('/', 1))
    if (route.param) dynamicGet.set(segment, (_request, _search, id) => ok({ id }))
    else staticGet.set(route.path, () => ok(route.path))
  }
  staticGet.set('/', () => ok(results.ping()))
  staticGet.set('/items', (_request, search) => {
    const raw = itemsQuery(search)
    const parsed = v.safeParse(ItemsQuery, { page: toInt(raw.page), limit: toInt(raw.limit) }, abortEarly)
    if (!parsed.success) return fail(400, badBodyMessage('query', parsed.issues[0]))
    return ok(results.items(parsed.output))
  })

  const createUser = async (request: Request): Promise<Response> => {
    if (!(request.headers.get('content-type') ?? '').startsWith('application/json')) return fail(415, 'UnsupportedMediaType')
    let body: unknown
    try {
      body = JSON.parse(await request.text())
    } catch {
      return fail(400, 'BadRequest: invalid JSON body')
    }
    const parsed = v.safeParse(CreateUser, body, abortEarly)
    if (!parsed.success) return fail(400, badBodyMessage('user', parsed.issues[0]))
    return ok(results.created(parsed.output))
  }

  const upload = async (request: Request): Promise<Response> => {
    const form = await request.formData()
    const parsed = v.safeParse(Upload, { title: form.get('title') ?? undefined, file: form.get('file') ?? undefined }, abortEarly)
    if (!parsed.success) return fail(400, badBodyMessage('form', parsed.issues[0]))
    return ok(results.uploaded(parsed.output))
  }

  return async (request) => {
    const url = request.url
    const start = url.indexOf('/', url.indexOf('//') + 2)
    const q = url.indexOf('?', start)
    const path = q < 0 ? url.slice(start) : url.slice(start, q)
    const search = q < 0 ? '' : url.slice(q + 1)
    const method = request.method
    if (method === 'GET') {
      const handler = staticGet.get(path)
      if (handler) return handler(request, search)
      if (path.startsWith('/users/')) {
        const id = path.slice(7)
        if (id.includes('/')) return fail(404, 'NotFound')
        if (!userIdRegex.test(id)) return fail(400, `BadRequest: parse item: ['id'] failed: invalid value`)
        return ok(results.user(id))
      }
      const slash = path.indexOf('/', 1)
      if (slash > 0 && path.indexOf('/', slash + 1) < 0) {
        const dynamic = dynamicGet.get(path.slice(1, slash))
        if (dynamic) return dynamic(request, search, path.slice(slash + 1))
      }
      return fail(404, 'NotFound')
    }
    if (method === 'POST') {
      if (path === '/users') return createUser(request)
      if (path === '/upload') return upload(request)
    }
    return fail(404, 'NotFound')
  }
}
