/**
 * Where `fw-api/client/ws` registers socket endpoints with the client (`client.x.y.connect(input)`):
 * the HTTP client's bundle stays as small as it was for users of HTTP calls only.
 */
import type { Route } from './document'
import type { Send } from './redirect'
import type { ClientSocket, ConnectOptions, WebSocketConstructor } from './socket'

/** What a connection needs of the client that opens it. */
export interface SocketContext {
  baseURL: string
  /** the client's headers (its `headers` and `auth`) */
  headers: Headers
  /** the client's fetch (the refusal of an upgrade is asked over HTTP) */
  send: Send
  maxBytes: number
  /** the client's `WebSocket` option */
  WebSocket: WebSocketConstructor | undefined
}

/** What `fw-api/client/ws` gives the client: its routes from the AsyncAPI document, and `connect`. */
export interface SocketsLayer {
  /** the socket routes of an AsyncAPI document, by call name */
  index(document: object): Map<string, Route>
  connect(
    context: SocketContext,
    route: Route,
    input: Record<string, unknown>,
    init: ConnectOptions | undefined,
  ): Promise<ClientSocket>
}

const registered: { layer?: SocketsLayer } = {}

/**
 * Register socket endpoints with every client (called by the `fw-api/client/ws` entry).
 *
 * @example registerSockets({ index: channelsOf, connect: connectRoute })
 */
export function registerSockets(layer: SocketsLayer): void {
  registered.layer ??= layer
}

/** The registered socket layer, if `fw-api/client/ws` was imported. */
export function socketsLayer(): SocketsLayer | undefined {
  return registered.layer
}
