/**
 * fw attached to node:http, Express, Koa and Fastify
 * (`fw-api/adapters` `attach(...)`) serves through the native Node path
 * (src/node/native/attach.ts) and answers as fw handed Web objects only on
 * the same attachment (`ATTACH_FETCH=web` in the fixture: a Web `Request`
 * copied from the stand-in, the answer piped as a streamed Web `Response`).
 * Every conformance case (tests/runtimes/cases.ts, cases-hooks.ts) goes to
 * each attachment of tests/runtimes/fixtures/attach-server.ts, started once
 * each way; status, headers and body bytes must be the same.
 *
 *   npx vitest run tests/adapters/native-attach.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cases } from '../runtimes/cases'
import { hookCases } from '../runtimes/cases-hooks'
import { answer, raw, startPair, type Answer } from '../runtimes/exchange'
import { runtimesFor, servedByFw, type Server } from '../runtimes/runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/attach-server.ts'
const ATTACHMENTS = ['node-http', 'express', 'express-parsed', 'express-mounted', 'koa', 'koa-parsed', 'fastify']

/**
 * Koa and Fastify get a light answer whole (a Buffer), so they send it with
 * its Content-Length where a Web `Response` hands them a stream (chunked);
 * any other header must match.
 */
const WHOLE = new Set(['koa', 'koa-parsed', 'fastify'])
const FRAMING = new Set(['content-length', 'transfer-encoding'])

/** `answer` without its framing headers. */
const unframed = (answer: Answer): Answer => ({ ...answer, headers: answer.headers.filter(([name]) => !FRAMING.has(name)) })
/** The value of header `name` of `answer`. */
const header = (answer: Answer, name: string): string | undefined => answer.headers.find(([key]) => key === name)?.[1]

/** A raw HTTP/1.1 answer as status, headers (lower-case names, sorted) and body (chunks joined). */
function parsed(text: string): Answer {
  const end = text.indexOf('\r\n\r\n')
  const [status = '', ...lines] = text.slice(0, end).split('\r\n')
  const headers = lines.map((line): [string, string] => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]).sort()
  let body = text.slice(end + 4)
  if (headers.some(([name, value]) => name === 'transfer-encoding' && value === 'chunked')) {
    let joined = ''
    for (let at = 0, size = 1; size > 0; ) {
      const eol = body.indexOf('\r\n', at)
      size = parseInt(body.slice(at, eol), 16)
      joined += body.slice(eol + 2, eol + 2 + size)
      at = eol + 4 + size
    }
    body = joined
  }
  return { status: Number(status.split(' ')[1]), headers, body: [...Buffer.from(body, 'latin1')] }
}

const CLOSE = 'Connection: close\r\n\r\n'

/** Requests a client library would not send as they are: sent on a raw socket. */
const WIRE: [string, string][] = [
  ['an absolute-form target', `GET http://x/api/ping HTTP/1.1\r\nHost: x\r\n${CLOSE}`],
  ['an absolute-form target with a dot segment', `GET http://x/api/x/../ping HTTP/1.1\r\nHost: x\r\n${CLOSE}`],
  ['a dot segment', `GET /api/x/../ping HTTP/1.1\r\nHost: x\r\n${CLOSE}`],
  ['a backslash in the path', `GET /api\\ping HTTP/1.1\r\nHost: x\r\n${CLOSE}`],
  ['a bad Host', `GET /api/ping HTTP/1.1\r\nHost: a/b\r\n${CLOSE}`],
  ['an upper-case and a numeric Host', `GET /api/ping HTTP/1.1\r\nHost: EXAMPLE.com\r\nX-Other-Host: 1.2.3\r\n${CLOSE}`],
  ['a numeric Host the URL parser rewrites', `GET /api/ping HTTP/1.1\r\nHost: 1.2.3\r\n${CLOSE}`],
  ['no Host (HTTP/1.0)', 'GET /api/ping HTTP/1.0\r\n\r\n'],
  ['OPTIONS *', `OPTIONS * HTTP/1.1\r\nHost: x\r\n${CLOSE}`],
  ['a HEAD', `HEAD /api/calc/add?a=1&b=2 HTTP/1.1\r\nHost: x\r\n${CLOSE}`],
  ['a chunked JSON body', `POST /api/body/json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n${CLOSE.slice(0, -2)}\r\n7\r\n{"a":1}\r\n0\r\n\r\n`],
  ['invalid JSON', `POST /api/calc/created HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5\r\n${CLOSE}{"a":`],
  ['repeated headers and cookies', `GET /api/secure/kebab HTTP/1.1\r\nHost: x\r\nX-Api-Key: a\r\nX-Api-Key: b\r\nCookie: a=1\r\nCookie: b=2\r\n${CLOSE}`],
  ['an event stream', `GET /api/hooks/events HTTP/1.1\r\nHost: x\r\n${CLOSE}`],
]

/** The port of each attachment a fixture server printed. */
function portsOf(server: Server): Record<string, number> {
  const line = /^attach ports (\{.*\})$/m.exec(server.output())
  if (!line?.[1]) throw new Error(`no ports line in:\n${server.output()}`)
  return JSON.parse(line[1]) as Record<string, number>
}

describe.each(runtimesFor(['node'], servedByFw))('attachments: native path and Web objects', (runtime) => {
  let servers: [Server, Server] | undefined
  const origins: Record<string, [string, string]> = {}

  beforeAll(async () => {
    servers = await startPair(runtime, ENTRY, { entry: ENTRY, env: { ATTACH_FETCH: 'web' } }, START_MS)
    const [native, web] = servers.map(portsOf) as [Record<string, number>, Record<string, number>]
    for (const name of ATTACHMENTS) origins[name] = [`http://127.0.0.1:${native[name]}`, `http://127.0.0.1:${web[name]}`]
  }, START_MS + 10_000)

  afterAll(async () => {
    await Promise.all(servers?.map((server) => server.stop()) ?? [])
  }, 15_000)

  describe.each(ATTACHMENTS)('%s', (name) => {
    it.each([...cases, ...hookCases])('$method $path: $name', async (c) => {
      const pair = origins[name]
      if (!pair) throw new Error('the fixture servers did not start')
      const [a, b] = (await Promise.all(pair.map((origin) => answer(origin, c)))) as [Answer, Answer]
      if (!WHOLE.has(name)) return expect(a, `${name}: ${c.method} ${c.path}: native (left) and Web objects (right) differ`).toEqual(b)
      expect(unframed(a), `${name}: ${c.method} ${c.path}: native (left) and Web objects (right) differ`).toEqual(unframed(b))
      // sent whole, or streamed as the Web Response was
      const length = header(a, 'content-length')
      if (length === undefined) expect(header(a, 'transfer-encoding')).toBe(header(b, 'transfer-encoding'))
      else if (c.method !== 'HEAD') expect(Number(length)).toBe(a.body.length)
    })

    it.each(WIRE)('on the wire: %s', async (_what, request) => {
      const pair = origins[name]
      if (!pair) throw new Error('the fixture servers did not start')
      const [a, b] = (await Promise.all(pair.map(async (origin) => parsed(await raw(origin, request))))) as [Answer, Answer]
      expect(a.status).toBeGreaterThanOrEqual(200)
      if (WHOLE.has(name)) expect(unframed(a)).toEqual(unframed(b))
      else expect(a).toEqual(b)
    })
  })
})
