/** Cookie and header-name parsing for the request context (the query's is the context's own, request/context.ts). */
import { percentDecoded, UNDERSCORE } from '../utils/chars'

/**
 * Split a `Cookie` header into a null-prototype map: the pairs split as `cookie` 1.x (jshttp)
 * splits them — first occurrence of a name wins, a pair without `=` skipped, names and values
 * trimmed of spaces and tabs — and `cookieValue` applies fw's value rules. A pair with an empty
 * name is dropped. fw's own scan, not the `cookie` package: that one ships as CommonJS, so a
 * Worker carried all of it (3.9 KB minified, its serializers included) for this one function;
 * tests/request/cookies.test.ts checks the two agree (issue #55).
 *
 * @example
 * parseCookies('sessionid=abc; theme="dark"') // { sessionid: 'abc', theme: 'dark' }
 */
export function parseCookies(header: string | null): Record<string, string> {
  const cookies = Object.create(null) as Record<string, string>
  if (!header) return cookies
  const length = header.length
  let index = 0
  while (index < length) {
    const equals = header.indexOf('=', index)
    if (equals === -1) break // no more pairs
    const semicolon = header.indexOf(';', index)
    const end = semicolon === -1 ? length : semicolon
    if (equals > end) {
      // a pair without `=`: go on from the last `;` before the next `=`
      index = header.lastIndexOf(';', equals - 1) + 1
      continue
    }
    const name = trimmed(header, index, equals)
    if (name !== '' && cookies[name] === undefined)
      cookies[name] = cookieValue(trimmed(header, equals + 1, end))
    index = end + 1
  }
  return cookies
}

/** `header.slice(start, end)` without the spaces and tabs around it. */
function trimmed(header: string, start: number, end: number): string {
  let from = start
  let to = end
  while (from < to && isSpaceOrTab(header.charCodeAt(from))) from++
  while (to > from && isSpaceOrTab(header.charCodeAt(to - 1))) to--
  return header.slice(from, to)
}

function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09
}

/**
 * A cookie value: whitespace around it and one pair of surrounding DQUOTEs dropped, then
 * percent-decoded; a malformed escape is kept as text.
 *
 * @example cookieValue(' "a%20b" ') // 'a b'
 */
export function cookieValue(raw: string): string {
  let value = raw.trim()
  if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
  return percentDecoded(value) ?? value
}

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
