/**
 * Node built-in modules, fetched at call time.
 *
 * fw's root entry must bundle for Cloudflare Workers without `nodejs_compat`, so
 * nothing here imports `node:*` statically: `process.getBuiltinModule` (Node ≥
 * 20.16, Bun, Deno 2) hands the modules over only when a bridge actually runs.
 * The `import type` lines below are erased at compile time.
 */
import type * as HttpNs from 'node:http'
import type * as StreamNs from 'node:stream'
import type * as BufferNs from 'node:buffer'

export type HttpModule = typeof HttpNs
export type StreamModule = typeof StreamNs
export type BufferModule = typeof BufferNs

const cache = new Map<string, unknown>()

/**
 * Load a Node built-in module or throw an Error saying what needed it.
 *
 * @example
 * const http = nodeBuiltin<HttpModule>('node:http', 'mounting an Express app')
 */
export function nodeBuiltin<T>(id: string, purpose: string): T {
  const cached = cache.get(id)
  if (cached !== undefined) return cached as T
  const mod = builtinModule<T>(id)
  if (mod === undefined) {
    throw new Error(
      `${purpose} needs the '${id}' module (Node >= 20.16, Bun or Deno), but this runtime has no ` +
        '`process.getBuiltinModule`. On Cloudflare Workers mount fetch handlers (Hono, Elysia, functions) instead.',
    )
  }
  cache.set(id, mod)
  return mod
}

/**
 * A Node built-in module, or `undefined` where the runtime has no
 * `process.getBuiltinModule` (Workers). Asked anew on each call.
 *
 * @example
 * const fs = builtinModule<typeof import('node:fs/promises')>('node:fs/promises')
 */
export function builtinModule<T>(id: string): T | undefined {
  const proc: unknown = Reflect.get(globalThis, 'process')
  const load =
    typeof proc === 'object' && proc !== null ? Reflect.get(proc, 'getBuiltinModule') : undefined
  const mod: unknown = typeof load === 'function' ? load.call(proc, id) : undefined
  // The caller names the module; its `typeof import(...)` type describes what comes back.
  return mod === undefined || mod === null ? undefined : (mod as T)
}

/** `node:http`, loaded on first use. */
export const loadHttp = (purpose: string): HttpModule =>
  nodeBuiltin<HttpModule>('node:http', purpose)
/** `node:stream`, loaded on first use. */
export const loadStream = (purpose: string): StreamModule =>
  nodeBuiltin<StreamModule>('node:stream', purpose)
/** `node:buffer`, loaded on first use. */
export const loadBuffer = (purpose: string): BufferModule =>
  nodeBuiltin<BufferModule>('node:buffer', purpose)
