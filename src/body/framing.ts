/**
 * How an endpoint that reads a body recognises a request its server framed by the Content-Length
 * (a sized body is then read whole): found once per endpoint when it is built, from the runtime
 * fw runs on. Part of the body support (body/markers.ts), so a service without a body param
 * bundles none of it (SPEC §5.2).
 */
import { detectRuntime, onWorkers } from '../utils/runtime'
import type { FramingCheck } from '../types'
import { fromFramingServer, isBunServer } from './stream'

/**
 * Bun hands every request of a server the same `Server` object: recognised once,
 * then by identity (one comparison per body instead of property reads). One
 * check per endpoint, so the server it remembers is that endpoint's service's.
 *
 * @example
 * const framing = bunFraming(); framing(request, server) // true, then by identity
 */
export function bunFraming(): FramingCheck {
  let known: unknown
  return (_request, env) => {
    if (env === known && known !== undefined) return true
    if (!fromFramingServer(env)) return false
    if (isBunServer(env as object)) known = env
    return true
  }
}

/**
 * The Workers platform frames bodies by their Content-Length as Bun.serve and Deno.serve
 * do (docs/runtimes.md, "Notes per runtime"), so `export default service` reads sized
 * bodies whole. Such a request carries the platform's `cf` properties; a `Request`
 * built in code has none (unless the code copies them on purpose), so it keeps the counting reader.
 *
 * @example
 * workersFraming(request, env) // true for a request the platform delivered
 */
export const workersFraming: FramingCheck = (request, env) => {
  const cloudflareProperties = (request as { cf?: unknown }).cf
  return (
    (typeof cloudflareProperties === 'object' && cloudflareProperties !== null) ||
    fromFramingServer(env)
  )
}

/**
 * The framing check of the runtime fw runs on: Bun's server by identity, the Workers platform's
 * requests; none elsewhere (body/read.ts asks the server argument itself: `fromFramingServer`).
 *
 * @example
 * const framing = runtimeFraming() // undefined on Node and Deno
 */
export function runtimeFraming(): FramingCheck | undefined {
  return detectRuntime() === 'bun' ? bunFraming() : onWorkers() ? workersFraming : undefined
}
