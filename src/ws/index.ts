/**
 * `fw-api/ws`: WebSocket endpoints on API classes (SPEC §16, docs/websocket.md) — `@ws.socket`,
 * `ws.Socket`, pub/sub across processes (`ws.RedisAdapter`). Importing this entry registers the
 * upgrade with the core and the servers of `fw-api/serve` (Node, Bun, Deno), through crossws.
 *
 * @example
 * import { ws } from 'fw-api/ws'
 * class ChatAPI extends api.API {
 *   @ws.socket('{room}', { room: request.SlugPathParam }, { receive: ChatIn, send: ChatOut })
 *   async room(socket: ws.Socket<typeof ChatIn, typeof ChatOut>, { room }: { room: string }) {
 *     socket.subscribe(room)
 *     for await (const message of socket) socket.publish(room, { ...message, at: new Date() })
 *   }
 * }
 */
import { registerSockets } from '../service/host'
import { socketUpgrade } from './accept'
import { bunSockets, denoSockets } from './fetch-servers'
import { attachNodeUpgrades } from './node'
import * as ws from './namespace'

registerSockets({
  upgrade: socketUpgrade,
  attachNode: attachNodeUpgrades,
  bun: bunSockets,
  deno: denoSockets,
})

export { ws }
export type * from './namespace'
