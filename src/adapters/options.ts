import type { NestSettings } from '../conf/nest'
import type { NodeCallOptions } from '../node/io/call'

/**
 * Options of `attach()` (what `API.__as__` and `service.adapt` pass down).
 *
 * @example
 * attach(expressApp, service.fetch, '/api', { fallthrough: true })
 */
export interface AttachOptions {
  /**
   * `true`: attach an async handler (it returns a promise settled when the
   * response is sent); `false`: a callback-style one. Only Express, Fastify
   * and `node:http` have both; Hono, Koa and Elysia are async only. Default:
   * what the backend's own examples use (callback for Express and `node:http`,
   * async for the rest).
   */
  asynchronous?: boolean
  /** the contract's spelling of `asynchronous` in `__as__(backend, route, { asynchornous })` */
  asynchornous?: boolean
  /**
   * When fw answers 404 (and has not read the body), let the backend's next
   * handler try. Default: `true` for Hono and Koa (fw's 404 is kept if nothing
   * else answers), for Express only when attached at the root route (Express
   * cannot tell whether a later handler answered).
   */
  fallthrough?: boolean
  /**
   * Asked per request (and by Nest at `init()`): `false` means this
   * attachment was superseded (the service was `adapt()`ed elsewhere since)
   * and steps aside as if it were not there. Default: always live.
   */
  live?: () => boolean
}

/** The resolved `asynchronous` flag, `fallback` when unset. */
export function isAsync(options: AttachOptions, fallback: boolean): boolean {
  return options.asynchronous ?? options.asynchornous ?? fallback
}

/**
 * `@nestjs/core` imported as a module (`import * as nest from '@nestjs/core'`).
 *
 * @example
 * const core: NestCoreLike = await import('@nestjs/core')
 */
export interface NestCoreLike {
  NestFactory: { create(module: never, ...rest: never[]): Promise<unknown> }
}

/**
 * Options of `toFetchHandler`.
 *
 * @example
 * const handler = toFetchHandler(expressApp, { onError: console.error })
 */
export interface MountOptions extends Pick<NodeCallOptions, 'onError' | 'debug'> {
  /** the service's Nest backend once set up: Nest modules can then be mounted */
  nest?: { core: NestCoreLike; settings?: NestSettings; ready: boolean }
}
