/**
 * src/serve/graceful.ts: `answer()`, how fw's native Node server calls its
 * fetch: the response or the error handed on in one promise step for an
 * answer not ready at once (a counted fetch's own step included), at once for
 * one that is, and a counted fetch stays in flight until it is handed on; the
 * Tracker's drain of event streams, `within`, and `graceful` closing in order.
 * (Moved from tests/runtimes/answer.test.ts: all of it runs in process.)
 */
import { describe, expect, it } from 'vitest'
import { sse } from '../../src/response/sse'
import { answer, graceful, Tracker, within } from '../../src/serve/graceful'

const ok = (): Response => new Response('ok')

function recorder(): { seen: string[]; send: (to: string, response: Response) => void; fail: (to: string, error: unknown) => void } {
  const seen: string[] = []
  return {
    seen,
    send: (to, response) => void seen.push(`${to} ${response.status}`),
    fail: (to, error) => void seen.push(`${to} failed: ${(error as Error).message}`),
  }
}

describe('answer(): a fetch called for the native Node server', () => {
  for (const counted of [false, true]) {
    const name = counted ? 'counted by a Tracker' : 'not counted'
    const wrap = (fetch: (request: Request) => Response | Promise<Response>) => (counted ? new Tracker().track(fetch) : fetch)

    it(`${name}: a ready response at once, a pending one after one promise step`, async () => {
      const { seen, send, fail } = recorder()
      answer(wrap(ok), new Request('http://x/'), undefined, 'a', send, fail)
      expect(seen).toEqual(['a 200'])
      answer(wrap(() => Promise.resolve(ok())), new Request('http://x/'), undefined, 'b', send, fail)
      expect(seen).toEqual(['a 200'])
      await Promise.resolve() // one step: the response is written by now (two steps would not be)
      expect(seen).toEqual(['a 200', 'b 200'])
    })

    it(`${name}: a throw and a rejection handed to fail`, async () => {
      const { seen, send, fail } = recorder()
      answer(wrap(() => { throw new Error('boom') }), new Request('http://x/'), undefined, 'a', send, fail)
      answer(wrap(() => Promise.reject(new Error('late'))), new Request('http://x/'), undefined, 'b', send, fail)
      await Promise.resolve()
      expect(seen).toEqual(['a failed: boom', 'b failed: late'])
    })
  }

  it('a counted fetch is in flight until its answer is handed on', async () => {
    const tracker = new Tracker()
    let resolve: (response: Response) => void = () => {}
    const fetch = tracker.track(() => new Promise<Response>((done) => (resolve = done)))
    const { seen, send, fail } = recorder()
    answer(fetch, new Request('http://x/'), undefined, 'a', send, fail)
    let idle = false
    void tracker.idle().then(() => (idle = true))
    await new Promise((done) => setTimeout(done, 5))
    expect(idle).toBe(false)
    resolve(ok())
    await new Promise((done) => setTimeout(done, 5))
    expect(seen).toEqual(['a 200'])
    expect(idle).toBe(true)
    // a thrown fetch is counted out too
    answer(tracker.track(() => { throw new Error('boom') }), new Request('http://x/'), undefined, 'b', send, fail)
    await tracker.idle()
  })
})

/** An event source that never yields and closes when asked (an async generator stuck in an await cannot). */
const idleSource = (): AsyncIterable<unknown> => ({
  [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<unknown>>(() => {}), return: async () => ({ value: undefined, done: true }) }),
})

describe('Tracker: event streams', () => {
  it('keeps an open event stream until it ends, and ends it when draining', async () => {
    const tracker = new Tracker()
    const fetch = tracker.track(() => sse(idleSource()))
    const response = (await fetch(new Request('http://x/'))) as Response
    let idle = false
    void tracker.idle().then(() => (idle = true))
    await new Promise((done) => setTimeout(done, 5))
    expect(idle).toBe(false)
    tracker.drain()
    expect(tracker.closing).toBe(true)
    expect(await response.text()).toBe('')
    await new Promise((done) => setTimeout(done, 5))
    expect(idle).toBe(true)
  })

  it('ends at once a stream answered while closing', async () => {
    const tracker = new Tracker()
    tracker.drain()
    const response = (await tracker.track(() => sse(idleSource()))(new Request('http://x/'))) as Response
    expect(await response.text()).toBe('')
  })
})

describe('within', () => {
  it('is true when the promise settles in time (rejected too), false after the time', async () => {
    expect(await within(Promise.resolve(), 50)).toBe(true)
    expect(await within(Promise.reject(new Error('x')), 50)).toBe(true)
    expect(await within(new Promise(() => {}), 5)).toBe(false)
  })
})

describe('graceful', () => {
  it('stops the server, drains, and forces it only when the requests outlast the timeout; once', async () => {
    const calls: string[] = []
    const handle = { stop: () => (calls.push('stop'), new Promise<void>(() => {})), force: () => void calls.push('force') }
    const close = graceful(handle as never, new Tracker())
    const first = close({ timeout: 5 })
    expect(close()).toBe(first)
    await first
    expect(calls).toEqual(['stop', 'force'])
    const quick: string[] = []
    await graceful({ stop: async () => void quick.push('stop'), force: () => void quick.push('force') } as never, new Tracker())({ timeout: 1000 })
    expect(quick).toEqual(['stop'])
  }, 10_000)
})
