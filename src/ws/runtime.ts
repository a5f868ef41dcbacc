/**
 * The runtime glue, one path for every server: a request asking for a WebSocket is offered for
 * upgrade and answered by fw's fetch (routing, params, auth, hooks, plugins); an accepted one is
 * handed to crossws (the cross-runtime WebSocket layer: Node's `ws`, Bun's and Deno's own), any
 * other answer is sent as the HTTP response it is. crossws's peers are wrapped in `ws.Socket`s.
 */
import type { Hooks, Peer } from 'crossws'
import type { FetchHandler } from '../types'
import { offerUpgrade, type Accepted } from './accept'
import { Socket } from './socket'

/** What fw's fetch answered an offered upgrade: the acceptance, or the HTTP answer to send instead. */
export interface UpgradeAnswer {
  response: Response
  accepted?: Accepted
}

/**
 * Offer `request` for upgrade and run it through `fetch`: accepted when the socket endpoint
 * accepted it and nothing after it (a plugin, an after hook) turned the answer into a refusal.
 *
 * @example
 * const { response, accepted } = await answerUpgrade(service.fetch, request)
 */
export async function answerUpgrade(
  fetch: FetchHandler,
  request: Request,
  env?: unknown,
  ctx?: unknown,
): Promise<UpgradeAnswer> {
  const offer = offerUpgrade(request)
  const response = await fetch(request, env, ctx)
  const accepted = offer.accepted
  if (!accepted || response.status >= 300) return { response }
  response.body?.cancel().catch(() => {})
  return { response, accepted }
}

/** Response headers that describe a body or a connection, not kept on a `101`. */
const NOT_ON_101 = new Set([
  'connection',
  'upgrade',
  'content-length',
  'content-type',
  'transfer-encoding',
  'keep-alive',
])

/** The headers of fw's answer kept on the `101` (a cookie, a request id, CORS …). */
function upgradeHeaders(response: Response): Headers {
  const headers = new Headers()
  for (const [name, value] of response.headers)
    if (!NOT_ON_101.has(name) && !name.startsWith('sec-websocket-')) headers.append(name, value)
  return headers
}

type AnySocket = Socket<undefined, undefined, Record<string, unknown>>

/**
 * The open sockets of one server: closed with 1001 when it stops (its `close()` would otherwise
 * wait for them, or leave them open).
 */
export class LiveSockets {
  readonly #open = new Set<AnySocket>()

  add(socket: AnySocket): void {
    this.#open.add(socket)
    void socket.closed.then(() => this.#open.delete(socket))
  }

  /** Close every open socket: the server is going away. */
  closeAll(): void {
    for (const socket of this.#open) if (socket.open) socket.close(1001, 'server closing')
    this.#open.clear()
  }
}

/** Where crossws keeps a connection's acceptance and, once open, its socket. */
interface Connection {
  accepted: Accepted
  live: LiveSockets
  socket?: AnySocket
}

const pending = new WeakMap<
  Request,
  { answer: UpgradeAnswer; accepted: Accepted; live: LiveSockets }
>()

/**
 * Remember an accepted answer for crossws's `upgrade` hook (called with the same request), and
 * the server's open sockets the connection joins.
 *
 * @example
 * if (answer.accepted) handOver(request, answer, answer.accepted, live)
 */
export function handOver(
  request: Request,
  answer: UpgradeAnswer,
  accepted: Accepted,
  live: LiveSockets,
): void {
  pending.set(request, { answer, accepted, live })
}

function connectionOf(peer: Peer): Connection | undefined {
  return peer.context.fw as Connection | undefined
}

/** Open the endpoint's socket on `peer` and run its method; its end closes the connection. */
function open(peer: Peer): void {
  const connection = connectionOf(peer)
  if (!connection) return peer.close(1011, 'not accepted')
  const { plan, handler, instance, params, user, protocol } = connection.accepted
  const context = instance.request
  const socket: AnySocket = new Socket(plan, peer, {
    url: context.raw.url,
    headers: context.raw.headers,
    params,
    user,
    protocol,
    context,
  })
  connection.socket = socket
  connection.live.add(socket)
  Promise.resolve()
    .then(() => handler.call(instance, socket, params))
    .then(
      () => socket.open && socket.close(1000),
      (error: unknown) => {
        plan.onError(error)
        if (socket.open) socket.close(1011, 'internal error')
      },
    )
}

function received(data: unknown): string | Uint8Array {
  if (typeof data === 'string') return data
  if (data instanceof Uint8Array) return data
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
  return new Uint8Array(0)
}

/**
 * The crossws hooks every runtime adapter gets: the upgrade takes fw's acceptance (and the headers
 * of its answer), messages and closes go to the `ws.Socket`.
 *
 * @example
 * const adapter = nodeAdapter({ hooks: socketHooks(), getNamespace: () => 'fw' })
 */
export function socketHooks(): Partial<Hooks> {
  return {
    upgrade(request) {
      const handed = pending.get(request)
      if (!handed) return new Response('no WebSocket accepted for this request', { status: 400 })
      pending.delete(request)
      const connection: Connection = { accepted: handed.accepted, live: handed.live }
      const { protocol } = handed.accepted
      const headers = upgradeHeaders(handed.answer.response)
      if (protocol !== undefined) headers.set('sec-websocket-protocol', protocol)
      return { headers, protocol, context: { fw: connection } }
    },
    open,
    message(peer, message) {
      connectionOf(peer)?.socket?.receive(received(message.rawData))
    },
    close(peer, details) {
      connectionOf(peer)?.socket?.closedBy(details.code, details.reason)
    },
    error(peer, error) {
      const connection = connectionOf(peer)
      connection?.accepted.plan.onError(error)
      connection?.socket?.closedBy(1006, 'error')
    },
  }
}
