import type { FetchHandler } from '../types'

/** A server started by `service.run()`. */
export interface RunningServer {
  /** the port actually bound (useful with `port: 0`) */
  port: number
  hostname: string
  /** which runtime serves it */
  runtime: 'bun' | 'deno' | 'node'
  close(): Promise<void>
}

/** Where and how to listen. */
export interface ListenOptions {
  port: number
  hostname: string
}

interface BunLike {
  serve(options: { fetch: FetchHandler; port: number; hostname: string }): { port: number; stop(force?: boolean): unknown }
}
interface DenoLike {
  serve(options: { port: number; hostname: string; onListen?: () => void }, handler: FetchHandler): { addr: { port: number }; shutdown(): Promise<void> }
  env: { get(name: string): string | undefined }
}
interface NodeServerModule {
  serve(options: { fetch: FetchHandler; port: number; hostname: string }, onListen: (info: { port: number }) => void): { close(callback?: (error?: Error) => void): void }
}

const runtime = globalThis as { Bun?: BunLike; Deno?: DenoLike; process?: { env?: Record<string, string | undefined> } }

/** The runtime fw is running on. */
export function detectRuntime(): 'bun' | 'deno' | 'node' | 'unknown' {
  if (runtime.Bun) return 'bun'
  if (runtime.Deno) return 'deno'
  if (runtime.process?.env) return 'node'
  return 'unknown'
}

/** An environment variable on Node, Bun or Deno (undefined on Workers). */
export function envVar(name: string): string | undefined {
  try {
    return runtime.process?.env?.[name] ?? runtime.Deno?.env.get(name)
  } catch {
    return undefined // Deno without --allow-env
  }
}

// A computed specifier keeps bundlers (Workers) from pulling the Node server in.
const nodeServerModule = ['@hono', 'node-server'].join('/')

/**
 * Serve a fetch handler with the runtime's own server: `Bun.serve`,
 * `Deno.serve`, or @hono/node-server on Node.
 *
 * @example
 * const server = await serveFetch(service.fetch, { port: 8000, hostname: '127.0.0.1' })
 */
export async function serveFetch(fetch: FetchHandler, { port, hostname }: ListenOptions): Promise<RunningServer> {
  const kind = detectRuntime()
  if (kind === 'bun' && runtime.Bun) {
    const server = runtime.Bun.serve({ fetch, port, hostname })
    return { port: server.port, hostname, runtime: 'bun', close: async () => void server.stop(true) }
  }
  if (kind === 'deno' && runtime.Deno) {
    const server = runtime.Deno.serve({ port, hostname, onListen: () => {} }, fetch)
    return { port: server.addr.port, hostname, runtime: 'deno', close: () => server.shutdown() }
  }
  if (kind === 'node') {
    const { serve } = (await import(/* @vite-ignore */ nodeServerModule)) as NodeServerModule
    return new Promise((resolve) => {
      const server = serve({ fetch, port, hostname }, (info) => {
        resolve({
          port: info.port,
          hostname,
          runtime: 'node',
          close: () => new Promise<void>((done, fail) => server.close((error) => (error ? fail(error) : done()))),
        })
      })
    })
  }
  throw new Error('service.run() needs Node, Bun or Deno; on Workers use `export default service`')
}
