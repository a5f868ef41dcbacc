/**
 * Node's two ways of serving the same service answer alike, byte for byte:
 * the native path (`service.run()`'s default: a Request read straight from
 * node:http, answers written straight to it) and the Web path
 * (`FW_NODE_SERVER=web`: fw's fetch under @hono/node-server). Every
 * conformance case (cases.ts, cases-hooks.ts) goes to both servers of
 * examples/server.ts; status, headers (all but `date` and the request id) and
 * body bytes must be the same. A raw-socket case checks the wire bytes too.
 *
 *   npx vitest run tests/runtimes/node-paths.test.ts
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cases, type Case, type FormPart } from './cases'
import { hookCases } from './cases-hooks'
import { runtimesFor, startServer, type Server } from './runtimes'

const START_MS = 60_000
const REQUEST_MS = 10_000
/** Headers that differ per response, not per path (the example's plugins.RequestId makes a new id each time). */
const PER_RESPONSE = new Set(['date', 'x-request-id'])

function body(c: Case): BodyInit | undefined {
  if (c.json !== undefined) return JSON.stringify(c.json)
  if (c.form) {
    const form = new FormData()
    for (const [key, part] of c.form as [string, FormPart][]) {
      if (typeof part === 'string') form.append(key, part)
      else form.append(key, new Blob([part.name], { type: part.type ?? 'application/octet-stream' }), part.file)
    }
    return form
  }
  if (c.chunked && c.body !== undefined) {
    const bytes = typeof c.body === 'string' ? new TextEncoder().encode(c.body) : c.body
    return new ReadableStream({
      start(controller) {
        controller.enqueue(bytes)
        controller.close()
      },
    })
  }
  return c.body
}

interface Answer {
  status: number
  headers: [string, string][]
  body: number[]
}

/**
 * A request on a keep-alive connection the server is closing (its lingering
 * close after a 413 answered before the body was read) fails with a transport
 * error, on either path, now and then under load: such a send is tried again
 * (twice at most); any HTTP answer counts.
 */
async function sent3(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send()
    } catch (error) {
      const code = String((error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined)?.code)
      if (attempt >= 3 || !['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes(code)) throw error
    }
  }
}

async function answer(origin: string, c: Case): Promise<Answer> {
  const headers = new Headers(c.headers)
  if (c.json !== undefined) headers.set('content-type', 'application/json')
  // A form is sent as bytes with its own Content-Type (so a retry resends the same body).
  const form = c.form ? new Response(body(c)) : undefined
  if (form) headers.set('content-type', form.headers.get('content-type') ?? '')
  const sent = form ? new Uint8Array(await form.arrayBuffer()) : undefined
  // built per attempt: a stream body is used up by the first
  const init = (): RequestInit & { duplex?: 'half' } => ({ method: c.method, headers, body: sent ?? body(c), redirect: 'manual', signal: AbortSignal.timeout(REQUEST_MS), ...(c.chunked ? { duplex: 'half' } : {}) })
  const response = await sent3(() => fetch(origin + c.path, init()))
  const bytes = new Uint8Array(await response.arrayBuffer())
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !PER_RESPONSE.has(name)),
    body: [...bytes],
  }
}

/** The raw bytes a server answers to `request` (the connection closed after one answer). */
function raw(origin: string, request: string): Promise<string> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request))
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('end', () => resolve(text.replace(/^(Date|X-Request-Id): .*\r\n/gim, '')))
    socket.on('error', reject)
    socket.setTimeout(REQUEST_MS, () => socket.destroy(new Error('no answer')))
  })
}

describe.each(runtimesFor(['node']).filter((runtime) => runtime.label === 'node'))('Node: native path and Web path', (runtime) => {
  let native: Server | undefined
  let web: Server | undefined

  beforeAll(async () => {
    const [a, b] = await Promise.allSettled([startServer(runtime, runtime.example, START_MS), startServer(runtime, runtime.example, START_MS, { FW_NODE_SERVER: 'web' })])
    if (a.status === 'fulfilled') native = a.value
    if (b.status === 'fulfilled') web = b.value
    if (a.status === 'rejected') throw a.reason
    if (b.status === 'rejected') throw b.reason
  }, START_MS + 10_000)

  afterAll(async () => {
    await Promise.all([native?.stop(), web?.stop()])
  }, 15_000)

  it.each([...cases, ...hookCases])('$method $path: $name', async (c) => {
    if (!native || !web) throw new Error('a Node server did not start')
    const [a, b] = await Promise.all([answer(native.origin, c), answer(web.origin, c)])
    expect(a, `${c.method} ${c.path}: native (left) and Web (right) paths differ`).toEqual(b)
  })

  it.each([
    ['a JSON answer', 'GET /api/ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['a 404', 'GET /nothing/here HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['a bad Host', 'GET /api/ping HTTP/1.1\r\nHost: a/b\r\nConnection: close\r\n\r\n'],
    ['no Host (HTTP/1.0)', 'GET /api/ping HTTP/1.0\r\n\r\n'],
    ['a dot segment', 'GET /api/x/../ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['invalid JSON', 'POST /api/calc/add HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\nConnection: close\r\n\r\n{"a":'],
    ['a HEAD', 'HEAD /api/calc/add?a=1&b=2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['an event stream', 'GET /api/hooks/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'],
    ['a 405', 'PATCH /api/ping HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'],
    ['a chunked JSON body', 'POST /api/body/json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n'],
    ['repeated headers and cookies', 'GET /api/secure/kebab HTTP/1.1\r\nHost: x\r\nX-Api-Key: a\r\nX-Api-Key: b\r\nCookie: a=1\r\nCookie: b=2\r\nConnection: close\r\n\r\n'],
  ])('the same bytes on the wire: %s', async (_name, request) => {
    if (!native || !web) throw new Error('a Node server did not start')
    const [a, b] = await Promise.all([raw(native.origin, request), raw(web.origin, request)])
    // the same header lines (node:http may order its own differently) and the same body
    const parts = (text: string): { head: string[]; body: string } => {
      const [head = '', ...rest] = text.split('\r\n\r\n')
      return { head: head.split('\r\n').map((line) => line.toLowerCase()).sort(), body: rest.join('\r\n\r\n') }
    }
    expect(a).toMatch(/^HTTP\/1\.\d \d{3}/)
    expect(parts(a)).toEqual(parts(b))
  })
})
