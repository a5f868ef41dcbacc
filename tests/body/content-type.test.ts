import { describe, expect, it } from 'vitest'
import { jsonDepthExceeds, parseContentType, typeMatcher } from '../../src/body/index'
import { parseDisposition } from '../../src/body/multipart-headers'

describe('parseContentType', () => {
  it('lower-cases the essence and reads parameters, quoted or not', () => {
    expect(parseContentType('Application/JSON; Charset=UTF-8')).toEqual({ essence: 'application/json', params: { charset: 'UTF-8' } })
    expect(parseContentType('multipart/form-data; boundary="a;b \\"c\\""; x=1')?.params).toEqual({ boundary: 'a;b "c"', x: '1' })
    expect(parseContentType(null)).toBeUndefined()
    expect(parseContentType('  ')).toBeUndefined()
  })

  it('keeps the first of repeated parameters and ignores junk', () => {
    expect(parseContentType('text/plain; charset=a; charset=b; junk; =x')?.params).toEqual({ charset: 'a' })
  })
})

describe('typeMatcher', () => {
  it('matches exact types, wildcards and lists', () => {
    expect(typeMatcher('image/*')('image/png')).toBe(true)
    expect(typeMatcher('image/*')('imagex/png')).toBe(false)
    expect(typeMatcher('Text/HTML')('text/html')).toBe(true)
    expect(typeMatcher('application/pdf, image/png')('image/png')).toBe(true)
    expect(typeMatcher('application/pdf, image/png')('image/gif')).toBe(false)
    expect(typeMatcher('*/*')('anything/at-all')).toBe(true)
  })
})

describe('parseDisposition', () => {
  it('reads name and filename, preferring filename*', () => {
    expect(parseDisposition('form-data; name="a"; filename="x.png"')).toEqual({ name: 'a', filename: 'x.png' })
    expect(parseDisposition("attachment; filename=x.txt; filename*=utf-8''%C3%A9.txt")).toEqual({ filename: 'é.txt' })
    expect(parseDisposition("attachment; filename=x.txt; filename*=utf-8''%ZZ")).toEqual({ filename: 'x.txt' })
    expect(parseDisposition('inline')).toEqual({})
  })
})

describe('jsonDepthExceeds', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDepthExceeds('[[1]]', 1)).toBe(true)
    expect(jsonDepthExceeds('[[1]]', 2)).toBe(false)
    expect(jsonDepthExceeds('["[[[[", {"a": "{{{{"}]', 2)).toBe(false)
    expect(jsonDepthExceeds('["\\\\", [[1]]]', 2)).toBe(true)
    expect(jsonDepthExceeds('['.repeat(1e5), 100)).toBe(true)
  })
})
