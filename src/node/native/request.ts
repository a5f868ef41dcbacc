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
import { readableToWeb } from '../io/streams'
import { forwardMembers } from './forward'
import { readIncoming } from './body'
import { nativeHeaders } from './headers'
import { incomingUrl } from './target'

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
