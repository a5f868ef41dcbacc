/**
 * src/plugins/conditional/preconditions.ts: RFC 9110 §13 preconditions — If-Match,
 * If-Unmodified-Since, If-None-Match, If-Modified-Since in their order of precedence; weak and
 * strong comparison; entity-tags checked; hostile lists bounded.
 */
import { describe, expect, it } from 'vitest'
import { cpuTimeSync } from '../../helpers/time'
import { conditionalRequest, entityTag, evaluate, MAX_TAGS, seconds } from '../../../src/plugins/conditional/preconditions'

const headers = (values: Record<string, string>): Headers => new Headers(values)
const MODIFIED = 'Tue, 02 Jan 2024 00:00:00 GMT'
const EARLIER = 'Mon, 01 Jan 2024 00:00:00 GMT'
const LATER = 'Wed, 03 Jan 2024 00:00:00 GMT'

describe('entityTag', () => {
  it('keeps a quoted or weak tag, quotes a bare one', () => {
    expect(entityTag('"v1"')).toBe('"v1"')
    expect(entityTag('W/"v1"')).toBe('W/"v1"')
    expect(entityTag('v1')).toBe('"v1"')
  })

  it('refuses what no entity-tag can be (a quote inside, spaces, two tags)', () => {
    for (const bad of ['"a"b"', 'a b', '"a", "b"', 'W/"x', 'a"b']) expect(entityTag(bad), bad).toBeUndefined()
  })
})

describe('seconds', () => {
  it('reads a Date, epoch ms or an HTTP date to whole seconds', () => {
    expect(seconds(new Date(1500))).toBe(1)
    expect(seconds(2999)).toBe(2)
    expect(seconds(MODIFIED)).toBe(1704153600)
  })

  it('is undefined for nothing or no date', () => {
    expect(seconds(null)).toBeUndefined()
    expect(seconds(undefined)).toBeUndefined()
    expect(seconds('not a date')).toBeUndefined()
    expect(seconds(Number.NaN)).toBeUndefined()
  })
})

describe('evaluate', () => {
  const current = { etag: 'v1', lastModified: MODIFIED }

  it('answers 304 to a GET whose If-None-Match names the tag (weak comparison)', () => {
    expect(evaluate(headers({ 'if-none-match': '"v1"' }), 'GET', current)).toBe(304)
    expect(evaluate(headers({ 'if-none-match': 'W/"v1"' }), 'HEAD', current)).toBe(304)
    expect(evaluate(headers({ 'if-none-match': '"x", "v1"' }), 'GET', current)).toBe(304)
    expect(evaluate(headers({ 'if-none-match': '*' }), 'GET', current)).toBe(304)
    expect(evaluate(headers({ 'if-none-match': '"v2"' }), 'GET', current)).toBe('proceed')
  })

  it('answers 412 to an unsafe method whose If-None-Match matches', () => {
    expect(evaluate(headers({ 'if-none-match': '*' }), 'PUT', current)).toBe(412)
  })

  it('answers 412 when If-Match does not match strongly (a weak tag never does)', () => {
    expect(evaluate(headers({ 'if-match': '"v1"' }), 'PUT', current)).toBe('proceed')
    expect(evaluate(headers({ 'if-match': '"v2"' }), 'PUT', current)).toBe(412)
    expect(evaluate(headers({ 'if-match': 'W/"v1"' }), 'PUT', current)).toBe(412)
    expect(evaluate(headers({ 'if-match': '"v1"' }), 'PUT', { etag: 'W/"v1"' })).toBe(412)
    expect(evaluate(headers({ 'if-match': '*' }), 'PUT', current)).toBe('proceed')
    expect(evaluate(headers({ 'if-match': '*' }), 'PUT', undefined)).toBe(412)
  })

  it('uses the dates only without the tag headers', () => {
    expect(evaluate(headers({ 'if-modified-since': MODIFIED }), 'GET', current)).toBe(304)
    expect(evaluate(headers({ 'if-modified-since': EARLIER }), 'GET', current)).toBe('proceed')
    expect(evaluate(headers({ 'if-modified-since': LATER, 'if-none-match': '"v2"' }), 'GET', current)).toBe('proceed')
    expect(evaluate(headers({ 'if-modified-since': LATER }), 'POST', current)).toBe('proceed')
    expect(evaluate(headers({ 'if-unmodified-since': EARLIER }), 'PUT', current)).toBe(412)
    expect(evaluate(headers({ 'if-unmodified-since': LATER }), 'PUT', current)).toBe('proceed')
    expect(evaluate(headers({ 'if-unmodified-since': EARLIER, 'if-match': '"v1"' }), 'PUT', current)).toBe('proceed')
  })

  it('ignores a date it cannot read, and proceeds without validators', () => {
    expect(evaluate(headers({ 'if-modified-since': 'yesterday' }), 'GET', current)).toBe('proceed')
    expect(evaluate(headers({ 'if-none-match': '"v1"' }), 'GET', undefined)).toBe('proceed')
    expect(evaluate(headers({}), 'GET', current)).toBe('proceed')
  })

  it(`compares at most ${MAX_TAGS} tags of a hostile list, in linear time`, () => {
    const many = `${'"x", '.repeat(MAX_TAGS)}"v1"`
    expect(evaluate(headers({ 'if-none-match': many }), 'GET', current)).toBe('proceed')
    const { ms } = cpuTimeSync(() => {
      evaluate(headers({ 'if-none-match': 'W/"'.repeat(50_000) }), 'GET', current)
    })
    expect(ms, 'CPU ms (a hang guard)').toBeLessThan(2000)
  })
})

describe('conditionalRequest', () => {
  it('is true when any precondition header is sent', () => {
    for (const name of ['if-match', 'if-none-match', 'if-modified-since', 'if-unmodified-since']) expect(conditionalRequest(headers({ [name]: 'x' })), name).toBe(true)
    expect(conditionalRequest(headers({ 'if-range': 'x' }))).toBe(false)
  })
})
