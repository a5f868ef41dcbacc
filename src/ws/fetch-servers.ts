/**
 * WebSockets on the fetch-handler servers `service.run()` starts on Bun (`Bun.serve`'s `websocket`
 * option) and Deno (`Deno.upgradeWebSocket`), through crossws's adapters: a request asking for a
 * WebSocket is answered by fw's fetch first (./runtime.ts), then upgraded when accepted.
 */
import bunAdapter from 'crossws/adapters/bun'
import type { DenoAdapter } from 'crossws/adapters/deno'
import type { FetchHandler } from '../types'
import { asksWebSocket } from './accept'
import { MAX_MESSAGE_BYTES_CAP } from './options'
import { answerUpgrade, handOver, LiveSockets, socketHooks } from './runtime'

type BunServerLike = Parameters<ReturnType<typeof bunAdapter>['handleUpgrade']>[1]

/**
 * `Bun.serve`'s `fetch` and `websocket` for `fetch`: upgrades answered by fw first. Bun's own
 * message bound is the 16 MiB cap; each endpoint's `maxMessageBytes` is checked per message.
 *
 * @example
 * Bun.serve({ ...bunSockets(service.fetch), port: 8000 })
 */
export function bunSockets(fetch: FetchHandler): {
  fetch: FetchHandler
  websocket: unknown
  close(): void
} {
  const adapter = bunAdapter({ hooks: socketHooks(), getNamespace: () => 'fw' })
  const live = new LiveSockets()
  const upgrade = async (request: Request, server: BunServerLike): Promise<Response> => {
    const answer = await answerUpgrade(fetch, request, server)
    if (!answer.accepted) return answer.response
    handOver(request, answer, answer.accepted, live)
    // undefined once upgraded: Bun then answers 101 itself
    return (await adapter.handleUpgrade(request, server)) as Response
  }
  return {
    fetch: (request, server) =>
      asksWebSocket(request) ? upgrade(request, server as BunServerLike) : fetch(request, server),
    websocket: {
      ...adapter.websocket,
      maxPayloadLength: MAX_MESSAGE_BYTES_CAP,
      perMessageDeflate: false,
    },
    close: () => live.closeAll(),
  }
}

/**
 * A `Deno.serve` handler for `fetch`: upgrades answered by fw first, then `Deno.upgradeWebSocket`.
 *
 * @example
 * Deno.serve(denoSockets(service.fetch).fetch)
 */
export function denoSockets(fetch: FetchHandler): { fetch: FetchHandler; close(): void } {
  let adapter: Promise<DenoAdapter> | undefined
  const live = new LiveSockets()
  const upgrade = async (request: Request, info: unknown): Promise<Response> => {
    const answer = await answerUpgrade(fetch, request, info)
    if (!answer.accepted) return answer.response
    handOver(request, answer, answer.accepted, live)
    adapter ??= import('crossws/adapters/deno').then(({ default: denoAdapter }) =>
      denoAdapter({ hooks: socketHooks(), getNamespace: () => 'fw' }),
    )
    const ready = await adapter
    try {
      return await ready.handleUpgrade(request, info as Parameters<DenoAdapter['handleUpgrade']>[1])
    } catch (error) {
      // Deno refuses what fw accepted only for the subprotocol list: it splits the offer on ', '
      // exactly, so `a,b` (the ws package's spelling) is not read as two protocols.
      const message = error instanceof Error ? error.message : String(error)
      return new Response(`the WebSocket upgrade was refused: ${message}`, { status: 400 })
    }
  }
  return {
    fetch: (request, info) =>
      asksWebSocket(request) ? upgrade(request, info) : fetch(request, info),
    close: () => live.closeAll(),
  }
}
