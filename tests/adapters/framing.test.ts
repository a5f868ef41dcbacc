/**
 * Behind every host framework (SPEC §5.1): the framing
 * service (tests/runtimes/fixtures/framing.ts) attached to node:http,
 * Express, Koa and Fastify (fw's one Node path for attachments). A handler's `Response` (a proxied gzip upstream, a
 * lying Content-Length) goes out framed by its bytes, and a second request on
 * the same keep-alive connection gets its own answer.
 *
 *   npx vitest run tests/adapters/framing.test.ts
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepAlive } from '../helpers/keep-alive'
import { LYING_BODY } from '../runtimes/fixtures/framing'
import { runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/framing-attach-server.ts'
const ATTACHMENTS = ['node-http', 'express', 'koa', 'fastify']
const DECODED = `{"pad":"${'p'.repeat(60)}"}HTTP/1.1 200 OK\r\nContent-Length: 8\r\n\r\ninjected`
const GZIPPED = gzipSync(DECODED)

let upstream: http.Server
let upstreamOrigin = ''
beforeAll(async () => {
  upstream = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': GZIPPED.length })
    response.end(GZIPPED)
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  upstreamOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})
afterAll(async () => {
  upstream.closeAllConnections()
  await new Promise((resolve) => upstream.close(resolve))
})

/** The port of each attachment the fixture printed. */
function portsOf(server: Server): Record<string, number> {
  const line = /^attach ports (\{.*\})$/m.exec(server.output())
  if (!line?.[1]) throw new Error(`no ports line in:\n${server.output()}`)
  return JSON.parse(line[1]) as Record<string, number>
}

const get = (path: string): string => `GET ${path} HTTP/1.1\r\nHost: framing.test\r\n\r\n`

const node = runtimesFor(['node'], servedByFw)
describe.each(node)('framing integrity behind host frameworks ($label)', (runtime) => {
  let server: Server
  let ports: Record<string, number> = {}
  beforeAll(async () => {
    server = await startServer(runtime, ENTRY, START_MS)
    ports = portsOf(server)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const cases: { path: string; body: string }[] = [
    { path: '/api/proxy?upstream=', body: DECODED },
    { path: '/api/lying', body: LYING_BODY },
    { path: '/api/lying-headers', body: LYING_BODY },
    { path: '/api/longer', body: 'short' },
  ]
  for (const attachment of ATTACHMENTS) {
    for (const { path, body } of cases) {
      it(`${attachment}: ${path} is framed by its bytes, and the next request on the connection gets its own answer`, async () => {
        const connection = await keepAlive(`http://127.0.0.1:${String(ports[attachment])}`)
        try {
          const started = Date.now()
          const first = await connection.send(get(path.endsWith('=') ? path + upstreamOrigin : path))
          const second = await connection.send(get('/api/plain'))
          expect(first.status, server.output()).toBe(200)
          expect(first.headers.get('content-encoding')).toBeNull()
          expect(first.body.toString()).toBe(body)
          const length = first.headers.get('content-length')
          if (length !== null) expect(Number(length)).toBe(Buffer.byteLength(body))
          expect(second.status).toBe(200)
          expect(second.body.toString()).toBe('"plain"')
          expect(Date.now() - started).toBeLessThan(8000)
        } finally {
          connection.close()
        }
      })
    }
  }
})
