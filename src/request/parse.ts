/** Cookie and header-name parsing for the request context (the query's is the context's own, request/context.ts). */
import { parse as parseCookieHeader } from 'cookie'
import { UNDERSCORE } from '../utils/chars'

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

/**
 * `xTestHeader` → `x-test-header`, `x_test` → `x-test`; a name already spelled as a header
 * name (with `-`) is kept as written (`X-Auth-Token`: headers are read case-insensitively).
 */
export function kebabCase(name: string): string {
  if (name.includes('-')) return name
  return name
    .replace(
      /[A-Z]/g,
      (char: string, index: number) =>
        (index && name.charCodeAt(index - 1) !== UNDERSCORE ? '-' : '') + char.toLowerCase(),
    )
    .replace(/_/g, '-')
}
