/**
 * The native Node path's request headers (docs/runtimes.md, "Node: the native
 * path"): `get` and `has` read node:http's raw header list as it is (what fw
 * asks on most requests: Content-Type, Content-Length, Cookie, Origin); any
 * other member builds the `Headers` once and answers from it. Values are the
 * ones a Web `Headers` holds: repeats joined with `, ` (`; ` for Cookie).
 */
import { forwardMembers } from './forward'

const RAW = Symbol('raw')

const isSpace = (code: number): boolean => code === 32 || code === 9 || code === 10 || code === 13

/**
 * A value without leading or trailing HTTP whitespace, as `Headers` keeps it (node leaves it on now and then).
 *
 * @example
 * trimmed(' text/html ') // 'text/html'
 */
export function trimmed(value: string): string {
  if (
    value.length === 0 ||
    (!isSpace(value.charCodeAt(0)) && !isSpace(value.charCodeAt(value.length - 1)))
  )
    return value
  let start = 0
  let end = value.length
  while (start < end && isSpace(value.charCodeAt(start))) start++
  while (end > start && isSpace(value.charCodeAt(end - 1))) end--
  return value.slice(start, end)
}
const REAL = Symbol('real')

/**
 * Is the header name `key` (as received: any case) the lower-case `name`?
 * Compared code by code, no lower-cased copy made per header and lookup.
 *
 * @example
 * sameName('Content-Type', 'content-type') // true
 */
export function sameName(key: string, name: string): boolean {
  if (key === name) return true
  if (key.length !== name.length) return false
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i)
    const wanted = name.charCodeAt(i)
    if (code !== wanted && (code < 65 || code > 90 || code + 32 !== wanted)) return false
  }
  return true
}

/**
 * The first value of the header `name` (lower case) in node's raw list, as
 * node's `headers[name]` has it for Host, without building node's header object.
 *
 * @example
 * firstHeader(incoming.rawHeaders, 'host') // '127.0.0.1:8000'
 */
export function firstHeader(raw: readonly string[], name: string): string | undefined {
  for (let i = 0; i + 1 < raw.length; i += 2)
    if (sameName(raw[i] as string, name)) return raw[i + 1]
  return undefined
}

/**
 * `name` in lower case: as it is when it has no upper-case letter (fw's own lookups), no copy made.
 *
 * @example
 * lowerName('Content-Type') // 'content-type'
 */
export function lowerName(name: string): string {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i)
    if (code >= 65 && code <= 90) return name.toLowerCase()
  }
  return name
}

/** `Headers` over node's `[name, value, name, value, ...]` list (see the file comment). */
class NativeHeaders {
  readonly [RAW]: readonly string[];
  [REAL]: Headers | undefined = undefined

  constructor(raw: readonly string[]) {
    this[RAW] = raw
  }

  get(name: string): string | null {
    const real = this[REAL]
    if (real) return real.get(name)
    const wanted = lowerName(name)
    const raw = this[RAW]
    let value: string | null = null
    for (let i = 0; i + 1 < raw.length; i += 2) {
      if (!sameName(raw[i] as string, wanted)) continue
      const next = trimmed(raw[i + 1] as string)
      value = value === null ? next : `${value}${wanted === 'cookie' ? '; ' : ', '}${next}`
    }
    return value
  }

  has(name: string): boolean {
    return this.get(name) !== null
  }

  /** The Web `Headers`, built once. */
  webHeaders(): Headers {
    if (this[REAL]) return this[REAL]
    const headers = new Headers()
    const raw = this[RAW]
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = raw[i] as string
      // HTTP/2 pseudo-headers never reach a Web Request
      if (name.charCodeAt(0) !== 58) headers.append(name, raw[i + 1] as string)
    }
    return (this[REAL] = headers)
  }
}

forwardMembers(NativeHeaders.prototype, Headers.prototype, (self) => self.webHeaders())

/**
 * `Headers` for node's raw header list, read lazily (see the file comment).
 *
 * @example
 * nativeHeaders(incoming.rawHeaders).get('content-type')
 */
export function nativeHeaders(raw: readonly string[]): Headers {
  // A structural stand-in: every Headers member is there (its own, or the built Headers').
  return new NativeHeaders(raw) as unknown as Headers
}
