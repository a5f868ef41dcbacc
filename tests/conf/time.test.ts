/** src/conf/time.ts: `conf.Time` — how dates in results are written (ISO by default, strftime formats, time zones). */
import { describe, expect, it } from 'vitest'
import type { ServiceHooks } from '../../src/api/install'
import { INSTALL } from '../../src/api/install'
import { Time } from '../../src/conf/time'

const DATE = new Date('2024-03-05T07:08:09.123Z')

describe('Time.format', () => {
  it('writes ISO 8601 to the millisecond with its offset by default', () => {
    expect(new Time().format(DATE)).toBe('2024-03-05T07:08:09.123Z')
    expect(new Time({ timeZone: 'Asia/Kolkata' }).format(DATE)).toBe('2024-03-05T12:38:09.123+05:30')
    expect(new Time({ timeZone: 'America/New_York' }).format(DATE)).toBe('2024-03-05T02:08:09.123-05:00')
  })

  it('leaves the offset out without useTz', () => {
    expect(new Time({ useTz: false }).format(DATE)).toBe('2024-03-05T07:08:09.123')
  })

  it('writes a strftime format as given', () => {
    expect(new Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S' }).format(DATE)).toBe('2024-03-05 07:08:09')
  })

  it('writes an invalid date as such, never throwing', () => {
    expect(new Time().format(new Date(Number.NaN))).toBe('Invalid Date')
  })
})

describe('Time.stringify', () => {
  it('serialises dates at any depth in its format, everything else as JSON', () => {
    const time = new Time({ datetimeFormat: '%Y-%m-%d' })
    expect(time.stringify({ at: DATE, list: [DATE], n: 1, s: 'x' })).toBe('{"at":"2024-03-05","list":["2024-03-05"],"n":1,"s":"x"}')
    expect(time.stringify(DATE)).toBe('"2024-03-05"')
  })
})

describe('service.use(conf.Time(...))', () => {
  it('installs its stringify as the service’s', () => {
    let stringify: ((value: unknown) => string) | undefined
    const hooks: ServiceHooks = { onClose: () => {}, addPlugin: () => {}, setStringify: (given) => void (stringify = given), setNest: () => {} }
    new Time({ datetimeFormat: '%Y' })[INSTALL](hooks)
    expect(stringify?.({ at: DATE })).toBe('{"at":"2024"}')
  })
})
