/**
 * Serving guarantees over real HTTP on Node, Bun and Deno, against
 * tests/hostile/fixtures/service.ts. Raw sockets, so each test controls the
 * bytes (trickles, lies, aborts) and asserts both the answer and the time.
 *
 *   npx vitest run tests/hostile/runtimes.test.ts
 *   FW_RUNTIMES=bun npx vitest run tests/hostile/runtimes.test.ts
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 60_000
const ENTRY = 'tests/hostile/fixtures/server.ts'

interface Exchange {
  /** everything the server sent */
  text: string
  status: number
  /** ms until the server closed the connection (or until we gave up) */
  ms: number
  /** the server closed the connection (rather than the test giving up) */
  closed: boolean
  /** bytes the client managed to write */
  written: number
}

/**
 * Write `head` (and then `body` chunks, possibly forever) on a fresh
 * connection; resolve when the server closes it, or after `waitMs`.
 */
function exchange(origin: string, head: string, options: { body?: () => Uint8Array | string | undefined; intervalMs?: number; waitMs?: number; until?: (text: string) => boolean } = {}): Promise<Exchange> {
  const { port } = new URL(origin)
  const started = performance.now()
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1')
    let text = ''
    let written = 0
    let done = false
    const finish = (closed: boolean): void => {
      if (done) return
      done = true
      clearTimeout(giveUp)
      clearInterval(pump)
      socket.destroy()
      const status = Number(/^HTTP\/1\.1 (\d{3})/m.exec(text.replace(/^HTTP\/1\.1 100[^\n]*\n(\r?\n)?/, ''))?.[1] ?? 0)
      resolve({ text, status, ms: performance.now() - started, closed, written })
    }
    const giveUp = setTimeout(() => finish(false), options.waitMs ?? 5000)
    let pump: ReturnType<typeof setInterval> | undefined
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1')
      if (options.until?.(text)) finish(true)
    })
    socket.on('close', () => finish(true))
    socket.on('error', () => finish(true))
    socket.on('connect', () => {
      socket.write(head)
      const next = options.body
      if (!next) return
      const send = (): void => {
        // Write while the socket takes it; stop when the source is exhausted.
        for (;;) {
          const chunk = next()
          if (chunk === undefined || done || socket.destroyed) return
          written += typeof chunk === 'string' ? chunk.length : chunk.byteLength
          if (!socket.write(chunk)) return void socket.once('drain', send)
          if (options.intervalMs) return
        }
      }
      if (options.intervalMs) pump = setInterval(send, options.intervalMs)
      else send()
    })
  })
}

const request = (line: string, headers: Record<string, string | number> = {}): string =>
  `${line} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers).map(([k, value]) => `${k}: ${value}\r\n`).join('')}\r\n`
const complete = (text: string): boolean => {
  const end = text.indexOf('\r\n\r\n')
  if (end < 0 || /^HTTP\/1\.1 100/.test(text) && text.indexOf('\r\n\r\n', end + 4) < 0) return false
  const length = /content-length: (\d+)/i.exec(text)?.[1]
  return length !== undefined && text.length >= text.lastIndexOf('\r\n\r\n') + 4 + Number(length)
}
const bodyOf = (text: string): string => text.slice(text.lastIndexOf('\r\n\r\n') + 4)

describe.each(runtimesFor(['node', 'bun', 'deno'], servedByFw))('hostile HTTP on $label', (runtime) => {
  let server: Server
  beforeAll(async () => {
    server = await startServer(runtime, ENTRY, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })
  const send = (head: string, options?: Parameters<typeof exchange>[2]) => exchange(server.origin, head, { until: complete, ...options })

  it('a route template with three params in a segment answers an 8 KB path at once', async () => {
    const result = await send(request(`GET /api/r/${'-'.repeat(8 * 1024)}/x`))
    expect(result.status).toBe(404)
    // a hang guard: a few ms typically; a backtracking matcher takes minutes. 10 s leaves room for a
    // runtime's first (unoptimised) run on a busy machine (897 ms seen on Bun beside a loaded suite)
    expect(result.ms).toBeLessThan(10_000)
    const matched = await send(request(`GET /api/r/${'-'.repeat(8 * 1024)}`))
    expect(matched.status).toBe(200)
    expect(bodyOf(matched.text)).toBe(`[${8 * 1024 - 4},1,1]`)
    expect(matched.ms).toBeLessThan(10_000)
  })

  it('an error escaping the service is a bare 500: no page, stack, path or source', async () => {
    const result = await send(request('GET /boom'))
    expect(result.status).toBe(500)
    const body = bodyOf(result.text)
    expect(JSON.parse(body)).toMatchObject({ status: 500, detail: 'InternalServerError' })
    expect(result.text).not.toMatch(/secret|file:|\/work\/|at |<html/i)
  })

  it('a Response with a CR/LF header value is fw\'s hidden 500, not the server\'s error text', async () => {
    const result = await send(request('GET /api/crlf'))
    expect(result.status).toBe(500)
    expect(result.text).not.toMatch(/evil|Invalid character|Error:|TypeError/)
    expect(result.text).toContain('InternalServerError')
  })

  it('FilePathParam traversal → 400', async () => {
    for (const path of ['..%2f..%2fetc%2fpasswd', 'a%5c..%5c..%5cx', 'a%00b', '%2fetc%2fpasswd']) {
      const result = await send(request(`GET /api/file/${path}`))
      expect(result.status, path).toBe(400)
    }
    expect(bodyOf((await send(request('GET /api/file/docs/a.md'))).text)).toBe('"docs/a.md"')
  })

  it('a 7000-deep JSON header → 400, not a 500 or a 200', async () => {
    const result = await send(request('GET /api/params', { 'x-meta': '['.repeat(7000) + ']'.repeat(7000) }))
    expect(result.status).toBe(400)
    // a hang guard (a few ms typically); the client gives up at 5 s, where a hang would end
    expect(result.ms).toBeLessThan(4500)
  })

  it('Expect: 100-continue with an oversized Content-Length → 413, no 100 Continue', async () => {
    const result = await send(request('POST /api/json', { 'content-type': 'application/json', 'content-length': 10 * 1024 * 1024, expect: '100-continue' }))
    // Bun and Deno send `100 Continue` themselves before any handler runs (documented in docs/security.md).
    if (runtime.name === 'node') expect(result.text).not.toMatch(/^HTTP\/1\.1 100/)
    expect(result.status).toBe(413)
    // a hang guard (a few ms typically): a server waiting for the body would wait until the client gives up (5 s)
    expect(result.ms).toBeLessThan(4500)
  })

  it('Expect: 100-continue within the limit gets 100 Continue, then the answer', async () => {
    const body = '{"a":"x"}'
    const result = await exchange(server.origin, request('POST /api/json', { 'content-type': 'application/json', 'content-length': body.length, expect: '100-continue' }), {
      body: (() => {
        let sent = false
        return () => (sent ? undefined : ((sent = true), body))
      })(),
      until: complete,
    })
    expect(result.status).toBe(200)
    expect(bodyOf(result.text)).toBe(body)
  })

  // Bun reads and drops a body left unread by an early answer, then its idle timeout cuts the
  // connection about 4 s after the answer (2 s here, rounded to Bun's 4 s tick). A client still
  // pushing then gets a reset, and one that had not yet read the answer (a busy machine: status 0,
  // 167 MB written) loses it. On Bun this push goes to a server whose idle timeout outlasts it.
  it('a file part in a field that takes none is refused before it is read', async () => {
    const own = runtime.name === 'bun' ? await startServer(runtime, ENTRY, START_MS, { HOSTILE_IDLE_MS: '60000' }) : undefined
    try {
      await refusesFilePart(own ?? server)
    } finally {
      await own?.stop()
    }
  }, START_MS + 30_000)

  async function refusesFilePart(target: Server): Promise<void> {
    const head = '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b\r\nContent-Disposition: form-data; name="doc"; filename="big.bin"\r\n\r\n'
    let chunks = 0
    const result = await exchange(target.origin, request('POST /api/upload', { 'content-type': 'multipart/form-data; boundary=b', 'transfer-encoding': 'chunked' }), {
      body: () => {
        if (chunks++ > 4000) return undefined // at most ~256 MB (the answer comes after the first chunks)
        const data = chunks === 1 ? head : 'a'.repeat(64 * 1024)
        return `${data.length.toString(16)}\r\n${data}\r\n`
      },
      until: complete,
      waitMs: 20_000, // a busy machine can take seconds to answer; the 256 MB would take far longer
    })
    expect(result.status, `${result.text.slice(0, 300)} closed=${result.closed} written=${result.written}`).toBe(400)
    expect(bodyOf(result.text)).toContain('does not take a file')
    expect(result.ms).toBeLessThan(30_000) // a hang guard: refused after the first chunks, never the 256 MB
  }

  it('a file over file.Image({ maxSize }) inside multipart → 413', async () => {
    const body = `--b\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${'x'.repeat(2048)}\r\n--b--\r\n`
    const result = await exchange(server.origin, request('POST /api/avatar', { 'content-type': 'multipart/form-data; boundary=b', 'content-length': body.length }), {
      body: (() => {
        let sent = false
        return () => (sent ? undefined : ((sent = true), body))
      })(),
      until: complete,
    })
    expect(result.status).toBe(413)
  })

  // Deno drains an unread body to its end (a 1 GB push is taken whole) and gives a handler no
  // access to the connection: a documented gap (docs/security.md), not asserted here.
  it.skipIf(runtime.name === 'deno')('an endpoint that reads no body does not take a 1 GB push: the connection is closed', async () => {
    const chunk = new Uint8Array(256 * 1024)
    const result = await exchange(server.origin, request('POST /api/nobody', { 'content-type': 'application/octet-stream', 'content-length': 1024 ** 3 }), {
      body: () => chunk,
      waitMs: 10_000,
    })
    // Node answers, then closes; Bun refuses a Content-Length over its 128 MB maxRequestBodySize outright.
    if (runtime.name === 'node') expect(result.text).toMatch(/^HTTP\/1\.1 200/)
    expect(result.closed, `still open after ${result.written} bytes`).toBe(true)
    // what the client wrote before the server's FIN and pause: socket buffers plus what a busy event loop
    // reads before its answer is sent (40 MB seen under a full suite on 2 cores) — far from the 1 GB pushed
    expect(result.written).toBeLessThan(96 * 1024 * 1024)
    expect(result.ms).toBeLessThan(5000)
  })

  it('aborted bodies are no 500 and leave at most one short line each', async () => {
    const before = server.output().length
    for (let i = 0; i < 20; i++) {
      await exchange(server.origin, request('POST /api/json', { 'content-type': 'application/json', 'content-length': 1000 }), {
        body: (() => {
          let sent = false
          return () => (sent ? undefined : ((sent = true), '{"a":"'))
        })(),
        waitMs: 100,
      })
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
    const logged = server.output().slice(before)
    expect(logged).not.toMatch(/\n\s+at |Error:/)
    expect(logged.split('\n').filter(Boolean).length).toBeLessThanOrEqual(20)
    expect((await send(request('GET /api/params'))).status).toBe(200)
  })

  // Node: headers (1.5 s) and request (3 s) timeouts. Bun: only an idle timeout (2 s), which a
  // trickle keeps resetting. Deno.serve has no timeout option. See docs/security.md.
  it.skipIf(runtime.name !== 'node')('a header trickle is cut off by the headers timeout', async () => {
    let n = 0
    const trickle = await exchange(server.origin, 'GET /api/params HTTP/1.1\r\nHost: 127.0.0.1\r\n', { body: () => `x-${n++}: 1\r\n`, intervalMs: 300, waitMs: 10_000 })
    expect(trickle.closed, 'the server closed the trickling connection').toBe(true)
    expect(trickle.ms).toBeLessThan(4000)
    // A body trickle: the request timeout.
    const slow = await exchange(server.origin, request('POST /api/json', { 'content-type': 'application/json', 'content-length': 1000 }), { body: () => ' ', intervalMs: 300, waitMs: 10_000 })
    expect(slow.closed).toBe(true)
    expect(slow.ms).toBeLessThan(6000)
  })

  it.skipIf(runtime.name === 'deno')('a silent connection is closed', async () => {
    const silent = await exchange(server.origin, 'POST /api/json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10\r\n\r\n', { waitMs: 10_000 })
    expect(silent.closed).toBe(true)
    expect(silent.ms).toBeLessThan(6000)
  })
})
