/**
 * The one schema module every benchmark app uses: the valibot schemas (fw,
 * the floor and Hono), the equivalent JSON schemas (Fastify), the envelope
 * and the request fixtures of E0–E5.
 */
import * as v from 'valibot'

/** E1 `GET /items?page=2&limit=50`: ints, converted from query strings. */
export const page = v.pipe(v.number(), v.integer(), v.minValue(1))
export const limit = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))
export const ItemsQuery = v.object({ page, limit })

/** E2 `GET /users/{id}`: the id must match this regex (whole value). */
export const USER_ID = '[0-9]+'
export const userIdRegex = new RegExp(`^(?:${USER_ID})$`)

/** E3 `POST /users`: a 5-field JSON body. */
export const CreateUser = v.object({
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  email: v.pipe(v.string(), v.email()),
  age: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(150)),
  admin: v.boolean(),
  tags: v.pipe(v.array(v.string()), v.maxLength(10)),
})
export type CreateUserInput = v.InferOutput<typeof CreateUser>

/** E4 multipart: a text field and a file; the file schema is the app's own (fw: `file.File`, others: `v.instance(File)`). */
export const title = v.pipe(v.string(), v.minLength(1), v.maxLength(100))
export function uploadSchema<F extends v.GenericSchema>(fileSchema: F) {
  return v.object({ title, file: fileSchema })
}

/** The envelope all apps answer with. */
export const RESULT_KEY = 'data'
export const MESSAGE_KEY = 'msg'

/** What each endpoint returns (shared so the handlers do identical work). */
export const results = {
  ping: () => 'pong',
  items: (query: { page: number; limit: number }) => ({ page: query.page, limit: query.limit, total: 1000 }),
  user: (id: string) => ({ id, name: `user-${id}` }),
  created: (user: CreateUserInput) => ({ id: 1, ...user }),
  uploaded: (form: { title: string; file: File }) => ({ title: form.title, name: form.file.name, size: form.file.size, type: form.file.type }),
}

/** fw's 400 message for a body field that fails valibot (the floor and Hono reproduce it). */
export function badBodyMessage(param: string, issue: { path?: { key: unknown }[]; message: string }): string {
  let out = `BadRequest: parse item: ['${param}'] failed: `
  for (const item of issue.path ?? []) out += `parse item: [${typeof item.key === 'number' ? item.key : `'${String(item.key)}'`}] failed: `
  return out + issue.message
}

/** Extra routes registered before the measured ones: half static, half with a param. */
export function extraRoutes(count: number): { path: string; template: string; param?: string }[] {
  const out: { path: string; template: string; param?: string }[] = []
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) out.push({ path: `/extra${i}/list`, template: `extra${i}/list` })
    else out.push({ path: `/extra${i}/{id}`, template: `extra${i}/{id}`, param: 'id' })
  }
  return out
}

/** JSON schemas for Fastify (same rules). */
export const jsonSchemas = {
  itemsQuery: {
    type: 'object',
    properties: { page: { type: 'integer', minimum: 1 }, limit: { type: 'integer', minimum: 1, maximum: 100 } },
    required: ['page', 'limit'],
  },
  userParams: { type: 'object', properties: { id: { type: 'string', pattern: `^(?:${USER_ID})$` } }, required: ['id'] },
  createUser: {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 64 },
      email: { type: 'string', format: 'email' },
      age: { type: 'integer', minimum: 0, maximum: 150 },
      admin: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
    },
    required: ['name', 'email', 'age', 'admin', 'tags'],
  },
} as const

/** Request fixtures. */
export const BASE = 'http://127.0.0.1'
export const userBody = JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', age: 36, admin: false, tags: ['math', 'engines'] })
export const invalidUserBody = JSON.stringify({ name: 'Ada Lovelace', email: 'not-an-email', age: 36, admin: false, tags: ['math'] })
export const BOUNDARY = '----fwbench7MA4YWxkTrZu0gW'
const fileContent = 'x'.repeat(1024)
export const multipartBody =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nquarterly report\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="report.txt"\r\nContent-Type: text/plain\r\n\r\n${fileContent}\r\n` +
  `--${BOUNDARY}--\r\n`

export interface Fixture {
  id: string
  label: string
  method: 'GET' | 'POST'
  path: string
  contentType?: string
  body?: string
  status: number
  /** `false`: no Content-Length header (a chunked upload, HTTP/2, any in-process `new Request(url, { body })`) */
  sized?: boolean
  /**
   * Called as `Bun.serve` / `Deno.serve` call their handler: `fetch(request, server)` with the
   * runtime's own second argument (captured from a real server), so fw knows the body is
   * framed by its Content-Length (Bun and Deno only).
   */
  served?: boolean
}

export const fixtures: Fixture[] = [
  { id: 'E0', label: 'GET / (ping)', method: 'GET', path: '/', status: 200 },
  { id: 'E1', label: 'GET /items?page=2&limit=50', method: 'GET', path: '/items?page=2&limit=50', status: 200 },
  { id: 'E2', label: 'GET /users/{id} (regex)', method: 'GET', path: '/users/12345', status: 200 },
  { id: 'E3', label: 'POST /users (5-field JSON)', method: 'POST', path: '/users', contentType: 'application/json', body: userBody, status: 200 },
  { id: 'E4', label: 'POST /upload (multipart, 1 KiB file)', method: 'POST', path: '/upload', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody, status: 200 },
  { id: 'E5', label: 'POST /users invalid (400)', method: 'POST', path: '/users', contentType: 'application/json', body: invalidUserBody, status: 400 },
]

/** Body fixtures also measured as served by Bun.serve / Deno.serve or delivered by the Workers platform (`E3s`). */
const SERVED = new Set(['E3', 'E4'])

/**
 * The in-process list: every fixture, each body fixture followed by its variant without
 * Content-Length (`E3u`), E3 and E4 also as `Bun.serve`/`Deno.serve` hand them over (`E3s`).
 */
export const inprocFixtures: Fixture[] = fixtures.flatMap((fixture) => {
  if (fixture.body === undefined) return [fixture]
  const out: Fixture[] = [fixture, { ...fixture, id: `${fixture.id}u`, label: `${fixture.label}, no Content-Length`, sized: false }]
  if (SERVED.has(fixture.id)) out.push({ ...fixture, id: `${fixture.id}s`, label: `${fixture.label}, as served (Bun.serve, Deno.serve, the Workers platform)`, served: true })
  return out
})

/**
 * A fresh Request for a fixture (bodies can be read once), with the headers an HTTP client sends
 * (Content-Length included unless `fixture.sized === false`).
 */
export function makeRequest(fixture: Fixture, base = BASE, cf?: object): Request {
  if (fixture.method === 'GET') return new Request(base + fixture.path)
  const headers: Record<string, string> = { 'content-type': fixture.contentType ?? '' }
  if (fixture.sized !== false) headers['content-length'] = String(byteLength(fixture.body ?? ''))
  const init: RequestInit & { cf?: object } = { method: 'POST', headers, body: fixture.body }
  // workerd: a Request carrying the platform's `cf` properties, as the platform delivers one
  if (cf !== undefined) init.cf = cf
  return new Request(base + fixture.path, init)
}

const encoder = new TextEncoder()
const lengths = new Map<string, number>()
function byteLength(text: string): number {
  let length = lengths.get(text)
  if (length === undefined) lengths.set(text, (length = encoder.encode(text).byteLength))
  return length
}
