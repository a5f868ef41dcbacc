/**
 * The AsyncAPI 3.0 document of a service's `@ws.socket` endpoints (`service.asyncapi()`,
 * `<docs>/asyncapi.json`, docs/websocket.md): one channel per endpoint (its address template and
 * path parameters, its query and header params as the `ws` binding), a `receive` operation (what
 * clients send, the `receive` schema) and a `send` operation (the `send` schema and the error
 * frame), security from its auth params. Schemas go through the OpenAPI builder's seam (./schema).
 * Extensions the typed client reads: `x-fw-call` (channel: the client's call path) and
 * `x-fw-parameters` (channel: the upgrade's params as OpenAPI parameters, with `x-fw-source`) and
 * `x-fw-envelope` (channel: the keys of a refused upgrade's error body).
 */
import type { SocketDecl } from '../ws/options'
import { parametersOf } from './parameters'
import type { RouteInfo } from './route-info'
import { toSchema, type Definitions, type JsonSchema } from './schema'

/**
 * An AsyncAPI 3.0 document (the parts fw writes; everything is plain JSON).
 *
 * @example
 * const document: AsyncAPIDocument = service.asyncapi({ version: '1.0.0' })
 */
export interface AsyncAPIDocument {
  asyncapi: '3.0.0'
  info: { title: string; version: string; description?: string }
  defaultContentType: 'application/json'
  channels: Record<string, JsonSchema>
  operations: Record<string, JsonSchema>
  components: { schemas: Record<string, JsonSchema>; securitySchemes?: Record<string, JsonSchema> }
}

/** One socket endpoint to describe: its route description and its `@ws.socket` declaration. */
export interface SocketInfo {
  route: RouteInfo
  socket: SocketDecl
}

/** The error frame a socket sends for a message it cannot accept (src/ws/frames.ts). */
const ERROR_FRAME: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['status', 'message'],
      properties: {
        status: { type: 'integer', const: 400 },
        message: { type: 'string' },
        issues: {
          type: 'array',
          items: {
            type: 'object',
            properties: { path: { type: 'array' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
}

/** An AsyncAPI key (`^[A-Za-z0-9_-]+$`) for a call path, unique among `used`. */
function keyOf(call: string, used: Set<string>): string {
  const base = call.replace(/[^A-Za-z0-9_-]+/g, '_') || 'socket'
  let key = base
  for (let n = 2; used.has(key); n++) key = `${base}_${n}`
  used.add(key)
  return key
}

/** OpenAPI security schemes in AsyncAPI's words (`apiKey` is `httpApiKey` there). */
function asyncScheme(scheme: Record<string, unknown>): JsonSchema {
  return scheme.type === 'apiKey' ? { ...scheme, type: 'httpApiKey' } : scheme
}

/** The `ws` binding's object schema of the params sent `where` (query or headers), or nothing. */
function bindingSchema(parameters: readonly JsonSchema[], where: string): JsonSchema | undefined {
  const found = parameters.filter((parameter) => parameter.in === where)
  if (!found.length) return undefined
  const required = found.filter((parameter) => parameter.required).map(({ name }) => name)
  return {
    type: 'object',
    properties: Object.fromEntries(
      found.map((parameter) => [String(parameter.name), parameter.schema ?? {}]),
    ),
    ...(required.length ? { required } : {}),
  }
}

/** The channel of one endpoint: address, path parameters, the `ws` binding, its messages. */
function channelOf(info: SocketInfo, call: string, defs: Definitions): JsonSchema {
  const { route, socket } = info
  const parameters = parametersOf(route, defs)
  const inPath = parameters.filter((parameter) => parameter.in === 'path')
  const query = bindingSchema(parameters, 'query')
  const headers = bindingSchema(parameters, 'header')
  const payload = (schema: SocketDecl['receive']): JsonSchema =>
    schema ? toSchema(schema, defs) : {}
  return {
    address: route.template,
    title: `${route.className}.${route.methodName}`,
    ...(route.doc.summary ? { summary: route.doc.summary } : {}),
    ...(route.doc.description ? { description: route.doc.description } : {}),
    ...(inPath.length
      ? {
          parameters: Object.fromEntries(
            inPath.map((parameter) => [
              String(parameter.name),
              parameter.description ? { description: parameter.description } : {},
            ]),
          ),
        }
      : {}),
    messages: {
      received: {
        name: 'received',
        contentType: 'application/json',
        payload: payload(socket.receive),
      },
      sent: { name: 'sent', contentType: 'application/json', payload: payload(socket.send) },
      error: {
        name: 'error',
        summary: 'A message that cannot be accepted: the socket stays open.',
        contentType: 'application/json',
        payload: ERROR_FRAME,
      },
    },
    bindings: {
      ws: {
        method: 'GET',
        ...(query ? { query } : {}),
        ...(headers ? { headers } : {}),
        bindingVersion: '0.1.0',
      },
    },
    'x-fw-call': call,
    'x-fw-parameters': parameters,
    ...(route.envelope ? { 'x-fw-envelope': route.envelope } : {}),
  }
}

/**
 * Build the AsyncAPI 3.0 document of a service's socket endpoints.
 *
 * @example
 * buildAsyncAPI(sockets, { title: 'chat', version: '1.0.0' }) // { asyncapi: '3.0.0', channels: { chat_room: … } }
 */
export function buildAsyncAPI(
  sockets: readonly SocketInfo[],
  info: { title?: string; version?: string; description?: string } = {},
): AsyncAPIDocument {
  const defs: Definitions = {}
  const channels: Record<string, JsonSchema> = {}
  const operations: Record<string, JsonSchema> = {}
  const securitySchemes: Record<string, JsonSchema> = {}
  const used = new Set<string>()
  for (const socket of sockets) {
    const call = [...socket.route.tree, socket.route.methodName].join('.')
    const key = keyOf(call, used)
    channels[key] = channelOf(socket, call, defs)
    const required = socket.route.security.filter((doc) => !doc.optional)
    for (const { name, scheme } of socket.route.security)
      securitySchemes[name] ??= asyncScheme(scheme)
    const security = required.map(({ name }) => ({ $ref: `#/components/securitySchemes/${name}` }))
    const operation = (action: 'send' | 'receive', messages: string[]): JsonSchema => ({
      action,
      channel: { $ref: `#/channels/${key}` },
      messages: messages.map((message) => ({ $ref: `#/channels/${key}/messages/${message}` })),
      ...(security.length ? { security } : {}),
    })
    // The application's point of view (AsyncAPI 3): the service receives what clients send.
    operations[`${key}_receive`] = operation('receive', ['received'])
    operations[`${key}_send`] = operation('send', ['sent', 'error'])
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: info.title ?? 'fw service',
      version: info.version ?? '0.0.0',
      ...(info.description ? { description: info.description } : {}),
    },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: {
      schemas: defs,
      ...(Object.keys(securitySchemes).length ? { securitySchemes } : {}),
    },
  }
}
