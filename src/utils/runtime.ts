/**
 * Which runtime fw runs on, read from its globals: the serving layer (serve/) and an endpoint's
 * body read (body/framing.ts) ask here, once, when they are set up.
 */

const runtimeGlobals = globalThis as {
  Bun?: unknown
  Deno?: unknown
  process?: { env?: unknown }
  navigator?: { userAgent?: unknown }
}

/**
 * The runtime fw is running on.
 *
 * @example
 * if (detectRuntime() === 'bun') console.log('served by Bun.serve')
 */
export function detectRuntime(): 'bun' | 'deno' | 'node' | 'unknown' {
  if (runtimeGlobals.Bun) return 'bun'
  if (runtimeGlobals.Deno) return 'deno'
  if (runtimeGlobals.process?.env) return 'node'
  return 'unknown'
}

/**
 * Running in workerd (Cloudflare Workers, `wrangler dev`, miniflare): its `navigator.userAgent`.
 *
 * @example
 * if (onWorkers()) console.log('served by the Workers platform')
 */
export function onWorkers(): boolean {
  return runtimeGlobals.navigator?.userAgent === 'Cloudflare-Workers'
}
