/**
 * The typed client's socket routes, read from the service's AsyncAPI document (`<docs>/asyncapi.json`,
 * or given): one route per channel, named by its `x-fw-call` (the API tree, e.g. `chat.room`), with
 * the upgrade's params (`x-fw-parameters`) as an HTTP route has them, so a connection's URL is
 * built exactly as a call's (path params encoded and checked, query params by wire name).
 */
import { failure, isObject, readAnswer } from './answer'
import type { DocOperation, DocParameter, Route } from './document'
import { ClientError } from './error'
import { sendFollowing } from './redirect'
import { buildRequest } from './request'
import {
  connectSocket,
  type ClientSocket,
  type ConnectOptions,
  type WebSocketConstructor,
} from './socket'
import type { SocketContext } from './sockets'

/**
 * An AsyncAPI document as the client reads it (`service.asyncapi()` and `<docs>/asyncapi.json` fit).
 *
 * @example
 * createClient<typeof RootAPI>({ baseURL, asyncapi: service.asyncapi() })
 */
export interface ClientAsyncAPI {
  channels: Record<string, unknown>
}

/** A channel as the client reads it. */
interface DocChannel {
  address?: string
  'x-fw-call'?: string
  'x-fw-parameters'?: DocParameter[]
  'x-fw-envelope'?: DocOperation['x-fw-envelope']
}

/**
 * Index an AsyncAPI document's channels by call name, as `GET` routes of their address.
 *
 * @example
 * channelsOf(service.asyncapi()).get('chat.room') // { method: 'GET', path: '/api/chat/{room}', operation }
 */
export function channelsOf(document: ClientAsyncAPI): Map<string, Route> {
  const routes = new Map<string, Route>()
  for (const value of Object.values(document.channels ?? {})) {
    if (!isObject(value)) continue
    const channel = value as DocChannel
    const name = channel['x-fw-call']
    if (!name || typeof channel.address !== 'string' || routes.has(name)) continue
    routes.set(name, {
      method: 'GET',
      path: channel.address,
      operation: {
        parameters: channel['x-fw-parameters'] ?? [],
        ...(channel['x-fw-envelope'] ? { 'x-fw-envelope': channel['x-fw-envelope'] } : {}),
      },
    })
  }
  return routes
}

/**
 * Where the AsyncAPI document is: beside an OpenAPI document given by URL (`…/openapi.json` →
 * `…/asyncapi.json`), else where `docs: true` serves it.
 *
 * @example
 * asyncapiBeside('/api/docs/openapi.json', 'http://localhost/api/docs/openapi.json') // '/api/docs/asyncapi.json'
 */
export function asyncapiBeside(document: unknown, fallback: string): string {
  const beside = typeof document === 'string' ? document : fallback
  return beside.replace(/openapi\.json(?=$|[?#])/, 'asyncapi.json')
}

/** The http(s) URL of a ws(s) one and back: the same request, as fetch or as a WebSocket sends it. */
function withScheme(url: URL, secure: 'https:' | 'wss:', plain: 'http:' | 'ws:'): string {
  const copy = new URL(url)
  copy.protocol = copy.protocol === 'https:' || copy.protocol === 'wss:' ? secure : plain
  return copy.href
}

/**
 * Open a connection to a socket route: its URL built as a call's; a refused upgrade explained by
 * the same request over HTTP (a WebSocket does not say why).
 *
 * @example
 * const socket = await connectRoute(context, channelsOf(document).get('chat.room')!, { room: 'lobby' }, {})
 */
export function connectRoute(
  context: SocketContext,
  route: Route,
  input: Record<string, unknown>,
  init: ConnectOptions = {},
): Promise<ClientSocket> {
  const outgoing = buildRequest(context.baseURL, route, input, context.headers, init)
  const WebSocket = context.WebSocket ?? (globalThis.WebSocket as WebSocketConstructor | undefined)
  if (!WebSocket)
    throw new TypeError(
      'fw client: no WebSocket here (Node 20): pass one, createClient({ WebSocket }) with `import WebSocket from "ws"`',
    )
  const refusal = async (): Promise<ClientError> => {
    const request = { ...outgoing, url: new URL(withScheme(outgoing.url, 'https:', 'http:')) }
    const response = await sendFollowing(context.send, request).catch(() => undefined)
    if (!response || response.status === 426)
      return new ClientError(
        `fw client: the WebSocket connection to ${route.path} failed`,
        0,
        undefined,
        undefined,
      )
    const body = await readAnswer(response, {}, 'GET', context.maxBytes)
    return failure(response, body, route.operation)
  }
  const url = withScheme(outgoing.url, 'wss:', 'ws:')
  return connectSocket({ url, headers: outgoing.headers, WebSocket, refusal }, init)
}
