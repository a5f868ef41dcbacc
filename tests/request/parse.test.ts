/**
 * src/request/parse.ts: header names from param keys (`kebabCase`), and a cookie's value rules
 * (`cookieValue`). How `parseCookies` splits a header (and agrees with the `cookie` package) is
 * tests/request/cookies.test.ts, named by the unit's own comment.
 */
import { describe, expect, it } from 'vitest'
import { cookieValue, kebabCase, parseCookies } from '../../src/request/parse'

describe('kebabCase', () => {
  it('turns camelCase and snake_case keys into header names', () => {
    expect(kebabCase('xTestHeader')).toBe('x-test-header')
    expect(kebabCase('auth_token')).toBe('auth-token')
    expect(kebabCase('cookie')).toBe('cookie')
  })

  it('keeps a name already spelled as a header name, and one separator after an underscore', () => {
    expect(kebabCase('X-Auth-Token')).toBe('X-Auth-Token')
    expect(kebabCase('x-request-Id')).toBe('x-request-Id')
    expect(kebabCase('X_Meta_Data')).toBe('x-meta-data')
  })
})

describe('cookieValue', () => {
  it('drops the whitespace around a value and one pair of surrounding quotes', () => {
    expect(cookieValue(' abc ')).toBe('abc')
    expect(cookieValue('"abc"')).toBe('abc')
    expect(cookieValue('""abc""')).toBe('"abc"')
    expect(cookieValue('"')).toBe('"')
    expect(cookieValue('"abc')).toBe('"abc')
  })

  it('percent-decodes, keeping a malformed escape as text', () => {
    expect(cookieValue(' "a%20b" ')).toBe('a b')
    expect(cookieValue('%E2%9C%93')).toBe('\u2713')
    expect(cookieValue('100%')).toBe('100%')
    expect(cookieValue('%E0%A4%A')).toBe('%E0%A4%A')
  })
})

describe('parseCookies', () => {
  it('returns a null-prototype map, empty for no header', () => {
    expect(Object.getPrototypeOf(parseCookies('a=1'))).toBeNull()
    expect(Object.keys(parseCookies(null))).toEqual([])
    expect(Object.keys(parseCookies(''))).toEqual([])
  })

  it('applies cookieValue to each value', () => {
    expect({ ...parseCookies('theme="dark"; name=a%20b') }).toEqual({ theme: 'dark', name: 'a b' })
  })
})
