/**
 * One conformance case sent to a server, its answer kept for comparing two
 * servers (node-paths.test.ts, tests/adapters/native-attach.test.ts): status,
 * headers (all but those that differ per response) and body bytes; and the
 * raw bytes a server writes for one request.
 */
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import type { Case, FormPart } from './cases'
import { startServer, type Runtime, type Server } from './runtimes'

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

export interface Answer {
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

export async function answer(origin: string, c: Case): Promise<Answer> {
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
export function raw(origin: string, request: string): Promise<string> {
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


/** A server to start beside another: its entry, and its own runtime (`node-web`) or environment. */
export interface Other {
  entry: string
  runtime?: Runtime
  env?: Record<string, string>
}

/**
 * Start two servers of `runtime`: `first` (an entry: a path from the project
 * root) and `second`; both stopped again if either fails to start.
 */
export async function startPair(runtime: Runtime, first: string, second: Other, timeoutMs: number): Promise<[Server, Server]> {
  const [a, b] = await Promise.allSettled([startServer(runtime, first, timeoutMs), startServer(second.runtime ?? runtime, second.entry, timeoutMs, second.env)])
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value]
  await Promise.all([a, b].map((started) => (started.status === 'fulfilled' ? started.value.stop() : undefined)))
  throw [a, b].find((started): started is PromiseRejectedResult => started.status === 'rejected')?.reason
}

/** An answer as it was on the wire: status, headers, body bytes, nothing decoded. */
export interface WireAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** `method url` with `headers` (and a JSON `body`), read raw: node:http decodes nothing; 20 s bound. */
export function wireAnswer(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, agent: false, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' } }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }))
      answer.on('error', reject)
    })
    sent.setTimeout(20_000, () => sent.destroy(new Error(`${method} ${url}: no answer in 20 s`)))
    sent.on('error', reject)
    sent.end(body)
  })
}
