/**
 * WebSockets on a node:http server (fw's own from `service.run()`, the one Express, Koa, Fastify or
 * Nest listen on, or yours): its `upgrade` event answered through fw's fetch, an accepted
 * handshake completed by crossws's Node adapter (the `ws` library), a refusal written as the
 * HTTP response it is. crossws is loaded on the first upgrade, through the loader `fw-api/serve`
 * registers (ws/node-adapter.ts): fw-api/ws names no Node module.
 */
import type { NodeAdapter } from 'crossws/adapters/node'
import type { FetchHandler } from '../types'
import { concatBytes } from '../utils/bytes'
import { nodeSocketAdapter } from './node-adapter'
import { answerUpgrade, handOver, LiveSockets, socketHooks } from './runtime'

/**
 * The part of a node:http server (`http.Server`, Express's `app.listen()`, Fastify's `app.server`)
 * WebSockets are attached to.
 *
 * @example
 * const server: ws.UpgradeServer = http.createServer(app)
 */
export interface UpgradeServer {
  on(
    event: 'upgrade',
    listener: (request: IncomingLike, socket: DuplexLike, head: Uint8Array) => void,
  ): unknown
  /** node:http's: whether another upgrade handler shares the server (fw then leaves it the paths fw has no route for) */
  listenerCount?(event: 'upgrade'): number
}
/** The upgrade request as node:http gives it (`http.IncomingMessage` fits). */
export interface IncomingLike {
  socket?: { remoteAddress?: string }
  url?: string
  method?: string
  rawHeaders: string[]
}
/** The connection of an upgrade request (`stream.Duplex` fits). */
export interface DuplexLike {
  write(chunk: string | Uint8Array): unknown
  end(callback?: () => void): unknown
  destroy(): unknown
  on(event: 'error', listener: (error: unknown) => void): unknown
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown
  off(event: 'data', listener: (chunk: Uint8Array) => void): unknown
  readonly destroyed: boolean
}

/** One crossws Node adapter per message bound (`ws`'s `maxPayload` is per server). */
const adapters = new Map<number, Promise<NodeAdapter>>()

function adapterFor(maxPayload: number): Promise<NodeAdapter> {
  let adapter = adapters.get(maxPayload)
  if (!adapter) {
    adapter = nodeSocketAdapter()().then(({ default: nodeAdapter }) =>
      nodeAdapter({
        hooks: socketHooks(),
        getNamespace: () => 'fw',
        serverOptions: { maxPayload, perMessageDeflate: false },
      }),
    )
    adapters.set(maxPayload, adapter)
  }
  return adapter
}

/** The headers and URL of an upgrade request; undefined when its target or headers are not valid. */
function headOf(incoming: IncomingLike): { url: URL; headers: Headers } | undefined {
  const target = incoming.url ?? ''
  if (!target.startsWith('/') || target.startsWith('//')) return undefined
  try {
    const headers = new Headers()
    const raw = incoming.rawHeaders
    for (let index = 0; index + 1 < raw.length; index += 2)
      headers.append(raw[index] as string, raw[index + 1] as string)
    return { url: new URL(target, `http://${headers.get('host') ?? 'localhost'}`), headers }
  } catch {
    return undefined
  }
}

/**
 * The most body an upgrade request may carry: node:http hands every request with `Upgrade` to the
 * `upgrade` handler unread, a `POST` with `Upgrade: h2c` too, which fw then answers as HTTP.
 */
const MAX_UPGRADE_BODY = 1024 * 1024
const NO_BODY = new Uint8Array(0)

/** The body of an upgrade request, read from its connection (`head`: what node:http had read): its bytes, or the status refusing it. */
function readBody(
  headers: Headers,
  socket: DuplexLike,
  head: Uint8Array,
): Promise<Uint8Array<ArrayBuffer> | number> {
  if (headers.has('transfer-encoding')) return Promise.resolve(411) // a length is needed to find the end
  const declared = headers.get('content-length') ?? '0'
  const length = /^\d{1,16}$/.test(declared) ? Number(declared) : -1
  if (length < 0) return Promise.resolve(400)
  if (length > MAX_UPGRADE_BODY) return Promise.resolve(413)
  if (length === 0) return Promise.resolve(NO_BODY)
  return new Promise((resolve) => {
    // copied: node:http's chunks are views of its pooled buffers (at most 1 MiB, on this rare path)
    const chunks = [new Uint8Array(head)]
    let received = head.byteLength
    const onData = (chunk: Uint8Array): void => {
      chunks.push(new Uint8Array(chunk))
      received += chunk.byteLength
      if (received >= length) done()
    }
    const done = (): void => {
      socket.off('data', onData)
      resolve(concatBytes(chunks).subarray(0, length))
    }
    if (received >= length) return done()
    socket.on('data', onData)
  })
}

/** The Web `Request` of an upgrade request, its body read; or the status refusing it. */
async function webRequest(
  incoming: IncomingLike,
  socket: DuplexLike,
  head: Uint8Array,
): Promise<Request | number> {
  const found = headOf(incoming)
  if (!found) return 400
  const method = incoming.method ?? 'GET'
  if (method === 'GET' || method === 'HEAD')
    return new Request(found.url, { method, headers: found.headers })
  const body = await readBody(found.headers, socket, head)
  if (typeof body === 'number') return body
  return new Request(found.url, { method, headers: found.headers, body })
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  411: 'Length Required',
  413: 'Content Too Large',
  500: 'Internal Server Error',
}

/** Write fw's refusal (or any answer) on the raw socket, then close it: `Connection: close` framing. */
async function writeAnswer(socket: DuplexLike, response: Response): Promise<void> {
  const lines = [
    `HTTP/1.1 ${response.status} ${response.statusText || STATUS_TEXT[response.status] || ''}`,
  ]
  for (const [name, value] of response.headers)
    if (name !== 'connection' && name !== 'transfer-encoding' && name !== 'keep-alive')
      lines.push(`${name}: ${value}`)
  lines.push('connection: close')
  socket.write(`${lines.join('\r\n')}\r\n\r\n`)
  if (response.body)
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (socket.destroyed) break
      socket.write(chunk)
    }
  await new Promise<void>((done) => socket.end(done))
  socket.destroy()
}

async function upgrade(
  fetch: FetchHandler,
  live: LiveSockets,
  shared: () => boolean,
  incoming: IncomingLike,
  socket: DuplexLike,
  head: Uint8Array,
): Promise<void> {
  const request = await webRequest(incoming, socket, head)
  if (typeof request === 'number')
    return writeAnswer(socket, new Response(null, { status: request }))
  // `{ incoming }`: the client's address, as fw's Node servers hand it (`this.request.ip`)
  const answer = await answerUpgrade(fetch, request, { incoming })
  // A path fw has no route for belongs to the server's other upgrade handler, when there is one.
  if (answer.response.status === 404 && !answer.accepted && shared()) return
  if (!answer.accepted || socket.destroyed) return writeAnswer(socket, answer.response)
  const accepted = answer.accepted
  handOver(request, answer, accepted, live)
  const adapter = await adapterFor(accepted.plan.limits.maxMessageBytes)
  await adapter.handleUpgrade(incoming as never, socket as never, head as never, request)
}

/**
 * Answer a node:http server's WebSocket upgrades through `fetch` (the service's): `@ws.socket`
 * endpoints open, every other request asking for an upgrade gets its HTTP answer. `service.run()`
 * does it for the servers it starts. Returns what closes the server's open sockets (1001).
 *
 * @example
 * const closeSockets = attachNodeUpgrades(server, service.fetch)
 */
export function attachNodeUpgrades(server: unknown, fetch: FetchHandler): () => void {
  nodeSocketAdapter() // throws now, not on the first upgrade, without fw-api/serve
  const node = server as UpgradeServer
  const live = new LiveSockets()
  const shared = (): boolean => (node.listenerCount?.('upgrade') ?? 1) > 1
  node.on('upgrade', (incoming, socket, head) => {
    socket.on('error', () => socket.destroy())
    upgrade(fetch, live, shared, incoming, socket, head).catch(() => {
      if (!socket.destroyed) void writeAnswer(socket, new Response(null, { status: 500 }))
    })
  })
  return () => live.closeAll()
}

/**
 * Serve the WebSocket endpoints of `service` on a node:http server you created (or one Express,
 * Koa or Fastify listen on: `app.listen()` returns it, Fastify's is `app.server`). Returns what
 * closes its open sockets (1001, "going away"): call it before `server.close()`. Another upgrade
 * handler on the server (socket.io, your own `ws` server) keeps the paths fw answers 404 to.
 * Needs `import 'fw-api/serve'` (it loads crossws's Node adapter); throws without it.
 *
 * @example
 * const server = app.listen(3000)            // Express, fw attached (docs/integration.md)
 * const closeSockets = ws.attachWebSocket(server, service) // with `import 'fw-api/serve'`
 */
export function attachWebSocket(
  server: UpgradeServer,
  service: { fetch: FetchHandler },
): () => void {
  return attachNodeUpgrades(server, service.fetch)
}
