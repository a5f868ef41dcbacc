/**
 * `conf.Time` date formatting, one strftime directive at a time (SPEC §5).
 * Through the public surface only: `new Time({ datetimeFormat, timeZone }).format(date)`,
 * and once end to end (a returned Date in a response).
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Fw, api } from 'fw-api'
import { Time } from 'fw-api/conf'
import { call } from '../helpers/client'

/** Tuesday 5 March 2024 (a leap year), 07:08:09.012 UTC: day 65 of the year. */
const instant = new Date('2024-03-05T07:08:09.012Z')
const format = (pattern: string, date = instant, timeZone?: string): string => new Time({ datetimeFormat: pattern, ...(timeZone ? { timeZone } : {}) }).format(date)

describe('strftime directives (UTC)', () => {
  const cases: [directive: string, expected: string][] = [
    ['%Y', '2024'],
    ['%y', '24'],
    ['%m', '03'],
    ['%d', '05'],
    ['%e', ' 5'],
    ['%H', '07'],
    ['%I', '07'],
    ['%p', 'AM'],
    ['%M', '08'],
    ['%S', '09'],
    ['%f', '012000'],
    ['%z', '+0000'],
    ['%Z', 'UTC'],
    ['%a', 'Tue'],
    ['%A', 'Tuesday'],
    ['%b', 'Mar'],
    ['%B', 'March'],
    ['%j', '065'],
    ['%%', '%'],
  ]
  for (const [directive, expected] of cases) {
    it(`${directive} → ${JSON.stringify(expected)}`, () => {
      expect(format(directive)).toBe(expected)
      // and inside literal text, unchanged around it
      expect(format(`<${directive}>`)).toBe(`<${expected}>`)
    })
  }

  it('pads and wraps at the edges of the clock and the year', () => {
    const last = new Date('2024-12-31T23:59:59.999Z')
    expect(format('%H %I %p %j %f %a %d', last)).toBe('23 11 PM 366 999000 Tue 31')
    expect(format('%H %I %p', new Date('2024-01-01T00:30:00Z'))).toBe('00 12 AM')
    expect(format('%H %I %p', new Date('2024-01-01T12:00:00Z'))).toBe('12 12 PM')
    expect(format('%y %j %e', new Date('2005-01-09T00:00:00Z'))).toBe('05 009  9')
    expect(format('%j', new Date('2023-12-31T00:00:00Z'))).toBe('365') // not a leap year
    expect(format('%f', new Date('2024-01-01T00:00:00.000Z'))).toBe('000000')
  })

  it('leaves unknown directives, a trailing % and escaped %% as text', () => {
    expect(format('%Q')).toBe('%Q')
    expect(format('100%')).toBe('100%')
    expect(format('%%Y=%Y')).toBe('%Y=2024')
    expect(format('plain text')).toBe('plain text')
  })

  it('combines directives into the usual patterns', () => {
    expect(format('%Y-%m-%d %H:%M:%S')).toBe('2024-03-05 07:08:09')
    expect(format('%a, %d %b %Y %H:%M:%S %Z')).toBe('Tue, 05 Mar 2024 07:08:09 UTC')
    expect(format('%A %B %e, %I:%M %p')).toBe('Tuesday March  5, 07:08 AM')
  })
})

describe('strftime directives in a time zone', () => {
  it('shifts every field to the zone, with %z and %Z naming it', () => {
    // +05:30, no DST
    expect(format('%Y-%m-%d %H:%M:%S.%f %z %Z', instant, 'Asia/Kolkata')).toBe('2024-03-05 12:38:09.012000 +0530 Asia/Kolkata')
    // -05:00 in winter: the wall date is the day before, a Monday, day 64
    const early = new Date('2024-03-05T02:00:00Z')
    expect(format('%Y-%m-%d %H %I %p %a %A %j %z', early, 'America/New_York')).toBe('2024-03-04 21 09 PM Mon Monday 064 -0500')
  })

  it('follows daylight saving time', () => {
    expect(format('%H:%M %z', new Date('2024-07-01T12:00:00Z'), 'America/New_York')).toBe('08:00 -0400')
    expect(format('%H:%M %z', new Date('2024-01-01T12:00:00Z'), 'America/New_York')).toBe('07:00 -0500')
  })

  it('rejects an unknown zone when configured, not at the first request', () => {
    expect(() => new Time({ timeZone: 'Not/AZone' })).toThrow(RangeError)
  })
})

describe('the default ISO 8601 format', () => {
  it('prints milliseconds and the offset (Z for UTC), or none with useTz: false', () => {
    expect(new Time().format(instant)).toBe('2024-03-05T07:08:09.012Z')
    expect(new Time({ timeZone: 'Asia/Kolkata' }).format(instant)).toBe('2024-03-05T12:38:09.012+05:30')
    expect(new Time({ timeZone: 'America/New_York' }).format(instant)).toBe('2024-03-05T02:08:09.012-05:00')
    expect(new Time({ useTz: false }).format(instant)).toBe('2024-03-05T07:08:09.012')
  })

  it('writes an invalid date as "Invalid Date"', () => {
    expect(new Time().format(new Date(Number.NaN))).toBe('Invalid Date')
    expect(format('%Y', new Date(Number.NaN))).toBe('Invalid Date')
  })
})

describe('conf.Time applied to a service', () => {
  class RootAPI extends api.API {
    @api.get({ at: v.date() })
    echo({ at }: { at: Date }) {
      return { at, nested: [at] }
    }
  }

  it('formats every Date in a response with the configured pattern and zone', async () => {
    const service = new Fw(import.meta.url, { api: RootAPI })
    service.use(new Time({ datetimeFormat: '%d/%m/%Y %H:%M %Z', timeZone: 'Asia/Kolkata' }))
    const response = await call(service, `GET /echo?at=${encodeURIComponent(instant.toISOString())}`)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ at: '05/03/2024 12:38 Asia/Kolkata', nested: ['05/03/2024 12:38 Asia/Kolkata'] })
  })
})
