/**
 * `fw-api/client/ws`: socket endpoints in the typed client (docs/websocket.md, "The typed client").
 * Importing it lets `client.chat.room.connect(input)` open a typed WebSocket, routed by the
 * service's AsyncAPI document; `fw-api/client` alone stays the small HTTP client.
 *
 * @example
 * import { createClient } from 'fw-api/client'
 * import 'fw-api/client/ws'
 * const socket = await createClient<typeof RootAPI>({ baseURL, route: '/api' }).chat.room.connect({ room: 'lobby' })
 */
import { channelsOf, connectRoute } from '../channels'
import { registerSockets } from '../sockets'

registerSockets({ index: channelsOf, connect: connectRoute })
