/**
 * src/service/options.ts: the options of `new Fw()` read once — the default deadline, the two
 * spellings of `asynchronous`, and an adapt() prefix that repeats the service's route warned of.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from 'fw-api'
import { ImproperlyConfigured } from '../../src/exceptions'
import { adaptPrefix, asynchronousOption, DEFAULT_DEADLINE_MS, serviceDeadline } from '../../src/service/options'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('serviceDeadline', () => {
  it('is 30 s by default, the given duration otherwise, none with false', () => {
    expect(DEFAULT_DEADLINE_MS).toBe(30_000)
    expect(serviceDeadline({})).toBe(30_000)
    expect(serviceDeadline({ timeout: '2s' })).toBe(2000)
    expect(serviceDeadline({ timeout: 500 })).toBe(500)
    expect(serviceDeadline({ timeout: false })).toBeUndefined()
  })

  it('refuses a timeout that is no duration', () => {
    expect(() => serviceDeadline({ timeout: 'soon' })).toThrow(ImproperlyConfigured)
    expect(() => serviceDeadline({ timeout: 0 })).toThrow(/new Fw\(\{ timeout \}\)/)
  })
})

describe('asynchronousOption', () => {
  it('takes either spelling, and both when they agree', () => {
    expect(asynchronousOption({ asynchornous: true }, 'x')).toBe(true)
    expect(asynchronousOption({ asynchronous: false }, 'x')).toBe(false)
    expect(asynchronousOption({ asynchornous: true, asynchronous: true }, 'x')).toBe(true)
    expect(asynchronousOption({}, 'x')).toBeUndefined()
  })

  it('refuses the two spellings disagreeing', () => {
    expect(() => asynchronousOption({ asynchornous: true, asynchronous: false }, 'new Fw()')).toThrow(
      "new Fw(): 'asynchornous: true' and 'asynchronous: false' are the same option; give one",
    )
  })
})

describe('adaptPrefix', () => {
  it('gives the adapt() route normalised, without a warning when nothing repeats', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(adaptPrefix('legacy/', { route: '/api' })).toBe('/legacy')
    expect(warn).not.toHaveBeenCalled()
  })

  it('warns when the adapt() route repeats the service’s route or its root API’s', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(adaptPrefix('/api', { route: '/api' })).toBe('/api')
    expect(warn.mock.calls[0]?.[0]).toMatch(/^fw: service\.adapt\('\/api'\) stacks with the service's route: its routes are served under \/api\/api \('api' twice\)\. Give the prefix once/)
    @api.route('v1')
    class Root extends api.API {}
    adaptPrefix('/v1', { api: Root })
    expect(warn.mock.calls[1]?.[0]).toMatch(/stacks with the service's route and its root API route/)
  })
})
