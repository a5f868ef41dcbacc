/**
 * `@ws.socket(path?, params?, options?)`: a WebSocket endpoint on an API class. It is recorded as
 * a `GET` endpoint (so its params, auth params, hooks and plugins are the HTTP ones, run on the
 * upgrade request) carrying its `SocketDecl`; fw-api/ws compiles its method into the upgrade.
 */
import { metaOfMethodCall } from '../meta'
import { misplace, placementOf } from '../meta/placement'
import type { OperationDoc } from '../api/doc'
import { socketDecl, type SocketDecl, type SocketOptions } from './options'

/**
 * The decorator `@ws.socket(...)` returns, for a method `(socket, params) => …`.
 *
 * @example
 * const decorate: ws.SocketDecorator = ws.socket('{room}')
 */
export interface SocketDecorator {
  <This>(
    value: (this: This, socket: never, params: never) => unknown,
    context: ClassMethodDecoratorContext<This> & { static: false },
  ): void
  (target: object, key: string | symbol, descriptor?: PropertyDescriptor): void
}

/**
 * `ws.socket`: bare (`@ws.socket`, served at the method's name), or called with a path, params
 * and options in that order (`@ws.socket(params, options)` without a path).
 *
 * @example
 * @ws.socket('{room}', { room: request.SlugPathParam }, { receive: ChatIn, send: ChatOut })
 */
export interface SocketDecoratorFactory extends SocketDecorator {
  (path: string, params?: Record<string, unknown>, options?: SocketOptions): SocketDecorator
  (params: Record<string, unknown>, options?: SocketOptions): SocketDecorator
}

interface Declared {
  path?: string
  params?: Record<string, unknown>
  /** the options checked when the decorator is made (a mistake throws at the class's declaration) */
  socket: SocketDecl
}

function record(declared: Declared, args: readonly unknown[]): void {
  const placement = placementOf(args)
  if (placement === undefined || placement.on !== 'method') {
    const what = placement?.on === 'other' ? placement.what : 'the class'
    return misplace(
      args,
      placement?.on === 'other' ? placement.member : '',
      `@ws.socket is on ${what}; it declares a WebSocket endpoint: put it on an instance method \`name(socket, params) { … }\``,
    )
  }
  const { meta, name } = metaOfMethodCall(args)
  const list = meta.endpoints.get(name) ?? []
  const { path, params, socket } = declared
  list.push({ method: 'GET', path, params, socket })
  meta.endpoints.set(name, list)
  // Not an HTTP operation: left out of the OpenAPI document (the socket routes are listed by `ws.routes`).
  meta.docs.set(name, { ...(meta.docs.get(name) as OperationDoc | undefined), hidden: true })
}

const factory = (...args: unknown[]): SocketDecorator | undefined => {
  if (placementOf(args)) {
    record({ socket: socketDecl(undefined, '@ws.socket') }, args) // bare `@ws.socket`
    return undefined
  }
  const pathGiven = typeof args[0] === 'string'
  const options = args[pathGiven ? 2 : 1] as SocketOptions | undefined
  const declared: Declared = {
    path: pathGiven ? (args[0] as string) : undefined,
    params: args[pathGiven ? 1 : 0] as Record<string, unknown> | undefined,
    socket: socketDecl(options, `@ws.socket(${pathGiven ? `'${args[0]}'` : ''})`),
  }
  return ((...target: unknown[]) => record(declared, target)) as SocketDecorator
}

/**
 * Declare a WebSocket endpoint. At the upgrade request its params (path, query, header, cookie,
 * auth) are checked like HTTP ones and its hooks and plugins run: a failure is an ordinary HTTP
 * answer before `101`; a `GET` without `Upgrade: websocket` is `426`. The method gets the socket
 * and the params.
 *
 * @example
 * @ws.socket('{room}', { room: request.SlugPathParam }, { receive: ChatIn, send: ChatOut })
 * async room(socket: ws.Socket<typeof ChatIn, typeof ChatOut>, { room }: { room: string }) {
 *   socket.subscribe(room)
 *   for await (const message of socket) socket.publish(room, { ...message, at: new Date() })
 * }
 */
export const socket: SocketDecoratorFactory = factory as SocketDecoratorFactory
