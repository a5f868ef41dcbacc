/**
 * `answer()` (src/serve/graceful.ts), how fw's native Node server calls its
 * fetch: the response or the error handed on in one promise step for an
 * answer not ready at once (a counted fetch's own step included), at once for
 * one that is, and a counted fetch stays in flight until it is handed on.
 */
import { describe, expect, it } from 'vitest'
import { answer, Tracker } from '../../src/serve/graceful'

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
