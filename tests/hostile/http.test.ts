/**
 * Hostile requests over real HTTP on Node against the example service: each
 * gets a 4xx within 1 s, the server survives, and nothing reaches
 * Object.prototype (end to end).
 */
import 'fw-api/serve'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { service } from '../../examples/app'
import type { RunningServer } from 'fw-api'

let server: RunningServer
beforeAll(async () => {
  server = await service.run({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await server.close()
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  expect(Object.prototype).not.toHaveProperty('polluted')
})

interface Sent {
  status: number
  body: string
  /** CPU ms this process (client and in-process server) spent on the exchange: not inflated by a busy machine */
  cpuMs: number
}

/** Send raw bytes (optionally as a chunked stream) with node:http, bounded by a 5 s timeout. */
function send(method: string, path: string, headers: Record<string, string>, chunks: (string | Uint8Array)[] = []): Promise<Sent> {
  const started = process.cpuUsage()
  const cpuMs = (): number => {
    const used = process.cpuUsage(started)
    return (used.user + used.system) / 1000
  }
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: server.port, method, path, headers, timeout: 5000, agent: false }, (response) => {
      const parts: Buffer[] = []
      response.on('data', (chunk: Buffer) => parts.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(parts).toString(), cpuMs: cpuMs() }))
    })
    request.on('timeout', () => request.destroy(new Error(`timeout: ${method} ${path}`)))
    request.on('error', reject)
    const write = async () => {
      for (const chunk of chunks) if (!request.write(chunk)) await new Promise((ok) => request.once('drain', ok))
      request.end()
    }
    write().catch(reject)
  })
}

/**
 * A 4xx (exactly `status` when given) within 3 s of this process's CPU time (typically under 50 ms, so
 * > 50× margin; GC and JIT threads of a shared worker count too). A hang guard, not a budget: the
 * floods sent here would take minutes with work super-linear in their size. A cut connection fails:
 * the server must answer first.
 */
function refused(result: Sent, status?: number): void {
  if (status) expect(result.status).toBe(status)
  expect(result.status).toBeGreaterThanOrEqual(400)
  expect(result.status).toBeLessThan(500)
  expect(result.cpuMs).toBeLessThan(3000)
}

const json = { 'content-type': 'application/json' }

describe('hostile requests over HTTP (Node)', () => {
  it('2 MB chunked JSON body → 413', async () => {
    const chunk = 'x'.repeat(64 * 1024)
    refused(await send('POST', '/api/body/json', { ...json, 'transfer-encoding': 'chunked' }, ['"', ...Array.from({ length: 32 }, () => chunk), '"']), 413)
  })
  it('1500 query params → 400', async () => {
    refused(await send('GET', `/api/query/list?${Array.from({ length: 1500 }, (_, i) => `k${i}=1`).join('&')}`, {}), 400)
  })
  it('5000 empty file parts → 4xx', async () => {
    const part = '--b\r\nContent-Disposition: form-data; name="files"; filename="x"\r\n\r\n\r\n'
    refused(await send('POST', '/api/body/upload', { 'content-type': 'multipart/form-data; boundary=b' }, [part.repeat(5000) + '--b--\r\n']))
  })
  it('deeply nested JSON → 400', async () => {
    refused(await send('POST', '/api/body/json', json, ['['.repeat(100_000) + ']'.repeat(100_000)]), 400)
  })
  it('__proto__ in JSON, form, query and XML never pollutes', async () => {
    refused(await send('POST', '/api/body/json', json, ['{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}']))
    const form = await send('POST', '/api/body/form', { 'content-type': 'application/x-www-form-urlencoded' }, ['__proto__[polluted]=1&name=a&__proto__=x'])
    expect(form.status).toBe(200)
    const query = await send('GET', `/api/query/doc?lang=en&__proto__[polluted]=1&filter=${encodeURIComponent('{"__proto__":{"polluted":1}}')}`, {})
    expect(query.status).toBe(200)
    refused(await send('POST', '/api/body/article', { 'content-type': 'application/xml' }, ['<root><__proto__><polluted>1</polluted></__proto__></root>']))
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
  it('XML entity expansion and external entities → 400', async () => {
    const lol = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><r><title>&c;</title></r>'
    refused(await send('POST', '/api/body/article', { 'content-type': 'application/xml' }, [lol]), 400)
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r><title>&x;</title></r>'
    refused(await send('POST', '/api/body/article', { 'content-type': 'application/xml' }, [xxe]), 400)
  })
  it('malformed JSON, XML and multipart → 400; text/plain to Json → 415', async () => {
    refused(await send('POST', '/api/body/article', json, ['{"title":']), 400)
    refused(await send('POST', '/api/body/article', { 'content-type': 'application/xml' }, ['<root><a></root>']), 400)
    refused(await send('POST', '/api/body/upload', { 'content-type': 'multipart/form-data; boundary=b' }, ['--b\r\nnonsense']), 400)
    refused(await send('POST', '/api/body/json', { 'content-type': 'text/plain' }, ['{"title":"a"}']), 415)
  })
  it('bad values on every source → 400, broken encodings included', async () => {
    refused(await send('GET', '/api/item/%E0%A4%A', {}), 400)
    refused(await send('GET', '/api/query/search?filter=%7Bnot-json', {}), 400)
    refused(await send('POST', '/api/secure/operation', { 'x-auth-token': '123456789012', 'x-meta-data': '{broken', cookie: 'sessionid=%E0%A4%A' }), 400)
    refused(await send('GET', '/api/calc/add?a=1e999999&b=1', {}), 400)
  })
  it('a lying Content-Length larger than the body does not hang: the request timeout closes it', async () => {
    // A server of its own with a short request timeout, so the test proves the cut within seconds.
    const { Fw } = await import('fw-api')
    const short = await new Fw(import.meta.url, { api: (await import('../../examples/app')).RootAPI, route: '/api', timeouts: { request: 1000, headers: 1000 } }).run({ port: 0, host: '127.0.0.1' })
    try {
      const started = performance.now()
      const outcome = await new Promise<string>((resolve) => {
        const request = http.request({ host: '127.0.0.1', port: short.port, method: 'POST', path: '/api/body/json', headers: { ...json, 'content-length': '100' }, agent: false }, (response) => {
          response.resume()
          response.on('end', () => resolve(`status ${response.statusCode}`))
        })
        request.on('error', (error: NodeJS.ErrnoException) => resolve(`closed: ${error.code}`))
        request.write('{"title":"a"}') // 13 of the 100 announced bytes, then nothing
      })
      // Node answers 408 or closes the connection; either way within the timeout plus its check interval.
      expect(outcome).toMatch(/^(status 408|closed: ECONNRESET)$/)
      expect(performance.now() - started).toBeLessThan(4000)
    } finally {
      await short.close()
    }
    expect((await send('GET', '/api/ping', {})).status).toBe(200)
  })
  it('the server is still up', async () => {
    expect((await send('GET', '/api/calc/add?a=1&b=2', {})).body).toBe('{"data":3,"msg":""}')
  })
})
