/**
 * fw's fetch served by @hono/node-server as is (`serve({ fetch: service.fetch })`):
 * node:http's HTTP/1 parser frames a sized body by its Content-Length, so the
 * body is read whole (no web stream built from the socket), as under
 * `service.run()`; a chunked body keeps the counting reader and its 413.
 */
import 'fw-api/serve'
import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { request as httpRequest } from 'node:http'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, Fw, request } from '../../src/index'
import { fromFramingServer } from '../../src/body/stream'

class EchoAPI extends api.API {
  @api.post('echo', { body: request.Body(v.object({ name: v.string() }), { maxBytes: 64 }) })
  echo({ body }: { body: { name: string } }) {
    return body.name
  }
}

const service = new Fw({ api: EchoAPI })
const seen: { framed: boolean; streamRead: boolean }[] = []
let server: ReturnType<typeof serve>
let port = 0

beforeAll(async () => {
  await new Promise<void>((resolve) => {
    server = serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (req: Request, env: unknown) => {
        const entry = { framed: fromFramingServer(env), streamRead: false }
        seen.push(entry)
        // watch whether fw asks for the body as a stream (the counting reader) or whole
        const body = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(req) as object, 'body')
        Object.defineProperty(req, 'body', { configurable: true, get: () => ((entry.streamRead = true), body?.get?.call(req) as unknown) })
        return service.fetch(req, env)
      },
    }, (info: AddressInfo) => {
      port = info.port
      resolve()
    })
  })
})

afterAll(() => new Promise<void>((resolve) => void server.close(() => resolve())))

function post(body: string, chunked: boolean): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (!chunked) headers['content-length'] = String(Buffer.byteLength(body))
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/echo', headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    if (chunked) req.write(body.slice(0, 10))
    req.end(chunked ? body.slice(10) : body)
  })
}

describe('served by @hono/node-server', () => {
  it('recognises its { incoming, outgoing } of an HTTP/1 request as a framing server', async () => {
    const answer = await post('{"name":"Ada"}', false)
    expect(answer).toEqual({ status: 200, text: '"Ada"' })
    expect(seen.at(-1)).toEqual({ framed: true, streamRead: false })
  })

  it('keeps the counting reader for a chunked body, and its 413', async () => {
    const ok = await post('{"name":"Grace"}', true)
    expect(ok.status).toBe(200)
    expect(seen.at(-1)?.streamRead).toBe(true)
    const big = await post(JSON.stringify({ name: 'x'.repeat(200) }), true)
    expect(big.status).toBe(413)
  })

  it('refuses a sized body over the limit', async () => {
    const big = await post(JSON.stringify({ name: 'x'.repeat(200) }), false)
    expect(big.status).toBe(413)
  })

  it('does not take look-alikes for it', () => {
    const socket = {}
    const http2 = { incoming: { httpVersionMajor: 2, rawHeaders: [], socket }, outgoing: { writeHead: () => undefined } }
    const http1 = { incoming: { httpVersionMajor: 1, rawHeaders: [], socket }, outgoing: { writeHead: () => undefined } }
    expect(fromFramingServer(http1)).toBe(true)
    expect(fromFramingServer(http2)).toBe(false)
    for (const other of [{ incoming: null }, { incoming: { httpVersionMajor: 1, rawHeaders: 'x', socket }, outgoing: { writeHead: () => undefined } }, { incoming: { httpVersionMajor: 1, rawHeaders: [], socket }, outgoing: null }]) {
      expect(fromFramingServer(other)).toBe(false)
    }
  })
})
