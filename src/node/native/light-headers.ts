/**
 * A light response's headers (docs/runtimes.md, "Node: the native path"): `get`, `has`, `set`,
 * `delete` and `append` (but of Set-Cookie) work on a plain object of lower-case names — a copy of
 * the response's, made on first touch (fw's own inits are shared and frozen) — which the server
 * writes as it is. What a plugin adds to an answer (a rate limit's `RateLimit`, a request id)
 * builds no `Headers`; any other member builds the Web `Headers` once and answers from it.
 */
import { forwardMembers } from './forward'
import { lowerName, trimmed } from './headers'

/** Names and values as a plain object: what the server writes (null prototype: any token is a name). */
export type PlainFields = Record<string, string>

const FIELDS = Symbol('fields')
const REAL = Symbol('real')

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** What a `Headers` value can never hold: NUL, CR, LF, a character past one byte. */
const BAD_VALUE = /[\0\r\n]|[^\0-\xff]/

/** `name` in lower case, refused (a TypeError, as `Headers` throws) when it is not a token. */
function checkedName(name: string): string {
  const text = String(name)
  if (!TOKEN.test(text)) throw new TypeError(`Headers: invalid header name ${JSON.stringify(text)}`)
  return lowerName(text)
}

/** `value` as `Headers` keeps it (trimmed), refused (a TypeError) when it cannot be sent. */
function checkedValue(value: string): string {
  const text = trimmed(String(value))
  if (BAD_VALUE.test(text))
    throw new TypeError(`Headers: invalid header value ${JSON.stringify(text)}`)
  return text
}

/** `given`'s fields under lower-case names, repeats joined as `Headers` joins them. */
function copyFields(given: PlainFields | undefined, defaultType: string | undefined): PlainFields {
  const fields: PlainFields = Object.create(null) as PlainFields
  if (given === undefined) {
    if (defaultType !== undefined) fields['content-type'] = defaultType
    return fields
  }
  for (const name of Object.keys(given)) {
    const lower = lowerName(name)
    const value = trimmed(String(given[name]))
    const present = fields[lower]
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
    return this[FIELDS][checkedName(name)] ?? null
  }

  has(name: string): boolean {
    const real = this[REAL]
    if (real) return real.has(name)
    return this[FIELDS][checkedName(name)] !== undefined
  }

  set(name: string, value: string): void {
    const real = this[REAL]
    if (real) return real.set(name, value)
    this[FIELDS][checkedName(name)] = checkedValue(value)
  }

  append(name: string, value: string): void {
    const real = this[REAL]
    const key = checkedName(name)
    // Set-Cookie values stay apart: only a `Headers` holds several
    if (real || key === 'set-cookie') return this.webHeaders().append(name, value)
    const present = this[FIELDS][key]
    const added = checkedValue(value)
    this[FIELDS][key] = present === undefined ? added : `${present}, ${added}`
  }

  delete(name: string): void {
    const real = this[REAL]
    if (real) return real.delete(name)
    delete this[FIELDS][checkedName(name)]
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
  // A structural stand-in: every Headers member is there (its own, or the built Headers').
  return new LightHeaders(copyFields(given, defaultType)) as unknown as Headers
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
