/**
 * The native Node path's `Response` (docs/runtimes.md, "Node: the native
 * path"): while fw's Node server runs, the global `Response` is this class,
 * as it is under @hono/node-server. A response of a string, bytes or nothing
 * with plain headers keeps its parts, which the server writes straight to the
 * `ServerResponse`; reading its body (or anything but `status`, `ok` and
 * `headers`) builds the Web `Response` once and answers from it. `instanceof
 * Response` holds both ways (a Web `Response` from `fetch()` is one too).
 */
import { ADD_FIELDS } from '../../utils/added-fields'
import { BODY_SOURCE } from '../../utils/body-source'
import { forwardMembers } from './forward'
import { lowerName } from './headers'
import { headersToWrite, lightHeaders } from './light-headers'

type Body = string | Uint8Array | null
type PlainHeaders = Record<string, string>

const BODY = Symbol('body')
const STATUS = Symbol('status')
const HEADERS = Symbol('headers')
const REAL = Symbol('real')
const VIEW = Symbol('view')
const ADDED = Symbol('added')

/** The Web `Response` class this one stands in for: the runtime's own, as this module found it. */
const WebResponse: typeof Response = globalThis.Response

/** The parts of a light response the server writes directly. */
export interface LightParts {
  status: number
  body: Body
  /** as given (a plain object or `Headers`), or undefined: none given */
  headers: PlainHeaders | Headers | undefined
  /**
   * Fields fw added without the headers (`ADD_FIELDS`), `[name, value, …]`, written after
   * `headers`: only for a caller that asked for them apart (`lightParts(response, true)`).
   */
  added?: readonly string[] | undefined
}

const NULL_BODY = new Set([101, 103, 204, 205, 304])

/**
 * The content type of a body answered without headers (@hono/node-server's).
 *
 * @example
 * new Response('hi').headers.get('content-type') === DEFAULT_TYPE
 */
export const DEFAULT_TYPE = 'text/plain; charset=UTF-8'

function isPlainObject(value: unknown): value is PlainHeaders {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

/** Whether `new Response(body, init)` can stay light: a body and init the server writes as they are. */
function lightInit(body: unknown, init: ResponseInit | undefined): boolean {
  if (
    body !== null &&
    body !== undefined &&
    typeof body !== 'string' &&
    !(body instanceof Uint8Array)
  )
    return false
  if (init === undefined) return true
  if (typeof init !== 'object' || init === null || init.statusText !== undefined) return false
  const status = init.status ?? 200
  if (!Number.isInteger(status) || status < 200 || status > 599) return false // the Web Response throws its own error
  if (NULL_BODY.has(status) && body !== null && body !== undefined) return false
  const headers = init.headers
  return headers === undefined || isPlainObject(headers) || headers instanceof Headers
}

/** The headers of an init as a light response keeps them: another light response's copied. */
function keptHeaders(headers: HeadersInit | undefined): PlainHeaders | Headers | undefined {
  const light = headersToWrite(headers)
  if (light === undefined) return headers as PlainHeaders | Headers | undefined
  return light instanceof Headers ? new Headers(light) : { ...light }
}

/**
 * Whether `fields` (`[name, value, …]`, lower-case names) can be written apart from `given`: no
 * name twice, none that `given` holds (a repeat is joined into one line by the headers instead).
 */
function apart(given: PlainHeaders, fields: readonly string[]): boolean {
  for (let index = 0; index < fields.length; index += 2) {
    const name = fields[index] as string
    for (let other = index + 2; other < fields.length; other += 2)
      if (fields[other] === name) return false
  }
  for (const name in given) {
    const lower = lowerName(name)
    for (let index = 0; index < fields.length; index += 2) if (fields[index] === lower) return false
  }
  return true
}

/** A `Response` that keeps its parts until something needs the Web one (see the file comment). */
class LightResponse {
  [BODY]: Body = null;
  [STATUS] = 200;
  [HEADERS]: PlainHeaders | Headers | undefined = undefined;
  [REAL]: Response | undefined = undefined;
  /** the light `Headers` handed out (./light-headers), once asked for */
  [VIEW]: Headers | undefined = undefined;
  /** fields fw added before anything asked for the headers (`ADD_FIELDS`), `[name, value, …]` */
  [ADDED]: readonly string[] | undefined = undefined

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    if (!lightInit(body, init)) {
      this[REAL] = new WebResponse(body, init)
      return
    }
    this[BODY] = (body as Body | undefined) ?? null
    this[STATUS] = init?.status ?? 200
    this[HEADERS] = keptHeaders(init?.headers)
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof WebResponse
  }

  get status(): number {
    return this[REAL]?.status ?? this[STATUS]
  }

  get ok(): boolean {
    const status = this.status
    return status >= 200 && status < 300
  }

  /**
   * The headers: a `Headers` given as it is; else light ones over a copy of the plain headers
   * (what the server then writes, without a Web `Headers` unless something asks for one).
   */
  get headers(): Headers {
    const real = this[REAL]
    if (real) return real.headers
    const given = this[HEADERS]
    if (given instanceof Headers) return given
    return this[VIEW] ?? this.lightView(given)
  }

  /** The light `Headers` over a copy of `given`, the added fields appended (checked there). */
  lightView(given: PlainHeaders | undefined): Headers {
    // the content type @hono/node-server gives a body without one, so both Node paths answer alike
    const defaultType = given === undefined && this[BODY] !== null ? DEFAULT_TYPE : undefined
    const view = lightHeaders(given, defaultType)
    const added = this[ADDED]
    this[ADDED] = undefined
    if (added !== undefined)
      for (let index = 0; index + 1 < added.length; index += 2)
        view.append(added[index] as string, added[index + 1] as string)
    this[VIEW] = view
    return view
  }

  /**
   * Take fields fw built (`ADD_FIELDS`): kept apart and written after the headers, while nothing
   * asked for the headers and they are a plain object that holds none of the names.
   */
  [ADD_FIELDS](fields: readonly string[]): boolean {
    const given = this[HEADERS]
    if (this[REAL] !== undefined || this[VIEW] !== undefined || given === undefined) return false
    if (given instanceof Headers) return false
    const added = this[ADDED]
    const all = added === undefined ? fields : [...added, ...fields]
    if (!apart(given, all)) return false
    this[ADDED] = all
    return true
  }

  /** The body as given, while the response is light (`BODY_SOURCE`): no stream made of it. */
  [BODY_SOURCE](): string | Uint8Array<ArrayBuffer> | null | undefined {
    // bytes a `Response` was given are ArrayBuffer-backed (`BodyInit`)
    return this[REAL] ? undefined : (this[BODY] as string | Uint8Array<ArrayBuffer> | null)
  }

  /** The headers as they are now: the light ones' fields (or `Headers`) once asked for, else as given. */
  currentHeaders(): PlainHeaders | Headers | undefined {
    const view = this[VIEW]
    return view === undefined ? this[HEADERS] : (headersToWrite(view) ?? view)
  }

  /** The Web `Response`, built once from the parts (the added fields in its headers). */
  webResponse(): Response {
    if (this[REAL] === undefined && this[ADDED] !== undefined) void this.headers
    return (this[REAL] ??= new WebResponse(this[BODY] as BodyInit | null, {
      status: this[STATUS],
      headers: this.currentHeaders(),
    }))
  }
}

Object.setPrototypeOf(LightResponse, WebResponse) // Response.json(), .error(), .redirect()
forwardMembers(LightResponse.prototype, WebResponse.prototype, (self) => self.webResponse())

/**
 * Make `LightResponse` the global `Response` (once; idempotent). Returns
 * false when the global cannot be replaced.
 *
 * @example
 * installLightResponse()
 * new Response('hi') // written straight to the ServerResponse by fw's Node server
 */
export function installLightResponse(): boolean {
  const current = globalThis.Response
  if ((current as unknown) === LightResponse) return true
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'Response')
  if (descriptor && !descriptor.configurable && !descriptor.writable) return false
  Object.defineProperty(globalThis, 'Response', {
    value: LightResponse,
    writable: true,
    configurable: true,
    enumerable: false,
  })
  return true
}

/**
 * The parts of a response still light (never read, never turned into the Web
 * one), or undefined: write it as a Web `Response`. Fields fw added apart
 * (`ADD_FIELDS`) are in `headers`, or, for a writer that takes them apart
 * (`addedApart`: fw's Node server), in `added`.
 *
 * @example
 * const parts = lightParts(response, true) // { status, body, headers, added }
 */
export function lightParts(response: Response, addedApart = false): LightParts | undefined {
  if (!(response instanceof Object) || Object.getPrototypeOf(response) !== LightResponse.prototype)
    return undefined
  const light = response as unknown as LightResponse
  if (light[REAL]) return undefined
  const added = light[ADDED]
  if (added !== undefined && !addedApart) void light.headers
  else if (added !== undefined)
    return { status: light[STATUS], body: light[BODY], headers: light[HEADERS], added }
  return { status: light[STATUS], body: light[BODY], headers: light.currentHeaders() }
}
