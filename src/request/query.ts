/**
 * Query strings parsed as `URLSearchParams` parses them, and the one rule query strings, form
 * bodies and multipart bodies share: a repeated key becomes an array.
 */

/** Query values by name: a string, or an array when the key repeats (null prototype). */
export type QueryValues = Record<string, string | string[]>

import { percentDecoded } from '../utils/chars'

/** `+` → space, then percent-decode; `undefined` when the text is not valid percent-encoded UTF-8. */
function decodeQueryPart(text: string): string | undefined {
  return percentDecoded(text.includes('+') ? text.replaceAll('+', ' ') : text)
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
  const kind = queryKind(search)
  if (kind === NEEDS_URL_SEARCH_PARAMS) return queryObject(new URLSearchParams(search))
  const length = search.length
  let start = search.charCodeAt(0) === 0x3f ? 1 : 0 // URLSearchParams drops one leading '?'
  while (start < length) {
    let end = search.indexOf('&', start)
    if (end < 0) end = length
    if (end > start) {
      const equalsAt = search.indexOf('=', start)
      const hasValue = equalsAt >= 0 && equalsAt < end
      const rawName = search.slice(start, hasValue ? equalsAt : end)
      const rawValue = hasValue ? search.slice(equalsAt + 1, end) : ''
      // Nothing to decode anywhere (no '+' or '%'): the slices are the names and values.
      const name = kind === PLAIN ? rawName : decodeQueryPart(rawName)
      const value = kind === PLAIN ? rawValue : decodeQueryPart(rawValue)
      if (name === undefined || value === undefined) return queryObject(new URLSearchParams(search))
      addRepeated(out, name, value)
    }
    start = end + 1
  }
  return out
}

/** ASCII with neither `+` nor `%` (split as is), ASCII to decode, or anything else (URLSearchParams). */
const PLAIN = 0
const ENCODED = 1
const NEEDS_URL_SEARCH_PARAMS = 2

/** One pass over the query string says how it is parsed (instead of a regex, then two `includes` per name and value). */
function queryKind(search: string): number {
  let kind = PLAIN
  for (let index = 0; index < search.length; index++) {
    const code = search.charCodeAt(index)
    if (code > 0x7f) return NEEDS_URL_SEARCH_PARAMS
    if (code === 0x2b || code === 0x25) kind = ENCODED
  }
  return kind
}

/** Everything under one query key: a string, or an array when the key repeats. */
export function queryObject(query: URLSearchParams): QueryValues {
  const out: Record<string, string | string[]> = Object.create(null)
  for (const [key, value] of query) addRepeated(out, key, value)
  return out
}

/**
 * Add `value` under `key`: the value itself the first time, an array from the
 * second time on — "a repeated key becomes an array", the one rule query strings,
 * form bodies and multipart bodies share. The target is a null-prototype object, and a
 * `__proto__` key is dropped outright (no query or form field has a legitimate
 * use for that name, and dropping it keeps later copies into plain objects safe).
 *
 * @example
 * const out: Record<string, string | string[]> = Object.create(null)
 * addRepeated(out, 'a', '1'); addRepeated(out, 'a', '2') // out.a → ['1', '2']
 */
export function addRepeated<T>(out: Record<string, T | T[]>, key: string, value: T): void {
  if (key === '__proto__') return
  const existing = out[key]
  if (existing === undefined) out[key] = value
  else if (Array.isArray(existing)) existing.push(value)
  else out[key] = [existing, value]
}
