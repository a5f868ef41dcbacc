/**
 * src/body/format.ts: the format a request body is read as under an endpoint's plan, from its
 * Content-Type (a declared `contentType` narrowing every format), and each format's byte limit.
 */
import { describe, expect, it } from 'vitest'
import { accepts, acceptsType, type BodyPlan, contentTypeOf, formatOf, JSON_TYPE, limitOf, readingOf } from '../../src/body/format'
import { defaultLimits } from '../../src/body/limits'
import { parseContentType } from '../../src/utils/content-type'

const format = (plan: BodyPlan, header: string | null) => formatOf(plan, parseContentType(header))

describe('formatOf', () => {
  it('reads `any` bodies as JSON (any +json), urlencoded or multipart, XML only with fw-api/xml', () => {
    const any: BodyPlan = { accept: 'any' }
    expect(format(any, 'application/json; charset=utf-8')).toBe('json')
    expect(format(any, 'application/merge-patch+json')).toBe('json')
    expect(format(any, 'application/x-www-form-urlencoded')).toBe('urlencoded')
    expect(format(any, 'multipart/form-data; boundary=x')).toBe('multipart')
    expect(format(any, 'application/xml')).toBeUndefined()
    expect(format(any, 'text/plain')).toBeUndefined()
    expect(format(any, null)).toBeUndefined()
  })

  it('reads `json` and `form` bodies only in their own types', () => {
    expect(format({ accept: 'json' }, 'application/json')).toBe('json')
    expect(format({ accept: 'json' }, 'application/x-www-form-urlencoded')).toBeUndefined()
    expect(format({ accept: 'form' }, 'multipart/form-data; boundary=x')).toBe('multipart')
    expect(format({ accept: 'form' }, 'application/json')).toBeUndefined()
  })

  it('reads `text` and `binary` bodies whatever their type, unless a contentType narrows it', () => {
    expect(format({ accept: 'text' }, null)).toBe('text')
    expect(format({ accept: 'binary' }, 'anything/else')).toBe('binary')
    expect(format({ accept: 'binary', contentType: 'image/*' }, 'image/png')).toBe('binary')
    expect(format({ accept: 'binary', contentType: 'image/*' }, 'application/pdf')).toBeUndefined()
    expect(format({ accept: 'binary', contentType: 'image/*' }, null)).toBeUndefined()
    expect(format({ accept: 'any', contentType: 'application/vnd.api+json' }, 'application/json')).toBeUndefined()
  })
})

describe('accepts / acceptsType / contentTypeOf', () => {
  it('says whether a plan reads a Content-Type', () => {
    expect(acceptsType({ accept: 'json' }, 'application/json')).toBe(true)
    expect(acceptsType({ accept: 'json' }, 'text/plain')).toBe(false)
    expect(accepts({ accept: 'any' }, undefined)).toBe(false)
  })

  it('reads a request’s Content-Type, the plain JSON one without parsing', () => {
    const json = contentTypeOf(new Request('http://h/', { method: 'POST', headers: { 'content-type': 'application/json' } }))
    expect(json?.essence).toBe('application/json')
    expect(Object.isFrozen(json)).toBe(true)
    const form = contentTypeOf(new Request('http://h/', { method: 'POST', headers: { 'content-type': 'Multipart/Form-Data; boundary=abc' } }))
    expect(form).toMatchObject({ essence: 'multipart/form-data', params: { boundary: 'abc' } })
    expect(contentTypeOf(new Request('http://h/'))).toBeUndefined()
  })
})

describe('limitOf', () => {
  it('gives each format its byte limit, XML never above the body limit', () => {
    const limits = { ...defaultLimits, bodyBytes: 1000, formBytes: 200, multipartBytes: 3000, fileBytes: 4000, xmlBytes: 5000 }
    expect(limitOf('json', limits)).toBe(1000)
    expect(limitOf('text', limits)).toBe(1000)
    expect(limitOf('urlencoded', limits)).toBe(200)
    expect(limitOf('multipart', limits)).toBe(3000)
    expect(limitOf('binary', limits)).toBe(4000)
    expect(limitOf('xml', limits)).toBe(1000)
    expect(limitOf('xml', { ...limits, xmlBytes: 10 })).toBe(10)
  })
})

describe('readingOf', () => {
  it('gives the format a plan reads a type as and its limit, lowered by maxLength; a refused type reads nothing', () => {
    const limits = { ...defaultLimits, bodyBytes: 1000, formBytes: 200 }
    expect(readingOf({ accept: 'json' }, JSON_TYPE, limits)).toEqual({ format: 'json', limit: 1000 })
    expect(readingOf({ accept: 'any', maxLength: 10 }, JSON_TYPE, limits)).toEqual({ format: 'json', limit: 10 })
    expect(readingOf({ accept: 'any' }, parseContentType('application/x-www-form-urlencoded'), limits)).toEqual({ format: 'urlencoded', limit: 200 })
    expect(readingOf({ accept: 'form' }, JSON_TYPE, limits)).toEqual({ format: undefined, limit: 0 })
    expect(JSON_TYPE).toEqual(contentTypeOf(new Request('http://h/', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })))
  })
})
