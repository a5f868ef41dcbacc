/**
 * plugins/secure-headers now runs around mounted apps (`guardsMounts`), attacked over real HTTP
 * on Node (both paths), Bun, Deno and workerd against tests/runtimes/fixtures/secure-mounts.ts: a
 * mounted Hono app's own Content-Security-Policy and X-Frame-Options win (as helmet and Hono's
 * secureHeaders keep a header already set, docs/production.md), its two Set-Cookie stay two; an
 * app that sets none gets the service's; a redirect's immutable headers and a live event stream
 * get them too, the stream not held back; the health probes stay untouched.
 *
 *   npx vitest run tests/runtimes/secure-mounts.test.ts
 */
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OWN_CSP } from './fixtures/secure-mounts'
import { runtimesFor, startServer, type Server } from './runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/secure-mounts-server.ts'
const WORKER_ENTRY = 'tests/runtimes/fixtures/secure-mounts-worker.ts'

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** ms from the request to its first body bytes, and to its end */
  firstMs: number
  endMs: number
}

function get(url: string): Promise<Raw> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { agent: false }, (answer) => {
      let body = ''
      let firstMs = -1
      answer.on('data', (chunk: Buffer) => {
        if (firstMs < 0) firstMs = performance.now() - started
        body += chunk.toString()
      })
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body, firstMs, endMs: performance.now() - started }))
      answer.on('error', reject)
    })
    sent.setTimeout(20_000, () => sent.destroy(new Error(`${url}: no answer in 20 s`)))
    sent.on('error', reject)
    sent.end()
  })
}

describe.each(runtimesFor(['node', 'bun', 'deno', 'workerd']))('secureHeaders() around mounts over HTTP on $label', (runtime) => {
  let server: Server
  beforeAll(async () => {
    server = await startServer(runtime, runtime.name === 'workerd' ? WORKER_ENTRY : ENTRY, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it("a mounted app's own CSP and X-Frame-Options win; the rest are added; its two Set-Cookie stay two", async () => {
    const answer = await get(`${server.origin}/own/page`)
    expect(answer.status, answer.body + server.output()).toBe(200)
    expect(answer.headers['content-security-policy']).toBe(OWN_CSP)
    expect(answer.headers['x-frame-options']).toBe('DENY')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(answer.body).toBe('<p>own headers</p>')
  })

  it("an app that sets none gets the service's, as the API's answers do", async () => {
    const [mounted, own] = await Promise.all([get(`${server.origin}/bare/page`), get(`${server.origin}/api/ping`)])
    expect(mounted.status).toBe(200)
    for (const name of ['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy'])
      expect(mounted.headers[name], name).toBe(own.headers[name])
    expect(mounted.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('a redirect (immutable headers) gets them; a live event stream gets them without being held back', async () => {
    const redirect = await get(`${server.origin}/raw/redirect`)
    expect(redirect.status).toBe(302)
    expect(redirect.headers.location).toBe('https://example.com/elsewhere')
    expect(redirect.headers['x-frame-options']).toBe('SAMEORIGIN')
    const events = await get(`${server.origin}/raw/events`)
    expect(events.status).toBe(200)
    expect(events.headers['x-content-type-options']).toBe('nosniff')
    expect(events.body).toBe('data: 0\n\ndata: 1\n\ndata: 2\n\n')
    // the first event before the last was made (three 30 ms waits)
    expect(events.firstMs).toBeLessThan(events.endMs - 30)
  })

  it('the health probes stay outside it', async () => {
    for (const path of ['/healthz', '/healthz/ready']) {
      const probe = await get(`${server.origin}${path}`)
      expect(probe.status, path).toBe(200)
      expect(probe.headers['x-frame-options'], path).toBeUndefined()
      expect(probe.headers['content-security-policy'], path).toBeUndefined()
    }
  })
})
