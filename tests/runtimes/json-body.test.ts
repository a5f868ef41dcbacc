/**
 * body/read.ts's EndpointBodyReader attacked over real HTTP on Node, Bun, Deno and workerd: a one-plan
 * JSON endpoint reads a body whose Content-Type is exactly `application/json` with the format and
 * limit found at build, every other header as before. Each header below (case, parameters, a list,
 * a near miss, none, two), a BOM, a body over the limit (64 bytes, tests/runtimes/fixtures/framing.ts)
 * sized or chunked, gets the answer (status and body) fw gave before the reader (commit 0e01727,
 * checked by running this file there), the same on every runtime.
 *
 *   npx vitest run tests/runtimes/json-body.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepAlive } from '../helpers/keep-alive'
import { runtimesFor, startServer, type Server } from './runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/framing-server.ts'
const WORKER_ENTRY = 'tests/runtimes/fixtures/framing-worker.ts'

const SMALL = '{"a":"b"}'
const OVER = JSON.stringify({ a: 'x'.repeat(100) })
const sized = (headers: string, body: string) => `${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
const chunked = (headers: string, chunks: string[]) =>
  `${headers}Transfer-Encoding: chunked\r\n\r\n${chunks.map((chunk) => `${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`).join('')}0\r\n\r\n`
const post = (...types: string[]) => `POST /api/json HTTP/1.1\r\nHost: json.test\r\n${types.map((type) => `Content-Type: ${type}\r\n`).join('')}`

const UNSUPPORTED = { status: 415, title: 'Unsupported Media Type' }
const ECHO = { status: 200, body: SMALL }
/** Each request, and the answer (its status, and its body or its problem's title) fw gave before the reader. */
const cases: { name: string; request: string; answer: { status: number; body?: string; title?: string } }[] = [
  { name: 'application/json', request: sized(post('application/json'), SMALL), answer: ECHO },
  { name: 'APPLICATION/JSON', request: sized(post('APPLICATION/JSON'), SMALL), answer: ECHO },
  { name: 'application/json; charset=utf-8', request: sized(post('application/json; charset=utf-8'), SMALL), answer: ECHO },
  { name: 'application/json;charset="utf-8"', request: sized(post('application/json;charset="utf-8"'), SMALL), answer: ECHO },
  { name: 'application/json; charset=utf-16le (JSON is UTF-8, RFC 8259: the parameter is ignored)', request: sized(post('application/json; charset=utf-16le'), SMALL), answer: ECHO },
  { name: 'application/json , text/plain', request: sized(post('application/json , text/plain'), SMALL), answer: UNSUPPORTED },
  { name: 'application/jsonx', request: sized(post('application/jsonx'), SMALL), answer: UNSUPPORTED },
  { name: 'application/vnd.x+json', request: sized(post('application/vnd.x+json'), SMALL), answer: ECHO },
  { name: 'no Content-Type', request: sized(post(), SMALL), answer: UNSUPPORTED },
  { name: 'Content-Type twice, both application/json', request: sized(post('application/json', 'application/json'), SMALL), answer: UNSUPPORTED },
  { name: 'Content-Type twice, application/json then text/plain', request: sized(post('application/json', 'text/plain'), SMALL), answer: UNSUPPORTED },
  { name: 'a BOM before the JSON', request: sized(post('application/json'), `\uFEFF${SMALL}`), answer: ECHO },
  { name: 'an empty body', request: sized(post('application/json'), ''), answer: { status: 400, title: 'Bad Request' } },
  { name: 'not JSON', request: sized(post('application/json'), '{"a":'), answer: { status: 400, title: 'Bad Request' } },
  { name: 'over the limit, sized', request: sized(post('application/json'), OVER), answer: { status: 413, title: 'Content Too Large' } },
  { name: 'over the limit, sized, APPLICATION/JSON', request: sized(post('APPLICATION/JSON'), OVER), answer: { status: 413, title: 'Content Too Large' } },
  { name: 'over the limit, chunked', request: chunked(post('application/json'), [OVER.slice(0, 50), OVER.slice(50)]), answer: { status: 413, title: 'Content Too Large' } },
  { name: 'under the limit, chunked', request: chunked(post('application/json'), [SMALL.slice(0, 4), SMALL.slice(4)]), answer: ECHO },
]

/** The answer's status, and its body (a 200) or its problem's title. */
function answerOf(status: number, body: Buffer): { status: number; body?: string; title?: string } {
  if (status === 200) return { status, body: body.toString() }
  return { status, title: (JSON.parse(body.toString()) as { title?: string }).title }
}

describe.each(runtimesFor(['node', 'bun', 'deno', 'workerd']))('a one-plan JSON body over HTTP on $label', (runtime) => {
  let server: Server
  beforeAll(async () => {
    server = await startServer(runtime, runtime.name === 'workerd' ? WORKER_ENTRY : ENTRY, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })

  for (const { name, request, answer } of cases) {
    it(`${name}: ${answer.status}`, async () => {
      // one connection per request: local workerd closes one whose body was left unread
      const connection = await keepAlive(server.origin)
      try {
        const sent = await connection.send(request)
        expect(answerOf(sent.status, sent.body), server.output()).toEqual(answer)
      } finally {
        connection.close()
      }
    })
  }
})
