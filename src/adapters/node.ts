/**
 * `fromNode(listener)`: mark a Node request listener for mounting.
 *
 * A bare function is taken for a fetch handler, so a Node `(req, res)`
 * listener must say what it is. The result is also a fetch object, usable
 * anywhere a `{ fetch }` is (`Bun.serve(fromNode(app))`, Hono's `mount`).
 */
import { ImproperlyConfigured } from '../exceptions'
import { callNodeListener, type NodeListener } from '../node/io/call'
import type { FetchHandler } from '../types'

const NODE_APP = Symbol.for('fw.nodeApp')

/**
 * A Node listener marked with `fromNode`.
 *
 * @example
 * service.mount(fromNode((req, res) => res.end('legacy')), '/legacy') // a NodeApp
 */
export interface NodeApp {
  readonly [NODE_APP]: true
  /** the listener as given */
  readonly listener: NodeListener
  /** answers a Web Request through the Node request/response bridge */
  readonly fetch: FetchHandler
}

/**
 * Mark a Node request listener (`(req, res) => void`, or a router's
 * `(req, res, next) => void`) so fw can mount it or call it with a Web
 * `Request`. Needs `node:http` at call time (Node, Bun, Deno).
 *
 * @example
 * import { fromNode } from 'fw-api'
 * service.mount(fromNode((req, res) => res.end('legacy')), '/legacy')
 */
export function fromNode(listener: NodeListener): NodeApp {
  if (typeof listener !== 'function')
    throw new ImproperlyConfigured('fromNode() expects a (req, res) => void function')
  const withNext = wantsNext(listener)
  return Object.freeze({
    [NODE_APP]: true as const,
    listener,
    fetch: (request: Request) => callNodeListener(listener, request, { withNext }),
  })
}

/**
 * Whether to pass a final `next`: a router `(req, res, next)` needs one; an
 * Express app (it has `listen`) renders its own 404/500 when called without.
 */
export function wantsNext(listener: NodeListener): boolean {
  return listener.length >= 3 && typeof Reflect.get(listener, 'listen') !== 'function'
}

/**
 * Whether `value` came from `fromNode`.
 *
 * @example
 * isNodeApp(fromNode((req, res) => res.end('ok'))) // true
 */
export function isNodeApp(value: unknown): value is NodeApp {
  return typeof value === 'object' && value !== null && Reflect.get(value, NODE_APP) === true
}
