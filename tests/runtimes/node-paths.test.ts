/**
 * fw's Node server answers as fw's fetch served by another Node server, byte
 * for byte: `service.run()` (the native path: a Request read straight from
 * node:http, answers written straight to it) and `service.fetch` handed to
 * @hono/node-server's `serve()` by hand (the `node-web` runtime,
 * fixtures/serve.ts). Every conformance case (cases.ts, cases-hooks.ts) goes
 * to examples/server.ts and to fixtures/example-server.ts; status, headers
 * (all but `date` and the request id) and body bytes must be the same. A
 * raw-socket case checks the wire bytes too.
 *
 *   npx vitest run tests/runtimes/node-paths.test.ts
 */
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cases } from './cases'
import { hookCases } from './cases-hooks'
import { answer, raw, startPair } from './exchange'
import { labelled, runtimesFor, servedByFw, type Server } from './runtimes'

const START_MS = 60_000

describe.each(runtimesFor(['node'], servedByFw))('Node: service.run() and fw under @hono/node-server', (runtime) => {
  let native: Server | undefined
  let web: Server | undefined

  beforeAll(async () => {
    ;[native, web] = await startPair(runtime, runtime.example, { runtime: labelled('node-web'), entry: labelled('node-web').example }, START_MS)
  }, START_MS + 10_000)

  afterAll(async () => {
    await Promise.all([native?.stop(), web?.stop()])
  }, 15_000)

  it.each([...cases, ...hookCases])('$method $path: $name', async (c) => {
    if (!native || !web) throw new Error('a Node server did not start')
    const [a, b] = await Promise.all([answer(native.origin, c), answer(web.origin, c)])
    expect(a, `${c.method} ${c.path}: service.run() (left) and @hono/node-server (right) differ`).toEqual(b)
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
