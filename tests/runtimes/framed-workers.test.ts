/**
 * On workerd (tests/runtimes/workerd.ts, no compatibility
 * flags): a sized body the Workers platform delivered is read whole, as from
 * Bun.serve and Deno.serve; a chunked body and a Request built in code (no
 * `cf`: unknown origin) keep the counting reader. The fixture
 * (fixtures/framed-worker.ts) answers in `x-body-streamed` whether fw touched
 * `request.body`. The limits hold on the whole read too. The same fixture
 * served by Bun.serve and Deno.serve themselves (fixtures/framed-server.ts):
 * the framing check each endpoint that reads a body makes at build
 * (body/framing.ts; Bun's server recognised once, then by identity).
 *
 *   npx vitest run tests/runtimes/framed-workers.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from './runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/framed-worker.ts'
const SERVER_ENTRY = 'tests/runtimes/fixtures/framed-server.ts'
const framers = runtimesFor(['workerd', 'bun', 'deno'])
const JSON_TYPE = { 'content-type': 'application/json' }

/** A body sent chunked (no Content-Length): a stream of the given pieces. */
function chunks(...pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece))
      controller.close()
    },
  })
}

describe.each(framers)('bodies framed by the Workers platform, Bun.serve, Deno.serve ($name)', (runtime) => {
  let server: Server
  beforeAll(async () => {
    server = await startServer(runtime, runtime.name === 'workerd' ? ENTRY : SERVER_ENTRY, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const post = (path: string, body: BodyInit, headers: Record<string, string>): Promise<Response> =>
    fetch(`${server.origin}${path}`, { method: 'POST', body, headers, duplex: 'half' } as RequestInit)

  it('a sized body the platform delivered is read whole (JSON and text), never as a stream', async () => {
    // twice: on Bun the second is recognised by its server's identity
    for (const name of ['ada', 'bea']) {
      const json = await post('/api/json', JSON.stringify({ name }), JSON_TYPE)
      expect(await json.json()).toEqual({ name })
      expect(json.headers.get('x-body-streamed')).toBe('false')
    }
    const text = await post('/api/text', 'héllo', { 'content-type': 'text/plain' })
    expect(await text.text()).toBe('5')
    expect(text.headers.get('x-body-streamed')).toBe('false')
  })

  it('the limits hold on the whole read: a declared length over them is 413 before reading', async () => {
    const over = await post('/api/json', JSON.stringify({ name: 'x'.repeat(2000) }), JSON_TYPE)
    expect(over.status).toBe(413)
    expect(over.headers.get('x-body-streamed')).toBe('false')
  })

  it('a chunked body (no Content-Length) keeps the counting reader', async () => {
    // (its limit over HTTP: tests/hostile/runtimes.test.ts; an early 413 races the client's writes here)
    const ok = await post('/api/json', chunks('{"name":', '"bob"}'), JSON_TYPE)
    expect(await ok.json()).toEqual({ name: 'bob' })
    expect(ok.headers.get('x-body-streamed')).toBe('true')
  })

  // (on Bun and Deno the server argument vouches for a copy too: it is the server's, whatever the Request)
  it.runIf(runtime.name === 'workerd')('a Request built in code (unknown origin, no cf) keeps the counting reader', async () => {
    const copy = await post('/copy/api/json', '{"name":"eve"}', JSON_TYPE)
    expect(await copy.json()).toEqual({ name: 'eve' })
    expect(copy.headers.get('x-body-streamed')).toBe('true')
  })
})
