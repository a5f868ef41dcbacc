/**
 * Bugs of the runtimes' own HTTP servers, shown with the
 * bare runtime (tests/runtimes/repro/, no fw) over a raw socket. Each test
 * asserts the CURRENT (buggy) behaviour, so it fails the day a runtime fixes
 * it: then update docs/runtimes.md ("Malformed requests, runtime by
 * runtime") and this file.
 *
 *   FW_RUNTIMES=bun,deno npx vitest run tests/runtimes/repro.test.ts
 */
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Runtime, type Server } from './runtimes'

const START_MS = 60_000
const FIXED = 'the runtime no longer shows this bug: update docs/runtimes.md ("Malformed requests, runtime by runtime") and this test'

/** Quiet time after the last byte before the answer is taken as complete (each bug shows within a few ms). */
const SETTLE_MS = 700

/**
 * What the server writes for `bytes` on a connection kept open (no FIN from
 * the client: exchange.ts's `raw` half-closes, and Bun then stops after its
 * first answer): everything until the server closes, or until it has been
 * quiet for `SETTLE_MS`.
 */
function keptOpen(origin: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes))
    let text = ''
    let quiet = setTimeout(() => socket.destroy(), SETTLE_MS)
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      text += chunk
      clearTimeout(quiet)
      quiet = setTimeout(() => socket.destroy(), SETTLE_MS)
    })
    socket.on('close', () => {
      clearTimeout(quiet)
      resolve(text)
    })
    socket.on('error', () => socket.destroy())
  })
}

/** The status of every answer in `text`, in order (an answer starts right after the previous body: no line start to anchor on). */
const statuses = (text: string): string[] => [...text.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((match) => match[1] ?? '')
/** The head of the first answer in `text`, lower-cased. */
const firstHead = (text: string): string => text.slice(0, text.indexOf('\r\n\r\n')).toLowerCase()

function bareServer(runtime: Runtime, entry: string): { get(): Server } {
  let server: Server | undefined
  beforeAll(async () => {
    server = await startServer(runtime, entry, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })
  return {
    get: () => {
      if (!server) throw new Error(`${entry} did not start`)
      return server
    },
  }
}

describe.each(runtimesFor(['bun']))('bare Bun.serve ($label)', (runtime) => {
  const server = bareServer(runtime, 'tests/runtimes/repro/bun-serve.ts')

  it('D11: a chunked request with a trailer gets two answers, 200 then 400', async () => {
    const text = await keptOpen(server.get().origin, 'POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\nX-Trailer: 1\r\n\r\n')
    expect(statuses(text), FIXED).toEqual(['200', '400'])
  })

  it('D12: two pipelined requests whose first handler is async get no answer at all', async () => {
    const text = await keptOpen(server.get().origin, 'GET /slow HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n')
    expect(text, FIXED).toBe('')
  })

  it('(control) the same two requests, the first answered at once, get two answers', async () => {
    const text = await keptOpen(server.get().origin, 'GET / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n')
    expect(statuses(text)).toEqual(['200', '200'])
  })
})

describe.each(runtimesFor(['deno']))('bare Deno.serve ($label)', (runtime) => {
  const server = bareServer(runtime, 'tests/runtimes/repro/deno-serve.ts')

  it('D13: a 205 on a keep-alive connection has neither Content-Length nor Transfer-Encoding', async () => {
    const text = await keptOpen(server.get().origin, 'GET /205 HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n')
    expect(statuses(text)).toEqual(['205', '200'])
    const head = firstHead(text)
    expect(head).not.toMatch(/^connection: close/m)
    expect(head, FIXED).not.toMatch(/^(content-length|transfer-encoding):/m)
  })

  it('D13: a Content-Length: 0 the handler sets on its 205 is dropped (why fw cannot frame it either)', async () => {
    const text = await keptOpen(server.get().origin, 'GET /205-length HTTP/1.1\r\nHost: a\r\n\r\n')
    expect(statuses(text)).toEqual(['205'])
    expect(firstHead(text), FIXED).not.toMatch(/^content-length:/m)
  })
})
