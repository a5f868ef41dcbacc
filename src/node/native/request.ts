/**
 * The native Node path's request (docs/runtimes.md, "Node: the native path"):
 * a `Request` read straight from node:http's `IncomingMessage`. The method is
 * copied, the URL string and the `Headers` are built on first use, `text()`
 * and `arrayBuffer()` read the socket directly; any other member (`body`,
 * `signal`, `clone()`, `formData()`, ...) builds the Web `Request` once (its
 * body the socket, read lazily) and answers from it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { FRAMED, READ_TEXT, type TextReader } from '../../utils/http'
import { hostKind } from '../../utils/host'
import { readableToWeb } from '../bridge/streams'
import { forwardMembers } from './forward'
import { readIncoming } from './body'
import { firstHeader, nativeHeaders } from './headers'

/** A request target node:http accepted that fw serves as is (no dot segments, no characters the URL parser would escape). */
export const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/
/** A `.` or `..` path segment (the URL parser resolves them). */
export const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/

/** The characters `PLAIN_TARGET` allows (ASCII only), by code. */
const TARGET_CHARS = new Uint8Array(128)
for (const [from, to] of [
  [0x21, 0x21],
  [0x23, 0x24],
  [0x26, 0x3b],
  [0x3d, 0x3d],
  [0x3f, 0x5b],
  [0x5d, 0x5d],
  [0x5f, 0x5f],
  [0x61, 0x7a],
  [0x7e, 0x7e],
] as const) {
  TARGET_CHARS.fill(1, from, to + 1)
}

/**
 * `PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)` in one pass over
 * the characters, no regex run (the test that a request target is served as is).
 *
 * @example
 * plainTarget('/users/1?x=2') // true
 * plainTarget('/a/../b')      // false
 */
export function plainTarget(target: string): boolean {
  const n = target.length
  if (n === 0 || target.charCodeAt(0) !== 47) return false
  for (let i = 0; i < n; i++) {
    const code = target.charCodeAt(i)
    if (code >= 128 || TARGET_CHARS[code] === 0) return false
    if (code !== 47 || target.charCodeAt(i + 1) !== 46) continue
    // `/.` or `/..`, then `/`, `?`, `#` or the end: a dot segment
    let next = i + 2
    if (target.charCodeAt(next) === 46) next++
    if (next === n) return false
    const after = target.charCodeAt(next)
    if (after === 47 || after === 63 || after === 35) return false
  }
  return true
}

/** An absolute-form request-target: `http://` or `https://` in any case. */
export const ABSOLUTE_FORM = /^https?:\/\//i

/** Thrown for a request whose target or Host makes no usable URL: the server answers 400, as @hono/node-server does. */
export class BadRequestTarget extends Error {}

/**
 * The absolute URL of `incoming` (`http://host/path?query`), by the rules of
 * @hono/node-server, so both Node paths serve the same routes: a plain target
 * and Host are joined as they are; anything else goes through `new URL`
 * (dot segments resolved, characters escaped), and a Host the URL parser
 * would change, a backslash in the path or a target not starting with `/` is
 * refused.
 */
export function incomingUrl(incoming: IncomingMessage, hostname: string): string {
  const target = incoming.url ?? ''
  // absolute-form, its scheme in any case (RFC 3986; Bun and Deno serve `HTTP://h/…` too: issue #34 D10)
  if (target.charCodeAt(0) !== 47 && ABSOLUTE_FORM.test(target)) return absolute(target, target)
  const host = firstHeader(incoming.rawHeaders, 'host') || hostname
  const scheme = (incoming.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
  const url = `${scheme}://${host}${target}`
  const kind = hostKind(host)
  if (kind === 'bad') throw new BadRequestTarget('invalid Host header')
  if (kind === 'parse') {
    const parsed = absolute(url, target)
    const bare = host.includes(':') ? host.replace(/:\d+$/, '') : host
    if (
      new URL(parsed).hostname.length !== host.length &&
      new URL(parsed).hostname !== bare.toLowerCase()
    )
      throw new BadRequestTarget('invalid Host header')
    return parsed
  }
  if (target.length === 0) return `${url}/`
  if (target.charCodeAt(0) !== 47) throw new BadRequestTarget('invalid request target')
  return plainTarget(target) ? url : absolute(url, target)
}

function absolute(url: string, target: string): string {
  const backslash = target.indexOf('\\')
  const query = target.indexOf('?')
  if (backslash !== -1 && (query === -1 || backslash < query))
    throw new BadRequestTarget('backslash in the request path')
  try {
    return new URL(url).href
  } catch {
    throw new BadRequestTarget('invalid URL')
  }
}

const INCOMING = Symbol('incoming')
const URL_OF = Symbol('url')
const HEADERS = Symbol('headers')
const REAL = Symbol('real')
const READ = Symbol('read')
const HOSTNAME = Symbol('hostname')
const OUTGOING = Symbol('outgoing')

const unusable = (): TypeError =>
  new TypeError('Body is unusable: the request body was already read')

/** The Node request behind a native request (`undefined` for any other value). */
export function incomingOf(request: Request): IncomingMessage | undefined {
  return (request as Partial<NativeRequest>)[INCOMING]
}

/** The bytes in a fresh buffer of their own (a socket's chunk shares its pool: copied). */
const own = (body: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(body)

const utf8 = new TextDecoder()
/** The bytes as text, decoded where they lie; the decoder drops a BOM, as Request.text() does. */
const decode = (bytes: Uint8Array): string => utf8.decode(bytes)
const same = <T>(value: T): T => value

/** A signal aborted when `res` closes before it finished (the client went away). */
function closedSignal(res: ServerResponse | undefined): AbortSignal | undefined {
  if (!res) return undefined
  const controller = new AbortController()
  const gone = (): void => controller.abort(new Error('client closed the connection'))
  if (res.closed) {
    if (!res.writableFinished) gone()
  } else res.once('close', () => void (res.writableFinished || gone()))
  return controller.signal
}

/** A `Request` over an `IncomingMessage` (see the file comment). */
class NativeRequest implements TextReader {
  readonly [INCOMING]: IncomingMessage
  readonly [HOSTNAME]: string
  readonly [OUTGOING]: ServerResponse | undefined
  readonly method: string;
  [URL_OF]: string | undefined = undefined;
  [HEADERS]: Headers | undefined = undefined;
  [REAL]: Request | undefined = undefined;
  [READ] = false

  constructor(incoming: IncomingMessage, hostname: string, outgoing: ServerResponse | undefined) {
    this[INCOMING] = incoming
    this[HOSTNAME] = hostname
    this[OUTGOING] = outgoing
    this.method = incoming.method ?? 'GET'
  }

  get url(): string {
    return (this[URL_OF] ??= incomingUrl(this[INCOMING], this[HOSTNAME]))
  }

  get headers(): Headers {
    return (this[HEADERS] ??= nativeHeaders(this[INCOMING].rawHeaders))
  }

  get bodyUsed(): boolean {
    return this[READ] || (this[REAL]?.bodyUsed ?? false)
  }

  /**
   * The Web `Request`, built once: its body the rest of the socket, read on
   * demand; its `signal` aborted when the client goes before the answer is sent.
   */
  webRequest(): Request {
    const real = this[REAL]
    if (real) return real
    const method = this.method
    const init: RequestInit & { duplex?: 'half' } = {
      method,
      headers: this.headers,
      signal: closedSignal(this[OUTGOING]),
    }
    if (method !== 'GET' && method !== 'HEAD') {
      init.body = this[READ] ? null : readableToWeb(this[INCOMING]).stream
      init.duplex = 'half'
    }
    return (this[REAL] = new Request(this.url, init))
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.bytes().then((bytes) => bytes.buffer)
  }

  text(): Promise<string> {
    return this[READ_TEXT](same, same)
  }

  json(): Promise<unknown> {
    return this.text().then((text) => JSON.parse(text) as unknown)
  }

  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return (
      this.fromSocket(own, same) ??
      this.webRequest()
        .arrayBuffer()
        .then((buffer) => new Uint8Array(buffer))
    )
  }

  /** The body read as UTF-8 text, handed to `use` in the same promise step (see `READ_TEXT`). */
  [READ_TEXT]<T>(use: (text: string) => T, fail: (error: unknown) => unknown): Promise<T> {
    return (
      this.fromSocket((bytes) => use(decode(bytes)), fail) ??
      this.webRequest()
        .text()
        .then(use, (error: unknown) => Promise.reject(fail(error)))
    )
  }

  /**
   * The body read from the socket and handed to `use`, or undefined: read
   * through the Web Request (built, or a GET/HEAD). A read that fails rejects
   * with `fail(error)`.
   */
  fromSocket<T>(
    use: (body: Uint8Array) => T,
    fail: (error: unknown) => unknown,
  ): Promise<T> | undefined {
    if (this[REAL] || this.method === 'GET' || this.method === 'HEAD') return undefined
    if (this[READ]) return Promise.reject(fail(unusable()))
    this[READ] = true
    return readIncoming(this[INCOMING], use, fail)
  }
}

// node:http frames every body by its Content-Length (a chunked one is not read whole: see isFramed)
Object.defineProperty(NativeRequest.prototype, FRAMED, { value: true })
// Every other member of Request answers from the Web Request, built on first use.
forwardMembers(NativeRequest.prototype, Request.prototype, (self) => self.webRequest())

/** The runtime's own Request. */
const WebRequest = globalThis.Request

/**
 * Keep `instanceof Request` true when the global `Request` was replaced by a
 * subclass of the runtime's (as @hono/node-server does once it serves in the
 * same process): the stand-in is chained onto the subclass's prototype.
 */
function followGlobalRequest(): void {
  const current: unknown = globalThis.Request?.prototype
  if (
    current === Object.getPrototypeOf(NativeRequest.prototype) ||
    typeof current !== 'object' ||
    current === null ||
    !(current instanceof WebRequest)
  )
    return
  Object.setPrototypeOf(NativeRequest.prototype, current)
}

/**
 * A `Request` for `incoming`, read straight from it (see the file comment).
 * Throws `BadRequestTarget` when its target or Host makes no usable URL.
 *
 * @example
 * const request = nativeRequest(incoming, 'localhost', outgoing)
 * await service.fetch(request, { incoming, outgoing })
 */
export function nativeRequest(
  incoming: IncomingMessage,
  hostname: string,
  outgoing?: ServerResponse,
): Request {
  followGlobalRequest()
  const request = new NativeRequest(incoming, hostname, outgoing)
  void request.url // a bad target or Host is refused before anything runs
  // A structural stand-in: every Request member is there (its own, or the Web Request's).
  return request as unknown as Request
}

/**
 * A `Request` for `incoming` at `url`, worked out by the caller (fw attached
 * to node:http, Express, Koa or Fastify: the mount path, the original URL;
 * see ./attach), its headers node's raw list `rawHeaders` (by default
 * `incoming.rawHeaders`). Otherwise as `nativeRequest`.
 *
 * @example
 * const request = nativeRequestAt(req, 'http://localhost/api/ping', res, req.rawHeaders)
 */
export function nativeRequestAt(
  incoming: IncomingMessage,
  url: string,
  outgoing: ServerResponse | undefined,
  rawHeaders: readonly string[],
): Request {
  followGlobalRequest()
  const request = new NativeRequest(incoming, 'localhost', outgoing)
  request[URL_OF] = url
  request[HEADERS] = nativeHeaders(rawHeaders)
  // A structural stand-in: every Request member is there (its own, or the Web Request's).
  return request as unknown as Request
}
