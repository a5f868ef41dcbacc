/** Everything `ws.*` names (the `ws` namespace of `fw-api/ws`). */
export { socket, type SocketDecorator, type SocketDecoratorFactory } from './decorator'
export { Socket } from './socket'
export type { CloseInfo, Received, Sent, SocketRequest } from './types'
export {
  DEFAULT_LIMITS,
  type SocketLimits,
  type SocketOptions,
  type SocketOrigins,
} from './options'
export {
  RedisAdapter,
  type RedisAdapterOptions,
  type RedisPubSubClient,
  type RedisSubscriberClient,
} from './redis'
export type { PubSubRelay } from './hub'
export { PubSubAdapter } from './relay'
export type { ErrorFrame } from './frames'
export { routes, type SocketEndpoint } from './routes'
export { attachWebSocket, type UpgradeServer } from './node'
