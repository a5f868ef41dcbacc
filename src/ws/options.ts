/**
 * What `@ws.socket(path?, params?, options?)` declares beyond params: the message schemas and the
 * limits of each connection (docs/websocket.md, "Limits"), with their defaults.
 */
import { ImproperlyConfigured } from '../exceptions'
import type { StandardSchemaV1 } from '../types'

/**
 * The limits of one socket endpoint's connections. Each breach closes the connection with the
 * RFC 6455 code named (docs/websocket.md): nothing a client does is buffered without bound.
 *
 * @example
 * const limits: ws.SocketLimits = { maxMessageBytes: 64 * 1024, messagesPerSecond: 20 }
 */
export interface SocketLimits {
  /** largest message accepted, in bytes (default 1 MiB, at most 16 MiB); over it → close 1009 */
  maxMessageBytes?: number
  /** messages a client may send per second (a one-second bucket; default 100); over it → close 1008 */
  messagesPerSecond?: number
  /** ms without a message either way before the server closes (default 300 000; 0: never) → close 1001 */
  idleTimeout?: number
  /** bytes queued to a slow client before it is closed (default 1 MiB) → close 1008 */
  maxBufferedBytes?: number
  /** received messages the handler has not read yet (default 256); more → close 1008 */
  maxUnreadMessages?: number
}

/**
 * The browser origins allowed to open the socket: a list of origins (`'*'` in it: any), or a
 * predicate. Not given: the CORS plugin's `allowOrigin` of the route (service or class), else the
 * request's own origin only. A request with no `Origin` (not a browser) is not checked.
 *
 * @example
 * const origins: ws.SocketOrigins = ['https://app.example']
 */
export type SocketOrigins = readonly string[] | ((origin: string) => boolean)

/**
 * The third argument of `@ws.socket`: the schemas messages are checked with (any Standard Schema
 * library) and the limits.
 *
 * @example
 * @ws.socket('{room}', { room: request.SlugPathParam }, { receive: ChatIn, send: ChatOut })
 */
export interface SocketOptions<
  In extends StandardSchemaV1 | undefined = StandardSchemaV1 | undefined,
  Out extends StandardSchemaV1 | undefined = StandardSchemaV1 | undefined,
> extends SocketLimits {
  /** each received message (JSON) is validated with it; a failure → an error frame, the socket lives */
  receive?: In
  /** what `send`/`publish` take; checked only in `debug` (a failure throws to the handler) */
  send?: Out
  /** browser origins allowed (see `SocketOrigins`) */
  origins?: SocketOrigins
  /** subprotocols spoken, preferred first: the first the client offers is chosen (none offered: none) */
  protocols?: readonly string[]
}

/** What `@ws.socket` records on the endpoint (the core keeps it opaque: `EndpointDef.socket`). */
export interface SocketDecl {
  readonly receive: StandardSchemaV1 | undefined
  readonly send: StandardSchemaV1 | undefined
  readonly origins: SocketOrigins | undefined
  readonly protocols: readonly string[] | undefined
  readonly limits: Readonly<Required<SocketLimits>>
}

/** The limits when an endpoint declares none. */
export const DEFAULT_LIMITS: Readonly<Required<SocketLimits>> = {
  maxMessageBytes: 1024 * 1024,
  messagesPerSecond: 100,
  idleTimeout: 300_000,
  maxBufferedBytes: 1024 * 1024,
  maxUnreadMessages: 256,
}

/** The largest message any runtime is asked to accept (Bun's and fw's Node server cap). */
export const MAX_MESSAGE_BYTES_CAP = 16 * 1024 * 1024

const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as (keyof SocketLimits)[]
const OPTION_NAMES = new Set<string>([...LIMIT_NAMES, 'receive', 'send', 'origins', 'protocols'])
/** A subprotocol as RFC 6455 allows it: an HTTP token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** The declaration of `options`, its limits checked (ImproperlyConfigured names `where`). */
export function socketDecl(options: SocketOptions | undefined, where: string): SocketDecl {
  const given = options ?? {}
  for (const key of Object.keys(given))
    if (!OPTION_NAMES.has(key))
      throw new ImproperlyConfigured(
        `${where}: unknown @ws.socket option '${key}' (known: ${[...OPTION_NAMES].join(', ')})`,
      )
  const limits = { ...DEFAULT_LIMITS }
  for (const name of LIMIT_NAMES) {
    const value = given[name]
    if (value === undefined) continue
    const zeroAllowed = name === 'idleTimeout'
    if (!Number.isInteger(value) || value < (zeroAllowed ? 0 : 1))
      throw new ImproperlyConfigured(
        `${where}: @ws.socket ${name} must be a${zeroAllowed ? ' non-negative' : ' positive'} integer, got ${String(value)}`,
      )
    limits[name] = value
  }
  if (limits.maxMessageBytes > MAX_MESSAGE_BYTES_CAP)
    throw new ImproperlyConfigured(
      `${where}: @ws.socket maxMessageBytes is at most ${MAX_MESSAGE_BYTES_CAP} (16 MiB)`,
    )
  const protocols = given.protocols
  const bad = protocols?.find((protocol) => !TOKEN.test(protocol))
  if (bad !== undefined)
    throw new ImproperlyConfigured(
      `${where}: @ws.socket protocol ${JSON.stringify(bad)} is not a token (RFC 6455 §4.1)`,
    )
  return { receive: given.receive, send: given.send, origins: given.origins, protocols, limits }
}
