/**
 * SPEC §5.1: the same malformed bytes, one case list sent
 * over a raw socket to every runtime (Node native, Node web, Bun, Deno)
 * serving tests/hostile/fixtures/service.ts. Each case asserts the one
 * answer fw gives everywhere, or the per-runtime answer that
 * docs/runtimes.md ("Malformed requests, runtime by runtime") documents with
 * its reason. Status 0: the server closed the connection without an answer.
 *
 *   npx vitest run tests/hostile/malformed.test.ts
 *   FW_RUNTIMES=deno npx vitest run tests/hostile/malformed.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { raw } from '../runtimes/exchange'
import { runtimesFor, servedByFw, startServer, type Runtime, type Server } from '../runtimes/runtimes'

const START_MS = 60_000
const ENTRY = 'tests/hostile/fixtures/server.ts'
/** A hang guard: each answer takes a few ms; a server waiting for bytes that never come would take the client's 10 s. */
const ANSWER_MS = 3000

type Label = 'node' | 'bun' | 'deno'
interface Malformed {
  name: string
  bytes: string
  /** the one status on every runtime, or the documented one per runtime */
  status: number | Record<Label, number>
  /** the body of a 200, where one is expected */
  body?: string
}

const fields = (count: number): string => Array.from({ length: count }, (_, i) => `x-f${i}: 1\r\n`).join('')
const get = (target: string, head = 'Host: a\r\n', version = 'HTTP/1.1'): string => `GET ${target} ${version}\r\n${head}\r\n`
const json = '{"a":"x"}'
const post = (head: string, body = json): string => `POST /api/json HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n${head}\r\n${body}`

const cases: Malformed[] = [
  // D9: Node used to drop the fields past 2,000 (a lost Content-Type was a 415); Deno's parser takes 128 fields, Bun's about 200.
  { name: '2,100 header fields before Content-Type', bytes: post(`${fields(2100)}Content-Length: 9\r\n`), status: { node: 431, bun: 431, deno: 400 } },
  { name: '2,001 header fields (one over Node\'s limit)', bytes: get('/api/params', `Host: a\r\n${fields(2000)}`), status: { node: 431, bun: 431, deno: 400 } },
  { name: '2,000 header fields (Node\'s limit)', bytes: get('/api/params', `Host: a\r\n${fields(1999)}`), status: { node: 200, bun: 431, deno: 400 } },
  { name: '100 header fields', bytes: get('/api/params', `Host: a\r\n${fields(99)}`), status: 200, body: '"ok"' },
  // D10
  { name: 'two identical Content-Length', bytes: post('Content-Length: 9\r\nContent-Length: 9\r\n'), status: { node: 400, bun: 200, deno: 200 } },
  { name: 'two different Content-Length', bytes: post('Content-Length: 9\r\nContent-Length: 10\r\n', `${json} `), status: 400 },
  { name: 'Transfer-Encoding: identity, chunked', bytes: post('Transfer-Encoding: identity, chunked\r\n', `9\r\n${json}\r\n0\r\n\r\n`), status: 400 },
  // Deno frames the body as chunked and hands over the bytes as they came (here plain JSON, so a 200)
  { name: 'Transfer-Encoding: gzip, chunked', bytes: post('Transfer-Encoding: gzip, chunked\r\n', `9\r\n${json}\r\n0\r\n\r\n`), status: { node: 400, bun: 400, deno: 200 } },
  { name: 'Transfer-Encoding: Chunked', bytes: post('Transfer-Encoding: Chunked\r\n', `9\r\n${json}\r\n0\r\n\r\n`), status: 200, body: json },
  { name: 'a bad chunk size', bytes: post('Transfer-Encoding: chunked\r\n', `zz\r\n${json}\r\n0\r\n\r\n`), status: { node: 400, bun: 400, deno: 0 } },
  { name: 'a backslash in the path', bytes: get('/api\\params'), status: { node: 400, bun: 200, deno: 400 } },
  { name: 'a backslash in the query', bytes: get('/api/params?a=\\'), status: 200, body: '"ok"' },
  { name: 'dot segments', bytes: get('/api/x/../params'), status: 200, body: '"ok"' },
  { name: 'dot segments above the route', bytes: get('/x/./../api/params'), status: 200, body: '"ok"' },
  { name: 'percent-encoded dot segments', bytes: get('/api/x/%2e%2E/params'), status: 200, body: '"ok"' },
  { name: 'HTTP/1.1 without Host', bytes: get('/api/params', ''), status: { node: 400, bun: 400, deno: 200 } },
  { name: 'HTTP/1.0 without Host', bytes: get('/api/params', '', 'HTTP/1.0'), status: 200, body: '"ok"' },
  { name: 'Host with port 99999', bytes: get('/api/params', 'Host: a:99999\r\n'), status: 400 },
  { name: 'Host with a port that is not a number', bytes: get('/api/params', 'Host: a:8x\r\n'), status: 400 },
  { name: 'Host with port 65535', bytes: get('/api/params', 'Host: a:65535\r\n'), status: 200, body: '"ok"' },
  { name: 'absolute-form target, lower-case scheme', bytes: get('http://b/api/params'), status: 200, body: '"ok"' },
  { name: 'absolute-form target, upper-case scheme', bytes: get('HTTP://b/api/params'), status: 200, body: '"ok"' },
  { name: 'absolute-form target, mixed-case https scheme', bytes: get('hTtPs://b/api/params'), status: 200, body: '"ok"' },
  // H8: a method the fetch standard forbids (TRACE, TRACK) on a path with dot segments: Deno hands the path over
  // unresolved and rebuilding the request to resolve it threw "Method is forbidden" (a 500). fw's 405 wherever fw sees
  // the request; llhttp does not know TRACK (400) and Bun's parser closes the connection on it.
  ...['/api/./params', '/api/x/../params', '/api/%2e/params', '/api/x/%2E%2e/params', '/api/params'].flatMap((target) => [
    { name: `TRACE ${target}`, bytes: `TRACE ${target} HTTP/1.1\r\nHost: a\r\n\r\n`, status: 405 },
    { name: `TRACK ${target}`, bytes: `TRACK ${target} HTTP/1.1\r\nHost: a\r\n\r\n`, status: { node: 400, bun: 0, deno: 405 } },
  ]),
  { name: 'HTTP/2.0 request line', bytes: get('/api/params', 'Host: a\r\n', 'HTTP/2.0'), status: { node: 505, bun: 505, deno: 400 } },
]

const statusOf = (text: string): number => Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0)
const bodyOf = (text: string): string => text.slice(text.indexOf('\r\n\r\n') + 4)
const expected = (runtime: Runtime, status: Malformed['status']): number => (typeof status === 'number' ? status : status[runtime.label as Label])

describe.each(runtimesFor(['node', 'bun', 'deno'], servedByFw))('malformed requests on $label', (runtime) => {
  let server: Server
  beforeAll(async () => {
    server = await startServer(runtime, ENTRY, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it.each(cases)('$name', async ({ bytes, status, body }) => {
    const started = performance.now()
    const text = await raw(server.origin, bytes)
    expect(statusOf(text), text.slice(0, 300)).toBe(expected(runtime, status))
    if (body !== undefined) expect(bodyOf(text)).toBe(body)
    // never fw's 500, its stack, or the runtime's error text
    expect(text).not.toMatch(/\n\s+at |Error:|InternalServerError/)
    expect(performance.now() - started).toBeLessThan(ANSWER_MS)
  })
})
