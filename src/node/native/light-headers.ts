/**
 * A light response's headers (docs/runtimes.md, "Node: the native path"): `get`, `has`, `set`,
 * `delete` and `append` (but of Set-Cookie) work on a plain object of lower-case names — a copy of
 * the response's, made on first touch (fw's own inits are shared and frozen) — which the server
 * writes as it is. What a plugin adds to an answer (a rate limit's `RateLimit`, a request id)
 * builds no `Headers`; any other member builds the Web `Headers` once and answers from it.
 */
import { forwardMembers } from './forward'
import { lowerName, trimmed } from './headers'

/** Names and values as a plain object: what the server writes. */
export type PlainFields = Record<string, string>

const FIELDS = Symbol('fields')
const REAL = Symbol('real')

/** The characters of a token (RFC 9110 `tchar`), by code: 1 lower case and the rest, 2 upper case. */
const TCHAR = new Uint8Array(128)
for (const char of "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyz")
  TCHAR[char.charCodeAt(0)] = 1
for (let code = 65; code <= 90; code++) TCHAR[code] = 2

/** `name` in lower case, refused (a TypeError, as `Headers` throws) when it is not a token. */
function checkedName(name: string): string {
  const text = String(name)
  let upper = false
  for (let i = 0; i < text.length; i++) {
    const kind = TCHAR[text.charCodeAt(i)]
    if (kind === 2) upper = true
    else if (kind !== 1) throw new TypeError(`Headers: invalid header name ${JSON.stringify(text)}`)
  }
  if (text.length === 0) throw new TypeError('Headers: invalid header name ""')
  return upper ? text.toLowerCase() : text
}

/** A character a header value cannot hold: NUL, CR, LF, or one past one byte. */
const INVALID_VALUE_CHAR = /[\0\n\r\u0100-\uffff]/

/**
 * `value` as `Headers` keeps it (trimmed), refused (a TypeError) when it holds NUL, CR, LF or a
 * character past one byte. One regular expression scans it (a loop of `charCodeAt` over a value
 * built by concatenation, a rate limit's `RateLimit`, cost ~100 ns more for its two values).
 */
function checkedValue(value: string): string {
  const text = trimmed(String(value))
  if (INVALID_VALUE_CHAR.test(text))
    throw new TypeError(`Headers: invalid header value ${JSON.stringify(text)}`)
  return text
}

/**
 * Whether the field `name` (lower case) cannot live in the plain object: a name every object
 * answers (`constructor`, `__proto__`). The fields stay an ordinary object, which V8 reads
 * fastest; such a name (and a second Set-Cookie: only a `Headers` holds several) builds the
 * `Headers`.
 */
const objectName = (name: string): boolean => name in Object.prototype

/**
 * `given`'s fields under lower-case names, repeats joined as `Headers` joins them; undefined when
 * one cannot live in a plain object (`objectName`, repeated Set-Cookie names).
 */
function copyFields(
  given: PlainFields | undefined,
  defaultType: string | undefined,
): PlainFields | undefined {
  const fields: PlainFields = {}
  if (given === undefined) {
    if (defaultType !== undefined) fields['content-type'] = defaultType
    return fields
  }
  for (const name of Object.keys(given)) {
    const lower = lowerName(name)
    const present = fields[lower]
    if (objectName(lower) || (present !== undefined && lower === 'set-cookie')) return undefined
    const value = trimmed(String(given[name]))
    fields[lower] = present === undefined ? value : `${present}, ${value}`
  }
  return fields
}

/** `Headers` over a plain object (see the file comment). */
class LightHeaders {
  [FIELDS]: PlainFields;
  [REAL]: Headers | undefined = undefined

  constructor(fields: PlainFields) {
    this[FIELDS] = fields
  }

  get(name: string): string | null {
    const real = this[REAL]
    if (real) return real.get(name)
    const key = checkedName(name)
    if (objectName(key)) return this.webHeaders().get(name)
    return this[FIELDS][key] ?? null
  }

  has(name: string): boolean {
    return this.get(name) !== null
  }

  set(name: string, value: string): void {
    const real = this[REAL]
    if (real) return real.set(name, value)
    const key = checkedName(name)
    if (objectName(key)) return this.webHeaders().set(name, value)
    this[FIELDS][key] = checkedValue(value)
  }

  append(name: string, value: string): void {
    const real = this[REAL]
    if (real) return real.append(name, value)
    const key = checkedName(name)
    // Set-Cookie values stay apart: only a `Headers` holds several
    if (objectName(key) || key === 'set-cookie') return this.webHeaders().append(name, value)
    const present = this[FIELDS][key]
    const added = checkedValue(value)
    this[FIELDS][key] = present === undefined ? added : `${present}, ${added}`
  }

  delete(name: string): void {
    const real = this[REAL]
    if (real) return real.delete(name)
    const key = checkedName(name)
    if (objectName(key)) return this.webHeaders().delete(name)
    const fields = this[FIELDS]
    if (fields[key] === undefined) return
    // the others copied, not `delete`d: a deleted property turns the object into a dictionary,
    // slower to copy and write (a 304 of a 1 KB answer: ~0.7 µs)
    const kept: PlainFields = {}
    for (const field in fields) if (field !== key) kept[field] = fields[field] as string
    this[FIELDS] = kept
  }

  /** The Web `Headers`, built once; from then on every member answers from it. */
  webHeaders(): Headers {
    return (this[REAL] ??= new Headers(this[FIELDS]))
  }
}

forwardMembers(LightHeaders.prototype, Headers.prototype, (self) => self.webHeaders())

/**
 * `Headers` over a copy of `given` (a light response's plain headers; none: only `defaultType`,
 * the content type of a body sent without headers), read and written without a Web `Headers`.
 *
 * @example
 * const headers = lightHeaders({ 'content-type': 'application/json' }, undefined)
 * headers.set('ratelimit', '"default";r=99;t=60') // no Headers built
 */
export function lightHeaders(
  given: PlainFields | undefined,
  defaultType: string | undefined,
): Headers {
  const fields = copyFields(given, defaultType)
  // a name a plain object cannot hold: the Headers at once (as before light headers)
  if (fields === undefined) return new Headers(given)
  // A structural stand-in: every Headers member is there (its own, or the built Headers').
  return new LightHeaders(fields) as unknown as Headers
}

/**
 * What the server writes for `headers` when they are light ones: the plain fields, or the Web
 * `Headers` once built; undefined for any other value.
 *
 * @example
 * headersToWrite(response.headers) // { 'content-type': 'application/json', ratelimit: '…' }
 */
export function headersToWrite(headers: unknown): PlainFields | Headers | undefined {
  if (!(headers instanceof LightHeaders)) return undefined
  return headers[REAL] ?? headers[FIELDS]
}
