/**
 * `fw-api/ws/cloudflare`: socket endpoints on Cloudflare Workers, each room a Durable Object
 * (docs/websocket.md, "Workers: rooms as Durable Objects"). The Worker's `fetch` sends every
 * WebSocket handshake to the Durable Object of its room (by default its URL path: one object per
 * `/api/chat/{room}`), which answers it with fw's fetch — params, auth, hooks and plugins, a
 * refusal before 101 — and holds the room's sockets, so `publish` reaches the room. Other requests
 * are answered by the service in the Worker. Through crossws's Cloudflare adapter, loaded on the
 * first handshake (it imports `cloudflare:workers`: this entry still loads elsewhere, for tools).
 *
 * @example
 * import { durableSockets } from 'fw-api/ws/cloudflare'
 * const rooms = durableSockets(service, { binding: 'ROOMS' })
 * export class ChatRoom extends rooms.DurableObject {}
 * export default { fetch: rooms.fetch }
 */
import type { Hooks, Peer } from 'crossws'
import type { CloudflareDurableAdapter } from 'crossws/adapters/cloudflare'
import type { FetchHandler } from '../../types'
import { asksWebSocket } from '../accept'
import { answerUpgrade, handOver, LiveSockets, socketHooks } from '../runtime'

/** What a Durable Object namespace binding offers (`env.ROOMS`). */
interface DurableNamespace {
  idFromName(name: string): unknown
  get(id: unknown): { fetch(request: Request): Promise<Response> }
}

/** The part of a Durable Object's state the sockets use (hibernatable WebSockets). */
interface DurableState {
  acceptWebSocket(socket: unknown, tags?: string[]): void
  getWebSockets(tag?: string): unknown[]
}

/**
 * Options of `durableSockets`.
 *
 * @example
 * durableSockets(service, { binding: 'ROOMS', room: (request) => new URL(request.url).pathname.split('/').at(-1) ?? '' })
 */
export interface DurableSocketsOptions {
  /** the Durable Object namespace binding in `env` (wrangler.toml `[[durable_objects.bindings]]` name) */
  binding: string
  /** the Durable Object (room) of a handshake: its name; default the URL path, one object per socket path */
  room?: (request: Request) => string
}

/** A Worker module's parts for socket endpoints whose rooms are Durable Objects. */
export interface DurableSockets {
  /** the Worker's `fetch`: handshakes to their room's Durable Object, the rest to the service */
  fetch: (request: Request, env: Record<string, unknown>, ctx?: unknown) => Promise<Response>
  /** the Durable Object class to export (under the class name wrangler.toml binds) */
  DurableObject: new (
    state: DurableState,
    env: unknown,
  ) => {
    fetch(request: Request): Promise<Response>
  }
}

/** crossws's hooks for a Durable Object: its adapter drops an upgrade's `context`, kept here by request. */
function durableHooks(): Partial<Hooks> {
  const hooks = socketHooks()
  const contexts = new WeakMap<Request, Record<string, unknown>>()
  return {
    ...hooks,
    async upgrade(request) {
      const answer = await hooks.upgrade?.(request)
      if (answer && !(answer instanceof Response) && answer.context)
        contexts.set(request, answer.context)
      return answer
    },
    open(peer: Peer) {
      const context = contexts.get(peer.request as Request)
      if (context) Object.assign(peer.context, context)
      return hooks.open?.(peer)
    },
  }
}

/**
 * The Worker `fetch` and the Durable Object class that serve `service`'s socket endpoints on
 * Workers, each room (by default each socket URL path) one Durable Object.
 *
 * @example
 * const rooms = durableSockets(service, { binding: 'ROOMS' })
 * export class ChatRoom extends rooms.DurableObject {}
 * export default { fetch: rooms.fetch }
 */
export function durableSockets(
  service: { fetch: FetchHandler },
  options: DurableSocketsOptions,
): DurableSockets {
  const roomOf = options.room ?? ((request: Request) => new URL(request.url).pathname)
  const made: { adapter?: Promise<CloudflareDurableAdapter> } = {}
  const adapter = (): Promise<CloudflareDurableAdapter> =>
    (made.adapter ??= import('crossws/adapters/cloudflare').then(({ default: cloudflareAdapter }) =>
      cloudflareAdapter({ hooks: durableHooks(), getNamespace: () => 'fw' }),
    ))
  type DurableThis = Parameters<CloudflareDurableAdapter['handleDurableUpgrade']>[0]
  type DurableSocket = Parameters<CloudflareDurableAdapter['handleDurableMessage']>[1]

  class SocketRoom {
    readonly ctx: DurableState
    readonly env: unknown
    readonly #live = new LiveSockets()
    constructor(state: DurableState, env: unknown) {
      this.ctx = state
      this.env = env
    }

    /** A handshake sent by the Worker: answered by fw's fetch, accepted into this room when it passes. */
    async fetch(request: Request): Promise<Response> {
      const answer = await answerUpgrade(service.fetch, request, this.env)
      if (!answer.accepted) return answer.response
      handOver(request, answer, answer.accepted, this.#live)
      return (await adapter()).handleDurableUpgrade(this as unknown as DurableThis, request)
    }

    async webSocketMessage(socket: DurableSocket, message: ArrayBuffer | string): Promise<void> {
      return (await adapter()).handleDurableMessage(this as unknown as DurableThis, socket, message)
    }

    async webSocketClose(
      socket: DurableSocket,
      code: number,
      reason: string,
      clean: boolean,
    ): Promise<void> {
      return (await adapter()).handleDurableClose(
        this as unknown as DurableThis,
        socket,
        code,
        reason,
        clean,
      )
    }
  }

  const fetch = async (
    request: Request,
    env: Record<string, unknown>,
    ctx?: unknown,
  ): Promise<Response> => {
    if (!asksWebSocket(request)) return service.fetch(request, env, ctx)
    const rooms = env[options.binding] as DurableNamespace | undefined
    if (!rooms)
      return new Response(
        `fw: no Durable Object binding '${options.binding}' in env (wrangler.toml)`,
        { status: 500 },
      )
    return rooms.get(rooms.idFromName(roomOf(request))).fetch(request)
  }
  return { fetch, DurableObject: SocketRoom }
}
