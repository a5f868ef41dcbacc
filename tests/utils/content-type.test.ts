/**
 * src/utils/content-type.ts: Content-Type parsing (essence lower-cased, parameters by name,
 * quoted values unescaped) and matching by pattern.
 */
import { describe, expect, it } from 'vitest'
import { cpuTimeSync } from '../helpers/time'
import { contentTypeEssence, isJsonType, isXmlType, parseContentType, parseHeaderParams, typeMatcher } from '../../src/utils/content-type'

describe('parseContentType', () => {
  it('lower-cases the essence and reads the parameters', () => {
    const parsed = parseContentType('Application/JSON ; Charset=UTF-8')
    expect(parsed?.essence).toBe('application/json')
    expect({ ...parsed?.params }).toEqual({ charset: 'UTF-8' })
  })

  it('unescapes a quoted value and keeps `;` inside quotes', () => {
    const parsed = parseContentType('multipart/form-data; boundary="a;b\\"c\\\\d"; x=1')
    expect(parsed?.params.boundary).toBe('a;b"c\\d')
    expect(parsed?.params.x).toBe('1')
  })

  it('keeps the first of a repeated parameter and skips one without `=`', () => {
    expect({ ...parseContentType('text/plain; flag; charset=a; charset=b')?.params }).toEqual({ charset: 'a' })
  })

  it('holds the parameters in a null-prototype map (a `__proto__` parameter is plain data)', () => {
    const params = parseContentType('text/plain; __proto__=x; constructor=y')?.params ?? {}
    expect(Object.getPrototypeOf(params)).toBeNull()
    expect(params.constructor).toBe('y')
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('answers undefined for no header or no essence', () => {
    expect(parseContentType(null)).toBeUndefined()
    expect(parseContentType('')).toBeUndefined()
    expect(parseContentType(' ; charset=utf-8')).toBeUndefined()
  })

  it('reads a hostile header of many parameters in linear time', () => {
    const header = `text/plain${'; a=b'.repeat(20_000)}; ${'"'.repeat(10_000)}`
    const { ms } = cpuTimeSync(() => {
      parseContentType(header)
    })
    expect(ms, 'CPU ms (a hang guard)').toBeLessThan(2000)
  })
})

describe('parseHeaderParams', () => {
  it('reads from an offset into the given map, trimming unquoted values', () => {
    const out: Record<string, string> = Object.create(null)
    parseHeaderParams('form-data; name="field"; filename= a.txt ', 9, out)
    expect({ ...out }).toEqual({ name: 'field', filename: 'a.txt' })
  })
})

describe('contentTypeEssence', () => {
  it('is the type without parameters, trimmed and lower-cased', () => {
    expect(contentTypeEssence(' Text/HTML; charset=x')).toBe('text/html')
    expect(contentTypeEssence('image/png')).toBe('image/png')
  })
})

describe('isJsonType / isXmlType', () => {
  it('recognises the types and their structured suffixes', () => {
    expect(isJsonType('application/json')).toBe(true)
    expect(isJsonType('application/problem+json')).toBe(true)
    expect(isJsonType('text/json')).toBe(false)
    expect(isXmlType('text/xml')).toBe(true)
    expect(isXmlType('application/atom+xml')).toBe(true)
    expect(isXmlType('application/xhtml')).toBe(false)
  })
})

describe('typeMatcher', () => {
  it('matches exact types, `type/*` prefixes and `*/*`, from a comma-separated pattern', () => {
    const images = typeMatcher('image/*, application/pdf')
    expect(images('image/png')).toBe(true)
    expect(images('application/pdf')).toBe(true)
    expect(images('application/pdfx')).toBe(false)
    expect(images('imagex/png')).toBe(false)
    expect(typeMatcher('*/*')('anything/else')).toBe(true)
    expect(typeMatcher('*')('x/y')).toBe(true)
  })

  it('ignores parameters and case in the pattern, and builds one matcher per pattern', () => {
    expect(typeMatcher('Text/Plain; charset=utf-8')('text/plain')).toBe(true)
    expect(typeMatcher('text/plain')).toBe(typeMatcher('text/plain'))
    expect(typeMatcher(' , ')('text/plain')).toBe(false)
  })
})
