/** Query, cookie and header-name parsing for the request context (each runs at most once per request). */
import { addRepeated } from '../utils/repeated'

/** Split a `Cookie` header into a null-prototype map (first occurrence wins). */
export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = Object.create(null)
  if (!header) return out
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0) continue
    const name = pair.slice(0, eq).trim()
    if (!name || name in out) continue
    let value = pair.slice(eq + 1).trim()
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    try {
      out[name] = value.includes('%') ? decodeURIComponent(value) : value
    } catch {
      out[name] = value
    }
  }
  return out
}

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
      const eq = search.indexOf('=', start)
      const hasValue = eq >= 0 && eq < end
      const name = decodeQueryPart(search.slice(start, hasValue ? eq : end))
      const value = hasValue ? decodeQueryPart(search.slice(eq + 1, end)) : ''
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
  return name.replace(/[A-Z]/g, (char, index: number) => (index ? '-' : '') + char.toLowerCase()).replace(/_/g, '-')
}
