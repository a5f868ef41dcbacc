/**
 * SPEC §14 "Deadline", the options (over HTTP on every runtime: tests/runtimes/deadline.test.ts):
 * every endpoint has a 30 s deadline unless the service's `timeout` says otherwise — ms, a
 * duration string, or `false` for none — and a class's `static timeout` or an endpoint's
 * `@api.timeout` wins. Fake timers: no test waits 30 s.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Fw, api, exceptions } from 'fw-api'
import { durationMs } from '../../src/utils/duration'

const never = (): Promise<never> => new Promise<never>(() => {})

class StuckAPI extends api.API {
  @api.get
  async stuck() {
    await never()
  }
}

/** Whether `answer` has settled after `ms` of fake time, and with what status. */
async function statusAfter(answer: Response | Promise<Response>, ms: number): Promise<number | 'pending'> {
  let status: number | 'pending' = 'pending'
  void Promise.resolve(answer).then((response) => {
    status = response.status
  })
  await vi.advanceTimersByTimeAsync(ms)
  return status
}

const stuck = (service: Fw<unknown>) => service.fetch(new Request('http://x/stuck'))

describe('the default deadline', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is 30 s when the service says nothing (D9: a handler that never settles was never answered)', async () => {
    const answer = stuck(new Fw({ api: StuckAPI }))
    expect(await statusAfter(answer, 29_900)).toBe('pending')
    expect(await statusAfter(answer, 200)).toBe(504)
  })

  it('takes milliseconds and duration strings', async () => {
    for (const [timeout, ms] of [[1500, 1500], ['2s', 2000], ['250ms', 250], ['1m', 60_000]] as const) {
      const answer = stuck(new Fw({ api: StuckAPI, timeout }))
      expect(await statusAfter(answer, ms - 10), String(timeout)).toBe('pending')
      expect(await statusAfter(answer, 20), String(timeout)).toBe(504)
    }
  })

  it('false turns it off, for the service or one class; a class may also set a longer one', async () => {
    class Unbounded extends StuckAPI {
      static timeout = false as const
    }
    class Longer extends StuckAPI {
      static timeout = '45s'
    }
    expect(await statusAfter(stuck(new Fw({ api: StuckAPI, timeout: false })), 120_000)).toBe('pending')
    expect(await statusAfter(stuck(new Fw({ api: Unbounded })), 120_000)).toBe('pending')
    const longer = stuck(new Fw({ api: Longer, timeout: '1s' }))
    expect(await statusAfter(longer, 44_000)).toBe('pending')
    expect(await statusAfter(longer, 1_100)).toBe(504)
  })

  it('@api.timeout wins over the class and the service, and takes the same forms', async () => {
    class Endpoint extends api.API {
      static timeout = '1s'
      @api.timeout(false)
      @api.get
      async open() {
        await never()
      }
      @api.timeout('3s')
      @api.get
      async three() {
        await never()
      }
    }
    const service = new Fw({ api: Endpoint, timeout: 500 })
    expect(await statusAfter(service.fetch(new Request('http://x/open')), 60_000)).toBe('pending')
    const three = service.fetch(new Request('http://x/three'))
    expect(await statusAfter(three, 2_900)).toBe('pending')
    expect(await statusAfter(three, 200)).toBe(504)
  })
})

describe('deadline options that are no duration', () => {
  it('are ImproperlyConfigured, naming where', () => {
    for (const timeout of [0, -1, Number.NaN, '30', '1 week', 'soon', '']) {
      const build = () => new Fw({ api: StuckAPI, timeout }).routes()
      expect(build, String(timeout)).toThrow(exceptions.ImproperlyConfigured)
      expect(build, String(timeout)).toThrow(/new Fw\(\{ timeout \}\).*no duration/)
    }
    class Bad extends StuckAPI {
      static timeout = 'later'
    }
    expect(() => new Fw({ api: Bad }).routes()).toThrow(/Bad\.timeout: "later" is no duration/)
    expect(() => api.timeout('5')).toThrow(exceptions.ImproperlyConfigured)
  })

  it('durationMs reads each unit', () => {
    expect(durationMs('1.5s', 'x')).toBe(1500)
    expect(durationMs('2h', 'x')).toBe(7_200_000)
    expect(durationMs('1d', 'x')).toBe(86_400_000)
    expect(durationMs(' 10 ms ', 'x')).toBe(10)
  })
})
