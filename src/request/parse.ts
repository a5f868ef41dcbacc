/** Query, cookie and header-name parsing for the request context (each runs at most once per request). */
import { parse as parseCookieHeader } from 'cookie'
import { addRepeated } from '../utils/repeated'

/**
 * Split a `Cookie` header into a null-prototype map: `cookie` (jshttp) splits the pairs (first occurrence
 * of a name wins, a pair without `=` skipped); `cookieValue` applies fw's value rules. A pair with an empty
 * name is dropped.
 *
 * @example
 * parseCookies('sessionid=abc; theme="dark"') // { sessionid: 'abc', theme: 'dark' }
 */
export function parseCookies(header: string | null): Record<string, string> {
  if (!header) return Object.create(null) as Record<string, string>
  // Every value is a string (`cookieValue`); the library's type allows `undefined` for absent names.
  const cookies = parseCookieHeader(header, COOKIE_OPTIONS) as Record<string, string>
  delete cookies['']
  return cookies
}

/**
 * A cookie value: whitespace around it and one pair of surrounding DQUOTEs dropped, then
 * percent-decoded; a malformed escape is kept as text.
 */
function cookieValue(raw: string): string {
  let value = raw.trim()
  if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

const COOKIE_OPTIONS = { decode: cookieValue }

/** Query values by name: a string, or an array when the key repeats (null prototype). */
export type QueryValues = Record<string, string | string[]>

const NON_ASCII = /[^\x00-\x7f]/
const PLUS = /\+/g

/** `+` → space, then percent-decode; `undefined` when the text is not valid percent-encoded UTF-8. */
function decodeQueryPart(text: string): string | undefined {
  const spaced = text.includes('+') ? text.replace(PLUS, ' ') : text
  if (!spaced.includes('%')) return spaced
  try {
    return decodeURIComponent(spaced)
  } catch {
    return undefined
  }
}

/**
 * Parse a query string exactly as `new URLSearchParams(search)` does (WHATWG
 * urlencoded parsing), into the shape of `queryObject`, without building a
 * URLSearchParams: ASCII text with valid percent-encoding (every URL a
 * `Request` serialises) is split by hand; anything else goes through
 * URLSearchParams, whose lenient decoding then applies.
 *
 * @example
 * parseQuery('page=2&tag=a&tag=b') // { page: '2', tag: ['a', 'b'] }
 */
export function parseQuery(search: string): QueryValues {
  const out: QueryValues = Object.create(null)
  if (!search) return out
  if (NON_ASCII.test(search)) return queryObject(new URLSearchParams(search))
  const length = search.length
  let start = search.charCodeAt(0) === 0x3f ? 1 : 0 // URLSearchParams drops one leading '?'
  while (start < length) {
    let end = search.indexOf('&', start)
    if (end < 0) end = length
    if (end > start) {
      const equalsAt = search.indexOf('=', start)
      const hasValue = equalsAt >= 0 && equalsAt < end
      const name = decodeQueryPart(search.slice(start, hasValue ? equalsAt : end))
      const value = hasValue ? decodeQueryPart(search.slice(equalsAt + 1, end)) : ''
      if (name === undefined || value === undefined) return queryObject(new URLSearchParams(search))
      addRepeated(out, name, value)
    }
    start = end + 1
  }
  return out
}

/** Everything under one query key: a string, or an array when the key repeats. */
export function queryObject(query: URLSearchParams): QueryValues {
  const out: Record<string, string | string[]> = Object.create(null)
  for (const [key, value] of query) addRepeated(out, key, value)
  return out
}

/** `xTestHeader` → `x-test-header` */
export function kebabCase(name: string): string {
  return name
    .replace(/[A-Z]/g, (char, index: number) => (index ? '-' : '') + char.toLowerCase())
    .replace(/_/g, '-')
}
