/**
 * The native Node path's request (docs/runtimes.md, "Node: the native path"):
 * a `Request` read straight from node:http's `IncomingMessage`. The method is
 * copied, the URL string and the `Headers` are built on first use, `text()`
 * and `arrayBuffer()` read the socket directly; any other member (`body`,
 * `signal`, `clone()`, `formData()`, ...) builds the Web `Request` once (its
 * body the socket, read lazily) and answers from it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { FRAMED } from '../../utils/http'
import { readableToWeb } from '../bridge/streams'
import { forwardMembers } from './forward'
import { firstHeader, nativeHeaders } from './headers'

/** A request target node:http accepted that fw serves as is (no dot segments, no characters the URL parser would escape). */
export const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/
/** A `.` or `..` path segment (the URL parser resolves them). */
export const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/
/** A Host the URL parser keeps as is (lower case, no escapes; a port in the usual range). */
export const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/

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
  if (target.startsWith('http://') || target.startsWith('https://')) return absolute(target, target)
  const host = firstHeader(incoming.rawHeaders, 'host') || hostname
  const scheme = (incoming.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
  const url = `${scheme}://${host}${target}`
  if (!PLAIN_HOST.test(host)) {
    const parsed = absolute(url, target)
    const bare = host.includes(':') ? host.replace(/:\d+$/, '') : host
    if (new URL(parsed).hostname.length !== host.length && new URL(parsed).hostname !== bare.toLowerCase()) throw new BadRequestTarget('invalid Host header')
    return parsed
  }
  if (target.length === 0) return `${url}/`
  if (target.charCodeAt(0) !== 47) throw new BadRequestTarget('invalid request target')
  return PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target) ? url : absolute(url, target)
}

function absolute(url: string, target: string): string {
  const backslash = target.indexOf('\\')
  const query = target.indexOf('?')
  if (backslash !== -1 && (query === -1 || backslash < query)) throw new BadRequestTarget('backslash in the request path')
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

const unusable = (): TypeError => new TypeError('Body is unusable: the request body was already read')

/** The Node request behind a native request (`undefined` for any other value). */
export function incomingOf(request: Request): IncomingMessage | undefined {
  return (request as Partial<NativeRequest>)[INCOMING]
}

/**
 * The request's body as one buffer, straight from node:http: what it already
 * received whole (node:http stops at the Content-Length, and buffers the
 * chunks of a body nobody reads yet) is taken in one `read()`; a body still
 * arriving is gathered from its `data` events.
 */
function readIncoming(incoming: IncomingMessage): Promise<Uint8Array> {
  // The handler runs once node:http has parsed the head; the body in the same
  // socket read is buffered right after it returns, before this microtask runs.
  return AFTER_PARSE.then(() => (hasWholeBody(incoming) ? received(incoming) : arriving(incoming)))
}

const AFTER_PARSE = Promise.resolve()
const EMPTY = new Uint8Array(0)

/** Has node:http buffered the whole body, unread: the request complete, or its Content-Length's bytes all there? */
function hasWholeBody(incoming: IncomingMessage): boolean {
  if (incoming.destroyed || incoming.readableDidRead || incoming.readableFlowing) return false
  if (incoming.complete) return true
  // node's header object is built already (node:http reads it before the request event)
  const headers = incoming.headers
  const length = headers['content-length']
  return length !== undefined && headers['transfer-encoding'] === undefined && incoming.readableLength === Number(length)
}

/** Set on a request whose whole body was taken before node:http parsed its end (see `received`). */
const TAKEN = Symbol('taken')

/**
 * The whole body node:http buffered (see `hasWholeBody`; an empty body reads
 * as null). Its end may be parsed only after this runs (node:http runs the
 * microtasks between the body and the end): the request is then set flowing,
 * so it still ends and closes, and marked, so its answer does not wait for
 * more of it (see `bodyTaken`).
 */
function received(incoming: IncomingMessage & { [TAKEN]?: boolean }): Uint8Array {
  const body = (incoming.read() as Uint8Array | null) ?? EMPTY
  if (!incoming.complete) {
    incoming[TAKEN] = true
    incoming.resume()
  }
  return body
}

/**
 * Whether all of `incoming`'s body was read by the native path before
 * node:http parsed its end: nothing more of it is coming.
 *
 * @example
 * if (!incoming.complete && !bodyTaken(incoming)) outgoing.on('finish', linger)
 */
export function bodyTaken(incoming: IncomingMessage): boolean {
  return (incoming as { [TAKEN]?: boolean })[TAKEN] === true
}

/** The body gathered as it arrives (see `readIncoming`). */
function arriving(incoming: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const data = (chunk: Buffer): void => void chunks.push(chunk)
    const done = (): void => {
      incoming.off('data', data)
      incoming.off('end', end)
      incoming.off('error', fail)
      incoming.off('close', closed)
    }
    const end = (): void => {
      done()
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks))
    }
    const fail = (error: Error): void => {
      done()
      reject(error)
    }
    const closed = (): void => (incoming.readableEnded ? end() : fail(new Error('request body closed before it was complete')))
    if (incoming.readableEnded) return resolve(EMPTY)
    if (incoming.destroyed) return reject(new Error('request body closed before it was complete'))
    incoming.on('data', data)
    incoming.once('end', end)
    incoming.once('error', fail)
    incoming.once('close', closed)
  })
}

/** The bytes in a fresh buffer of their own (a socket's chunk shares its pool: copied). */
const own = (body: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(body)

const utf8 = new TextDecoder()

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
class NativeRequest {
  readonly [INCOMING]: IncomingMessage;
  readonly [HOSTNAME]: string;
  readonly [OUTGOING]: ServerResponse | undefined;
  readonly method: string;
  [URL_OF]: string | undefined = undefined;
  [HEADERS]: Headers | undefined = undefined;
  [REAL]: Request | undefined = undefined;
  [READ] = false;

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
    const init: RequestInit & { duplex?: 'half' } = { method, headers: this.headers, signal: closedSignal(this[OUTGOING]) }
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
    const body = this.fromSocket()
    if (!body) return this.webRequest().text()
    // decoded where it lies; the decoder drops a BOM, as Request.text() does
    return body.then((bytes) => utf8.decode(bytes))
  }

  json(): Promise<unknown> {
    return this.text().then((text) => JSON.parse(text) as unknown)
  }

  bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.fromSocket()?.then(own) ?? this.webRequest().arrayBuffer().then((buffer) => new Uint8Array(buffer))
  }

  /** The body read from the socket, or undefined: read through the Web Request (built, or a GET/HEAD). */
  fromSocket(): Promise<Uint8Array> | undefined {
    if (this[REAL] || this.method === 'GET' || this.method === 'HEAD') return undefined
    if (this[READ]) return Promise.reject(unusable())
    this[READ] = true
    return readIncoming(this[INCOMING])
  }
}

// node:http frames every body by its Content-Length (a chunked one is not read whole: see isFramed)
Object.defineProperty(NativeRequest.prototype, FRAMED, { value: true })
// Every other member of Request answers from the Web Request, built on first use.
forwardMembers(NativeRequest.prototype, Request.prototype, (self) => self.webRequest())

/** The runtime's own Request, and the prototype the stand-in is chained onto now. */
const WebRequest = globalThis.Request
let chained: object = WebRequest.prototype

/**
 * Keep `instanceof Request` true when the global `Request` was replaced by a
 * subclass of the runtime's (as @hono/node-server does once it serves in the
 * same process): the stand-in is chained onto the subclass's prototype.
 */
function followGlobalRequest(): void {
  const current: unknown = globalThis.Request?.prototype
  if (current === chained || typeof current !== 'object' || current === null || !(current instanceof WebRequest)) return
  Object.setPrototypeOf(NativeRequest.prototype, current)
  chained = current
}

/**
 * A `Request` for `incoming`, read straight from it (see the file comment).
 * Throws `BadRequestTarget` when its target or Host makes no usable URL.
 *
 * @example
 * const request = nativeRequest(incoming, 'localhost', outgoing)
 * await service.fetch(request, { incoming, outgoing })
 */
export function nativeRequest(incoming: IncomingMessage, hostname: string, outgoing?: ServerResponse): Request {
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
export function nativeRequestAt(incoming: IncomingMessage, url: string, outgoing: ServerResponse | undefined, rawHeaders: readonly string[]): Request {
  followGlobalRequest()
  const request = new NativeRequest(incoming, 'localhost', outgoing)
  request[URL_OF] = url
  request[HEADERS] = nativeHeaders(rawHeaders)
  // A structural stand-in: every Request member is there (its own, or the Web Request's).
  return request as unknown as Request
}
