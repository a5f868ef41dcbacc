/**
 * A stand-in for an fw service's fetch handler (the real `Fw` is wired by the
 * lead): it answers the contract's calc/time examples under `route`, plus an
 * echo and a cookie endpoint, in fw's envelope.
 */
import type { FetchHandler } from '../../src/types'

const json = (data: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json', ...headers } })

const envelope = (data: unknown, msg = '', status = 200): Response => json({ data, msg }, status)

/** Parse a query value as an int the way fw's converter does (`1.5` → 1); undefined if not a number. */
function toInt(value: string | null): number | undefined {
  if (value === null || !/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value)) return undefined
  return Math.trunc(Number(value))
}

/**
 * The stand-in. Endpoints (all below `route`):
 * - `GET /calc/add?a=&b=` → `{"data":a+b,"msg":""}` or the BadRequest of SPEC §4
 * - `GET /time` → `{"data":"2025-04-15 16:38:30","msg":""}`
 * - `POST /echo` → `{"data":{"body":<text>,"type":<content-type>,"url":<path>},"msg":""}`
 * - `GET /cookies` → two Set-Cookie headers
 * - `GET /stream` → a body in three chunks
 * - anything else → 404 `NotFound`
 */
export function standIn(route = ''): FetchHandler & { calls: number } {
  const handler = async (request: Request): Promise<Response> => {
    handler.calls++
    const url = new URL(request.url)
    const path = url.pathname.startsWith(route) ? url.pathname.slice(route.length) || '/' : url.pathname
    if (!url.pathname.startsWith(route)) return envelope(null, `NotFound: ${url.pathname}`, 404)
    if ((request.method === 'GET' || request.method === 'HEAD') && path === '/calc/add') {
      for (const name of ['a', 'b']) {
        if (toInt(url.searchParams.get(name)) === undefined) {
          const value = url.searchParams.get(name) ?? ''
          return envelope(null, `BadRequest: parse item: ['${name}'] failed: invalid number: '${value}'`, 400)
        }
      }
      return envelope((toInt(url.searchParams.get('a')) ?? 0) + (toInt(url.searchParams.get('b')) ?? 0))
    }
    if (request.method === 'GET' && path === '/time') return envelope('2025-04-15 16:38:30')
    if (request.method === 'POST' && path === '/echo') {
      const body = await request.text()
      return envelope({ body, type: request.headers.get('content-type'), url: url.pathname + url.search })
    }
    if (request.method === 'GET' && path === '/cookies') {
      const headers = new Headers({ 'content-type': 'application/json' })
      headers.append('set-cookie', 'a=1; Path=/')
      headers.append('set-cookie', 'b=2; Path=/; HttpOnly')
      return new Response(JSON.stringify({ data: 'ok', msg: '' }), { headers })
    }
    if (request.method === 'GET' && path === '/stream') {
      const parts = ['one,', 'two,', 'three']
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = parts.shift()
          if (next === undefined) return controller.close()
          await new Promise((resolve) => setTimeout(resolve, 5))
          controller.enqueue(new TextEncoder().encode(next))
        },
      })
      return new Response(body, { headers: { 'content-type': 'text/plain' } })
    }
    return envelope(null, `NotFound: ${url.pathname}`, 404)
  }
  handler.calls = 0
  return handler
}

/** Reject after `ms` — a guard against bodies that hang. */
export function within<T>(promise: Promise<T>, ms = 3000, what = 'request'): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms)),
  ])
}

/** GET/POST against a running server, returning status, headers and text. */
export async function call(
  base: string,
  path: string,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const response = await within(fetch(base + path, init), 5000, `${init.method ?? 'GET'} ${path}`)
  const text = await within(response.text(), 5000, `body of ${path}`)
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) }
}

/** The contract's cases, for any server whose fw lives under `route`. */
export async function contractCases(base: string, route: string): Promise<void> {
  const { expect } = await import('vitest')
  const ok = await call(base, `${route}/calc/add?a=1.5&b=2.1`)
  expect(ok.status).toBe(200)
  expect(ok.json()).toEqual({ data: 3, msg: '' })
  const bad = await call(base, `${route}/calc/add?a=1&b=x`)
  expect(bad.status).toBe(400)
  expect(bad.json()).toEqual({ data: null, msg: "BadRequest: parse item: ['b'] failed: invalid number: 'x'" })
  const time = await call(base, `${route}/time`)
  expect(time.json()).toEqual({ data: '2025-04-15 16:38:30', msg: '' })
  const echo = await call(base, `${route}/echo?q=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'hello' }),
  })
  expect(echo.status).toBe(200)
  expect(echo.json()).toEqual({ data: { body: '{"title":"hello"}', type: 'application/json', url: `${route}/echo?q=1` }, msg: '' })
  const cookies = await call(base, `${route}/cookies`)
  expect(cookies.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly'])
  const stream = await call(base, `${route}/stream`)
  expect(stream.text).toBe('one,two,three')
}

/**
 * Serve apps on 127.0.0.1 (free port) for the tests of one file, closing them
 * after each test. Returns `serve(app)` → the base URL.
 */
export async function loopbackServers(): Promise<(app: unknown) => Promise<string>> {
  const { afterEach } = await import('vitest')
  const { runBackend } = await import('../../src/adapters')
  const servers: { close(): Promise<void> }[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()))
  })
  return async (app) => {
    const server = await runBackend(app, standIn(), { port: 0, hostname: '127.0.0.1' })
    servers.push(server)
    return `http://127.0.0.1:${server.port}`
  }
}
