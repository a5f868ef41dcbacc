/** src/utils/duration.ts: the one parser of fw's duration options, and deadlines. */
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { deadlineMs, durationMs } from '../../src/utils/duration'

describe('durationMs', () => {
  it('takes milliseconds, or a number and a unit', () => {
    expect(durationMs(250, 'x')).toBe(250)
    expect(durationMs('500ms', 'x')).toBe(500)
    expect(durationMs('30s', 'x')).toBe(30_000)
    expect(durationMs(' 1.5 m ', 'x')).toBe(90_000)
    expect(durationMs('1h', 'x')).toBe(3_600_000)
    expect(durationMs('2d', 'x')).toBe(172_800_000)
  })

  it('refuses zero, negatives, non-finite numbers, unknown units and junk, naming where', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '0s', '-1s', '10', '10 sec', '1w', 's', '', '1e3ms'])
      expect(() => durationMs(bad, 'rateLimit.window'), String(bad)).toThrow(ImproperlyConfigured)
    expect(() => durationMs('10 sec', 'rateLimit.window')).toThrow(
      `rateLimit.window: "10 sec" is no duration; give a positive number of milliseconds or a string like '30s', '500ms', '1m'`,
    )
  })
})

describe('deadlineMs', () => {
  it('passes undefined (the default) and false (no deadline) through', () => {
    expect(deadlineMs(undefined, 'deadline')).toBeUndefined()
    expect(deadlineMs(false, 'deadline')).toBe(false)
  })

  it('reads a duration, and refuses any other value', () => {
    expect(deadlineMs('2s', 'deadline')).toBe(2000)
    expect(() => deadlineMs(true, 'deadline')).toThrow("deadline: give milliseconds, a duration string like '30s', or false (no deadline)")
    expect(() => deadlineMs(null, 'deadline')).toThrow(ImproperlyConfigured)
  })
})
