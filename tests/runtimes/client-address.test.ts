/**
 * SPEC §14 "Client address" over real HTTP on Node (fw's server and @hono/node-server), Bun,
 * Deno and workerd, against tests/runtimes/fixtures/client-address.ts (`trustProxy:
 * ['127.0.0.1']`): requests sent from 127.0.0.1 come from the trusted proxy, requests sent from
 * 127.0.0.2 (also loopback) from an untrusted peer, whose forwarding headers change nothing.
 * `this.request.ip` is the address each runtime reports (Node's socket, Bun's `requestIP`, Deno's
 * `remoteAddr`, workerd's `CF-Connecting-IP`); a session cookie gets `Secure` and a same-origin
 * https login passes the CSRF check behind the trusted TLS proxy, and `secureHeaders()` sends HSTS
 * there only. The same with `trustProxy: { hops, header: 'forwarded' }` (RFC 7239) on Node, Bun
 * and Deno (`TRUST_HEADER=forwarded`).
 *
 *   npx vitest run tests/runtimes/client-address.test.ts
 *   FW_RUNTIMES=deno npx vitest run tests/runtimes/client-address.test.ts
 */
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseAnswer } from '../helpers/http'
import { groupCpuTime } from '../helpers/time'
import { runtimesFor, startServer, type Server } from './runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/client-address-server.ts'
const WORKER_ENTRY = 'tests/runtimes/fixtures/client-address-worker.ts'
const TRUSTED = '127.0.0.1'
const UNTRUSTED = '127.0.0.2'

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  ms: number
}

/** One request from the local address `from` (a fresh connection each time). */
function send(origin: string, path: string, from: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${path}`, { method: options.method ?? 'GET', headers: options.headers, localAddress: from, agent: false, timeout: 10_000 }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, ms: performance.now() - started }))
    })
    request.on('timeout', () => request.destroy(new Error('no answer within 10 s')))
    request.on('error', reject)
    request.end()
  })
}

/**
 * GET `path` with `headers` from `from` in one write on a raw connection, the answer read until
 * the server closes: a server that refuses an oversized head answers, then resets the connection
 * with request bytes unread (tests/helpers/http.ts).
 */
function sendOnce(origin: string, path: string, from: string, headers: Record<string, string>): Promise<Answer> {
  const started = performance.now()
  const url = new URL(origin)
  const head = [`GET ${path} HTTP/1.1`, `host: ${url.host}`, 'connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)]
  return new Promise((resolve, reject) => {
    const received: Buffer[] = []
    const socket = net.connect({ port: Number(url.port), host: url.hostname, localAddress: from })
    const timer = setTimeout(() => socket.destroy(new Error('no answer within 10 s')), 10_000)
    let settled = false
    /** Resolve with a complete answer (a server may keep the connection a while after it). */
    const settle = (closed: boolean, failure?: Error): void => {
      if (settled) return
      const answer = parseAnswer(Buffer.concat(received), closed)
      if (answer === undefined) {
        if (closed) reject(failure ?? new Error('the connection ended without an answer'))
        return
      }
      settled = true
      clearTimeout(timer)
      socket.destroy()
      void answer.text().then((body) => resolve({ status: answer.status, headers: Object.fromEntries(answer.headers), body, ms: performance.now() - started }))
    }
    socket.on('connect', () => void socket.write(`${head.join('\r\n')}\r\n\r\n`))
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk)
      settle(false)
    })
    socket.on('error', (error) => settle(true, error))
    socket.on('close', () => settle(true))
  })
}

const forged = { 'x-forwarded-for': '6.6.6.6, 198.51.100.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example', forwarded: 'for=6.6.6.6;proto=https' }

describe.each(runtimesFor(['node', 'bun', 'deno', 'workerd']))('the client address over HTTP on $label', (runtime) => {
  let server: Server
  let host: string
  beforeAll(async () => {
    // fw-api/auth's bundle carries postgres.js's Workers build (node:buffer): nodejs_compat, as tests/auth/workerd.test.ts
    const workers = runtime.name === 'workerd'
    server = await startServer(runtime, workers ? WORKER_ENTRY : ENTRY, START_MS, workers ? { WORKERD_FLAGS: 'nodejs_compat' } : {})
    host = new URL(server.origin).host
  })
  afterAll(async () => {
    await server?.stop()
  })

  const who = async (from: string, headers: Record<string, string> = {}) => {
    const answer = await send(server.origin, '/api/who', from, { headers })
    expect(answer.status, answer.body).toBe(200)
    return JSON.parse(answer.body) as { ip: string | null; protocol: string; secure: boolean; host: string; origin: string }
  }

  it('this.request.ip is the peer the runtime reports', async () => {
    expect(await who(TRUSTED)).toEqual({ ip: TRUSTED, protocol: 'http', secure: false, host, origin: `http://${host}` })
    expect((await who(UNTRUSTED)).ip).toBe(UNTRUSTED)
  })

  it('an untrusted peer: forged X-Forwarded-* and Forwarded change nothing', async () => {
    expect(await who(UNTRUSTED, forged)).toEqual({ ip: UNTRUSTED, protocol: 'http', secure: false, host, origin: `http://${host}` })
  })

  it('the trusted proxy: the client it names (the rightmost untrusted hop), its protocol and host', async () => {
    expect(await who(TRUSTED, forged)).toEqual({ ip: '198.51.100.7', protocol: 'https', secure: true, host: 'shop.example', origin: 'https://shop.example' })
  })

  it('secureHeaders(): HSTS behind the trusted TLS proxy only, never for a forged https from an untrusted peer', async () => {
    const hsts = async (from: string, headers: Record<string, string>): Promise<string | undefined> => {
      const answer = await send(server.origin, '/api/who', from, { headers })
      expect(answer.status, answer.body).toBe(200)
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      return answer.headers['strict-transport-security']
    }
    const sent = 'max-age=15552000; includeSubDomains'
    expect(await hsts(TRUSTED, { 'x-forwarded-proto': 'https' })).toBe(sent)
    // the service reads X-Forwarded-* (the default family): a Forwarded the proxy passed through is the client's
    expect(await hsts(TRUSTED, { forwarded: 'for=198.51.100.7;proto=https' })).toBeUndefined()
    expect(await hsts(TRUSTED, {})).toBeUndefined()
    expect(await hsts(TRUSTED, { 'x-forwarded-proto': 'http' })).toBeUndefined()
    expect(await hsts(UNTRUSTED, forged)).toBeUndefined()
    expect(await hsts(UNTRUSTED, { 'x-forwarded-proto': 'https' })).toBeUndefined()
  })

  it('behind the trusted TLS proxy a session login from the same https origin passes the CSRF check and its cookie is Secure', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example', origin: 'https://shop.example' }
    const answer = await send(server.origin, '/api/login', TRUSTED, { method: 'POST', headers })
    expect(answer.status, answer.body).toBe(200)
    const cookie = String(answer.headers['set-cookie'])
    expect(cookie).toMatch(/^sessionid=[A-Za-z0-9_-]{43};/)
    expect(cookie).toMatch(/; Secure\b/)
  })

  it('the same headers from an untrusted peer: the https origin is cross-site (403) and a plain login gets no Secure', async () => {
    const headers = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example', origin: 'https://shop.example' }
    const refused = await send(server.origin, '/api/login', UNTRUSTED, { method: 'POST', headers })
    expect(refused.status, refused.body).toBe(403)
    expect(refused.headers['set-cookie']).toBeUndefined()
    const plain = await send(server.origin, '/api/login', UNTRUSTED, { method: 'POST', headers: { 'x-forwarded-proto': 'https', origin: `http://${host}` } })
    expect(plain.status, plain.body).toBe(200)
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/)
  })

  it('400 forged Forwarded elements and 400 X-Forwarded-For entries (within a 16 KB head): the trusted hop\'s client, fast', async () => {
    const elements = Array.from({ length: 400 }, (_, index) => `for=10.0.${index >> 8}.${index & 255}`).join(',')
    const entries = Array.from({ length: 400 }, (_, index) => `10.1.${index >> 8}.${index & 255}`).join(',')
    for (const from of [TRUSTED, UNTRUSTED]) {
      const { value: answer, ms } = await groupCpuTime(server.pid, () => send(server.origin, '/api/who', from, { headers: { forwarded: elements, 'x-forwarded-for': `${entries}, 198.51.100.7` } }))
      expect(answer.status, answer.body.slice(0, 200)).toBe(200)
      expect(JSON.parse(answer.body).ip).toBe(from === TRUSTED ? '198.51.100.7' : UNTRUSTED)
      if (ms !== undefined) expect(ms).toBeLessThan(250)
    }
  })

  it('a 10,000-entry X-Forwarded-For is answered fast: a 4xx from the server, or the client the chain names', async () => {
    const chain = Array.from({ length: 10_000 }, (_, index) => `10.${(index >> 8) & 255}.${index & 255}.1`).join(',')
    for (const from of [TRUSTED, UNTRUSTED]) {
      const { value: answer, ms } = await groupCpuTime(server.pid, () => sendOnce(server.origin, '/api/who', from, { 'x-forwarded-for': `${chain},198.51.100.7` }))
      expect(answer.status, answer.body.slice(0, 200)).toBeLessThan(500)
      // the server's CPU (its process group): a linear parse of 64 entries, 10× and more of margin
      if (ms !== undefined) expect(ms).toBeLessThan(250)
      // a hang or blow-up guard, wide for a busy machine (a linear parse answers in a few ms)
      expect(answer.ms, `${answer.status} ${answer.body.slice(0, 200)}`).toBeLessThan(5000)
      if (answer.status === 200) expect(JSON.parse(answer.body).ip).toBe(from === TRUSTED ? '198.51.100.7' : UNTRUSTED)
      else expect([400, 413, 431]).toContain(answer.status)
    }
  })

  it('rateLimit per client address: 429 with Retry-After and RateLimit headers past the limit; each forwarded client counted apart', async () => {
    const statuses: number[] = []
    for (let n = 0; n < 3; n++) {
      const answer = await send(server.origin, '/api/limited/hello', UNTRUSTED, { headers: { 'x-forwarded-for': `203.0.113.${n}` } })
      statuses.push(answer.status)
      expect(answer.headers['ratelimit-policy']).toBe('"default";q=2;w=60')
      expect(answer.headers.ratelimit).toMatch(new RegExp(`^"default";r=${Math.max(0, 1 - n)};t=\\d+$`))
      if (answer.status === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
      else expect(JSON.parse(answer.body)).toBe(UNTRUSTED)
    }
    expect(statuses).toEqual([200, 200, 429])
    // behind the trusted proxy each client it names has its own count
    for (const client of ['198.51.100.1', '198.51.100.2']) {
      const answer = await send(server.origin, '/api/limited/hello', TRUSTED, { headers: { 'x-forwarded-for': client } })
      expect(answer.status, answer.body).toBe(200)
      expect(JSON.parse(answer.body)).toBe(client)
    }
  })

  it('@limiter.endpoint: a limit keyed on the endpoint\'s params counts per article slug, whoever asks', async () => {
    const first = await send(server.origin, '/api/article/hello', UNTRUSTED)
    expect(first.status, first.body).toBe(200)
    expect(first.headers.ratelimit).toMatch(/^"per-slug";r=0;t=\d+$/)
    const again = await send(server.origin, '/api/article/hello', TRUSTED, { headers: { 'x-forwarded-for': '198.51.100.9' } })
    expect(again.status, again.body).toBe(429)
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0)
    expect((await send(server.origin, '/api/article/other', UNTRUSTED)).status).toBe(200)
    expect((await send(server.origin, `/api/article/${'x'.repeat(41)}`, UNTRUSTED)).status).toBe(400)
  })
})

describe.each(runtimesFor(['node', 'bun', 'deno']))('trustProxy reading RFC 7239 Forwarded over HTTP on $label', (runtime) => {
  let server: Server
  let host: string
  beforeAll(async () => {
    server = await startServer(runtime, ENTRY, START_MS, { TRUST_HEADER: 'forwarded' })
    host = new URL(server.origin).host
  })
  afterAll(async () => {
    await server?.stop()
  })

  const who = async (from: string, headers: Record<string, string>) => {
    const answer = await send(server.origin, '/api/who', from, { headers })
    expect(answer.status, answer.body).toBe(200)
    return { ...(JSON.parse(answer.body) as Record<string, unknown>), hsts: answer.headers['strict-transport-security'] !== undefined }
  }
  const plain = (ip: string) => ({ ip, protocol: 'http', secure: false, host, origin: `http://${host}`, hsts: false })

  it('the trusted proxy\'s Forwarded element names the client, its protocol and host; what the client wrote further left is never read', async () => {
    const forwarded = 'for=6.6.6.6;proto=http;host=evil.example, for=198.51.100.7;proto=https;host=shop.example'
    expect(await who(TRUSTED, { forwarded })).toEqual({ ip: '198.51.100.7', protocol: 'https', secure: true, host: 'shop.example', origin: 'https://shop.example', hsts: true })
  })

  it('an untrusted peer\'s Forwarded, and X-Forwarded-* the proxy passed through, change nothing', async () => {
    expect(await who(UNTRUSTED, forged)).toEqual(plain(UNTRUSTED))
    const { forwarded: _, ...passedThrough } = forged
    expect(await who(TRUSTED, passedThrough)).toEqual(plain(TRUSTED))
  })
})
