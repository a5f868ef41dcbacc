/** src/plugins/compress/negotiate.ts: the coding an `Accept-Encoding` asks for (RFC 9110 §12.5.3), bounded. */
import { describe, expect, it } from 'vitest'
import { cpuTimeSync } from '../../helpers/time'
import { LastNegotiated, MAX_CODINGS, negotiate } from '../../../src/plugins/compress/negotiate'

const ALL = ['br', 'gzip', 'deflate'] as const

describe('negotiate', () => {
  it('sends nothing compressed without the header', () => {
    expect(negotiate(null, ALL)).toEqual({ encoding: undefined, identityRefused: false })
  })

  it('takes the highest weight, the server’s order breaking ties', () => {
    expect(negotiate('gzip, br', ALL).encoding).toBe('br')
    expect(negotiate('gzip;q=1, br;q=0.5', ALL).encoding).toBe('gzip')
    expect(negotiate('deflate', ALL).encoding).toBe('deflate')
    expect(negotiate('gzip, br', ['gzip', 'br']).encoding).toBe('gzip')
  })

  it('reads codings and q case-insensitively, x-gzip as gzip, `*` for the rest', () => {
    expect(negotiate('GZIP;Q=0.8', ALL).encoding).toBe('gzip')
    expect(negotiate('x-gzip', ALL).encoding).toBe('gzip')
    expect(negotiate('*', ALL).encoding).toBe('br')
    expect(negotiate('br;q=0, *;q=0.5', ALL).encoding).toBe('gzip')
  })

  it('never sends a coding at q=0, nor one not offered', () => {
    expect(negotiate('gzip;q=0', ALL).encoding).toBeUndefined()
    expect(negotiate('zstd', ALL).encoding).toBeUndefined()
    expect(negotiate('br', ['gzip']).encoding).toBeUndefined()
  })

  it('ignores a malformed weight, and keeps the first entry of a repeated coding', () => {
    for (const bad of ['2', '0.1234', 'high', '1.5', '-1', '']) expect(negotiate(`br;q=${bad}`, ALL).encoding, bad).toBeUndefined()
    expect(negotiate('gzip;q=0, gzip;q=1', ALL).encoding).toBeUndefined()
  })

  it('says when identity is refused (identity;q=0, or *;q=0 without identity)', () => {
    expect(negotiate('identity;q=0', ALL).identityRefused).toBe(true)
    expect(negotiate('*;q=0', ALL).identityRefused).toBe(true)
    expect(negotiate('*;q=0, identity', ALL).identityRefused).toBe(false)
    expect(negotiate('gzip', ALL).identityRefused).toBe(false)
  })

  it(`reads at most ${MAX_CODINGS} entries of a hostile header`, () => {
    const header = `${'a, '.repeat(MAX_CODINGS)}br`
    expect(negotiate(header, ALL).encoding).toBeUndefined()
    expect(negotiate(`${'a, '.repeat(MAX_CODINGS - 1)}br`, ALL).encoding).toBe('br')
    const { ms } = cpuTimeSync(() => {
      negotiate(',;'.repeat(200_000), ALL)
    })
    expect(ms, 'CPU ms (a hang guard)').toBeLessThan(2000)
  })
})

describe('LastNegotiated', () => {
  it('answers as negotiate does, the same frozen outcome while the header and offer repeat', () => {
    const chosen = new LastNegotiated()
    expect(chosen.of(null, ALL)).toEqual(negotiate(null, ALL))
    const first = chosen.of('gzip, deflate, br', ALL)
    expect(first).toEqual(negotiate('gzip, deflate, br', ALL))
    expect(Object.isFrozen(first)).toBe(true)
    // a header read again is a new string of the same text: still the outcome remembered
    expect(chosen.of(['gzip', 'deflate', 'br'].join(', '), ALL)).toBe(first)
    expect(chosen.of('identity;q=0, gzip', ALL)).toEqual({ encoding: 'gzip', identityRefused: true })
    expect(chosen.of('gzip, deflate, br', ['deflate'])).toEqual({ encoding: 'deflate', identityRefused: false })
    expect(chosen.of(null, ALL)).toEqual({ encoding: undefined, identityRefused: false })
  })
})
