/**
 * Recognising frameworks by shape.
 *
 * fw never imports Express, Fastify, Koa, Elysia or Hono: it looks at the
 * methods an object has. The interfaces below list only what fw calls.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { NodeServerLike } from '../serve/node'
import type { FetchHandler } from '../types'

/** Any method: fw only checks that it exists. */
type Fn = (...args: never[]) => unknown
/** A callback slot: the frameworks type their callbacks richly; fw passes plain functions. */
type Handler = Fn

/** Anything with a `fetch(request, env?, ctx?)` method (Hono, Elysia, itty-router, h3, fw services). */
export interface FetchObject {
  fetch: FetchHandler
}

/** An Express or Connect app, or an Express/Connect router: a listener with `use` and `handle`. */
export interface ExpressLike {
  (req: IncomingMessage, res: ServerResponse, next?: (error?: unknown) => void): void
  use(...handlers: unknown[]): unknown
  handle: Fn
  /** apps (not routers) can listen; they are called without `next` so their 404/500 pages apply */
  listen?: Fn
  set?: Fn
}

/** The `express` module: a factory with `Router`. */
export interface ExpressModuleLike {
  (): ExpressLike
  Router(): ExpressLike
}

/** A Koa app. */
export interface KoaLike {
  use(middleware: Handler): unknown
  callback(): (req: IncomingMessage, res: ServerResponse) => unknown
  middleware: unknown[]
}

/** What Fastify's `inject` (light-my-request) answers. */
export interface InjectResponse {
  statusCode: number
  statusMessage?: string
  headers: Record<string, string | string[] | number | undefined>
  rawPayload?: Uint8Array
  stream?: () => NodeJS.ReadableStream
}

/** A Fastify instance. */
export interface FastifyLike {
  inject(options: Record<string, unknown>): Promise<InjectResponse>
  register(plugin: Handler, options?: Record<string, unknown>): unknown
  addHook: Fn
  ready(): PromiseLike<unknown>
  listen(options: { port?: number; host?: string }): Promise<string>
  close(): PromiseLike<unknown>
  server: NodeServerLike
}

/** A Hono app. */
export interface HonoLike extends FetchObject {
  all(path: string, ...handlers: Handler[]): unknown
  route: Fn
  basePath: Fn
}

/** The `Hono` class itself (module style: `__as__(Hono, route)` returns a sub-app). */
export interface HonoClassLike {
  new (): HonoLike
  prototype: object
}

/** An Elysia app. */
export interface ElysiaLike extends FetchObject {
  all(path: string, handler: Handler, hook?: Record<string, unknown>): unknown
  handle: Fn
  listen(
    options: { port?: number; hostname?: string; idleTimeout?: number; reusePort?: boolean },
    callback?: Fn,
  ): unknown
  stop?(closeActiveConnections?: boolean): unknown
  server: { port?: number } | null
}

/** The `node:http` module. */
export interface NodeHttpModuleLike {
  createServer(listener: (req: IncomingMessage, res: ServerResponse) => void): {
    listen(port: number, hostname: string | undefined, callback: () => void): unknown
    address(): unknown
    close(callback?: (error?: Error) => void): unknown
    closeAllConnections?(): void
    once(event: 'error', listener: (error: Error) => void): unknown
  }
  STATUS_CODES: Record<number, string | undefined>
}

/**
 * Whether `value` has a method `key`, looked up through property descriptors:
 * reading the property could run a getter, and Elysia's `fetch` getter
 * compiles the app, freezing its routes before fw has added its own.
 */
function has(value: object, key: string): boolean {
  for (
    let target: object | null = value;
    target !== null;
    target = Reflect.getPrototypeOf(target)
  ) {
    const descriptor = Reflect.getOwnPropertyDescriptor(target, key)
    if (descriptor) return descriptor.get !== undefined || typeof descriptor.value === 'function'
  }
  return false
}
/** An object or a function: what can carry properties (apps, modules, instances). */
export const isObjectish = (value: unknown): value is object =>
  (typeof value === 'object' || typeof value === 'function') && value !== null

export function hasFetch(value: unknown): value is FetchObject {
  return isObjectish(value) && has(value, 'fetch')
}
export function isExpressLike(value: unknown): value is ExpressLike {
  return typeof value === 'function' && has(value, 'use') && has(value, 'handle')
}
export function isExpressModule(value: unknown): value is ExpressModuleLike {
  return typeof value === 'function' && has(value, 'Router') && !has(value, 'use')
}
export function isKoaLike(value: unknown): value is KoaLike {
  return (
    isObjectish(value) &&
    has(value, 'callback') &&
    has(value, 'use') &&
    Array.isArray(Reflect.get(value, 'middleware'))
  )
}
export function isFastifyLike(value: unknown): value is FastifyLike {
  return (
    isObjectish(value) && has(value, 'inject') && has(value, 'register') && has(value, 'addHook')
  )
}
export function isElysiaLike(value: unknown): value is ElysiaLike {
  return (
    hasFetch(value) &&
    has(value, 'handle') &&
    has(value, 'listen') &&
    has(value, 'all') &&
    has(value, 'decorate')
  )
}
export function isHonoLike(value: unknown): value is HonoLike {
  return hasFetch(value) && has(value, 'all') && has(value, 'route') && has(value, 'basePath')
}
export function isHonoClass(value: unknown): value is HonoClassLike {
  if (typeof value !== 'function') return false
  const proto: unknown = Reflect.get(value, 'prototype')
  return isObjectish(proto) && has(proto, 'route') && has(proto, 'basePath') && has(proto, 'mount')
}
export function isNodeHttpModule(value: unknown): value is NodeHttpModuleLike {
  return (
    isObjectish(value) &&
    has(value, 'createServer') &&
    isObjectish(Reflect.get(value, 'STATUS_CODES'))
  )
}

/** `class X {}` cannot be called as a fetch handler: spot it to say "pass an instance". */
export function isClass(value: unknown): value is abstract new (...args: never[]) => unknown {
  return typeof value === 'function' && /^class[\s{]/.test(Function.prototype.toString.call(value))
}

/** A short name for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'function') return `function ${value.name || '(anonymous)'}`
  if (typeof value === 'object') {
    const name: unknown = Reflect.get(value.constructor ?? {}, 'name')
    return typeof name === 'string' && name !== '' && name !== 'Object'
      ? `a ${name} instance`
      : 'an object'
  }
  return typeof value
}
