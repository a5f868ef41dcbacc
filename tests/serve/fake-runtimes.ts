/**
 * In-process stand-ins of the `Bun` and `Deno` globals for the serving units' unit tests: `serve`
 * records what fw passed (options, handler) and hands back a server object whose stop/shutdown
 * calls are recorded; no socket is opened. A test answers a request by calling the handler fw
 * gave, as the runtime would. `refuse` makes the next `serve` throw like a taken port.
 */
import type { BunLike, BunServeOptions, DenoLike } from '../../src/serve/runtime'
import type { FetchHandler } from '../../src/types'

/** A stand-in `Bun`, with what fw gave `Bun.serve` and how its servers were stopped. */
export interface FakeBun extends BunLike {
  served: BunServeOptions[]
  stops: (boolean | undefined)[]
  /** the error the next `serve` throws (then cleared) */
  refuse?: unknown
}

/**
 * A stand-in `Bun` whose servers report `port` (or the asked one when not 0).
 *
 * @example
 * const bun = fakeBun(); serveBun(bun, fetch, { port: 0, hostname: '127.0.0.1' })
 */
export function fakeBun(boundPort = 40_001): FakeBun {
  const bun: FakeBun = {
    served: [],
    stops: [],
    serve(options) {
      const refusal = bun.refuse
      if (refusal !== undefined) {
        bun.refuse = undefined
        throw refusal
      }
      bun.served.push(options)
      return {
        port: options.port === 0 ? boundPort : options.port,
        stop: async (force?: boolean) => void bun.stops.push(force),
      }
    },
  }
  return bun
}

/** A stand-in `Deno`, with what fw gave `Deno.serve` and how many shutdowns it saw. */
export interface FakeDeno extends DenoLike {
  served: { options: Parameters<DenoLike['serve']>[0]; handler: FetchHandler }[]
  shutdowns: number
  refuse?: unknown
  environment: Record<string, string>
}

/**
 * A stand-in `Deno` (serve, env, signal listeners) whose servers report `port` when asked for 0.
 *
 * @example
 * const deno = fakeDeno(); serveDeno(deno, fetch, { port: 0, hostname: '127.0.0.1' })
 */
export function fakeDeno(boundPort = 40_002): FakeDeno {
  const deno: FakeDeno = {
    served: [],
    shutdowns: 0,
    environment: {},
    serve(options, handler) {
      const refusal = deno.refuse
      if (refusal !== undefined) {
        deno.refuse = undefined
        throw refusal
      }
      deno.served.push({ options, handler })
      return {
        addr: { port: options.port === 0 ? boundPort : options.port },
        shutdown: async () => void deno.shutdowns++,
      }
    },
    env: { get: (name) => deno.environment[name] },
    addSignalListener: () => undefined,
    removeSignalListener: () => undefined,
    exit: () => {
      throw new Error('Deno.exit called in a test')
    },
  }
  return deno
}
