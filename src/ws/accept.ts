/**
 * The upgrade of a `@ws.socket` endpoint: its compiled method (run by the endpoint's pipeline after
 * its params, auth, hooks and plugins) accepts a WebSocket handshake on a request a server offered
 * for upgrade, or answers it over HTTP: 426 without one, 400 for a broken one, 403 for a
 * foreign origin. The server glue (./runtime.ts) offers the request, then upgrades or refuses.
 */
import type { BaseAPI } from '../api/api'
import type { Plugin } from '../api/plugin'
import type { CompileOptions, SocketTarget } from '../pipeline/plans'
import { BadRequest, ImproperlyConfigured, NotImplemented, PermissionDenied } from '../exceptions'
import { HttpError } from '../exceptions/http'
import { CORS } from '../plugins/cors'
import { compileSchemaChecker } from '../schema/check'
import { TopicHub } from './hub'
import type { SocketDecl, SocketOrigins } from './options'
import { relayOf } from './relay'
import type { SocketPlan } from './types'

type Handler = (this: BaseAPI, socket: unknown, params: Record<string, unknown>) => unknown

/** A handshake an endpoint accepted: what opening the connection needs. */
export interface Accepted {
  plan: SocketPlan
  handler: Handler
  /** the endpoint's per-request instance (`this` of the method) */
  instance: BaseAPI
  params: Record<string, unknown>
  /** the value of its auth param (`auth.User`), if it declares one */
  user: unknown
  /** the subprotocol chosen (`Sec-WebSocket-Protocol` of the 101), if any */
  protocol: string | undefined
}

/** A request a server offered for upgrade; the endpoint's method fills `accepted`. */
export interface UpgradeOffer {
  accepted?: Accepted
}

const offers = new WeakMap<Request, UpgradeOffer>()

/** Offer `request` for upgrade (a server that can upgrade does, before calling fw's fetch). */
export function offerUpgrade(request: Request): UpgradeOffer {
  const offer: UpgradeOffer = {}
  offers.set(request, offer)
  return offer
}

/** Does the request ask for a WebSocket (`Upgrade: websocket`)? */
export function asksWebSocket(request: Request): boolean {
  return request.headers.get('upgrade')?.toLowerCase().includes('websocket') === true
}

const KEY = /^[+/0-9A-Za-z]{22}==$/

/** Refuse what cannot be a WebSocket handshake (RFC 6455 §4.2.1) before a runtime sees it. */
function checkHandshake(request: Request): void {
  if (!asksWebSocket(request))
    throw new HttpError('a WebSocket endpoint: send `Upgrade: websocket`', {
      status: 426,
      headers: { upgrade: 'websocket', connection: 'Upgrade' },
    })
  const headers = request.headers
  if (request.method !== 'GET') throw new BadRequest('a WebSocket handshake is a GET')
  const connection = headers.get('connection')?.toLowerCase() ?? ''
  if (!connection.split(',').some((token) => token.trim() === 'upgrade'))
    throw new BadRequest('a WebSocket handshake needs `Connection: Upgrade`')
  if (!KEY.test(headers.get('sec-websocket-key') ?? ''))
    throw new BadRequest('a WebSocket handshake needs a valid `Sec-WebSocket-Key`')
  if (headers.get('sec-websocket-version') !== '13')
    throw new HttpError('only WebSocket version 13 is spoken', {
      status: 426,
      headers: { 'sec-websocket-version': '13' },
    })
}

/**
 * The subprotocol of the connection: the first of `spoken` the client offered; none when it offered
 * none; 400 when it offered only others (a browser would fail the connection without one).
 */
function chooseProtocol(
  request: Request,
  spoken: readonly string[] | undefined,
): string | undefined {
  const header = request.headers.get('sec-websocket-protocol')
  if (header === null) return undefined
  const offered = header.split(',').map((token) => token.trim())
  const chosen = spoken?.find((protocol) => offered.includes(protocol))
  if (chosen === undefined)
    throw new BadRequest(
      `none of the offered subprotocols is spoken here${spoken?.length ? ` (spoken: ${spoken.join(', ')})` : ''}`,
    )
  return chosen
}

/** Whether `origin` may open the socket: the declared origins, else CORS's, else the request's own. */
function originCheck(
  declared: SocketOrigins | undefined,
  plugins: readonly Plugin[],
): (origin: string, request: Request) => boolean {
  if (typeof declared === 'function') return (origin) => declared(origin)
  if (declared) {
    const listed = new Set(declared)
    return listed.has('*') ? () => true : (origin) => listed.has(origin)
  }
  const cors = plugins.find((plugin): plugin is CORS => plugin instanceof CORS)
  if (cors) return (origin) => cors.originFor(origin) !== undefined
  return (origin, request) => {
    try {
      return new URL(origin).host === request.headers.get('host')
    } catch {
      return false
    }
  }
}

/** One topic registry per compiled service (its endpoints share the compile options). */
const hubs = new WeakMap<CompileOptions, TopicHub>()

function hubOf(options: CompileOptions, report: (error: unknown) => void): TopicHub {
  let hub = hubs.get(options)
  if (!hub) hubs.set(options, (hub = new TopicHub(relayOf(options.plugins), report)))
  return hub
}

/** The connections' plan of a socket endpoint, compiled once. */
function planOf(
  def: SocketTarget,
  decl: SocketDecl,
  options: CompileOptions,
  label: string,
): SocketPlan {
  const depth = options.limits.depth
  const onError = options.onError ?? ((error: unknown) => console.error(error))
  return {
    label,
    receive: decl.receive ? compileSchemaChecker(decl.receive, { depth }) : undefined,
    send: options.debug && decl.send ? compileSchemaChecker(decl.send, { depth }) : undefined,
    stringify: options.stringify,
    limits: decl.limits,
    depth,
    hub: hubOf(options, onError),
    onError,
  }
}

/**
 * The method the pipeline of a `@ws.socket` endpoint calls (service/host.ts's `SocketLayer`): it
 * checks the handshake and the origin, and records the acceptance on the offered request.
 *
 * @example
 * const method = socketUpgrade(def, compileOptions)
 */
export function socketUpgrade(
  def: SocketTarget,
  options: CompileOptions,
): (this: BaseAPI, input: Record<string, unknown>) => unknown {
  const label = `${def.cls.name}.${def.methodName}()`
  const decl = def.socket as SocketDecl
  const handler = (def.cls.prototype as Record<string, unknown>)[def.methodName]
  if (typeof handler !== 'function')
    throw new ImproperlyConfigured(`${label}: @ws.socket needs a method (socket, params) => …`)
  const plan = planOf(def, decl, options, label)
  const userParam = Object.keys(def.params).find((name) => def.params[name]?.security !== undefined)
  const allowed = originCheck(decl.origins, [
    ...options.plugins,
    ...def.levels.flatMap((level) => level.plugins),
  ])
  return function upgrade(this: BaseAPI, input: Record<string, unknown>): Response {
    const request = this.request.raw
    checkHandshake(request)
    const offer = offers.get(request)
    if (!offer)
      throw new NotImplemented(
        'this server cannot upgrade to WebSocket: serve with service.run() or attachWebSocket() (fw-api/ws)',
      )
    const origin = request.headers.get('origin')
    if (origin !== null && !allowed(origin, request))
      throw new PermissionDenied(`origin ${origin} may not open this WebSocket`)
    // Read (and kept by the context) while the request is live: Bun's `requestIP` and Deno's
    // `remoteAddr` know the client no more once the connection is upgraded.
    void this.request.ip
    const protocol = chooseProtocol(request, decl.protocols)
    const user = userParam === undefined ? undefined : input[userParam]
    offer.accepted = {
      plan,
      handler: handler as Handler,
      instance: this,
      params: input,
      user,
      protocol,
    }
    return new Response(null, { status: 200 })
  }
}
