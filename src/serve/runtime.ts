/**
 * The runtime's globals (typed by the few members fw uses) and its environment; which runtime fw
 * runs on: utils/runtime.ts.
 */
import type { FetchHandler } from '../types'

/** `Bun.serve`'s options, as fw passes them. */
export interface BunServeOptions {
  fetch: FetchHandler
  port: number
  hostname: string
  development: boolean
  idleTimeout: number
  reusePort?: boolean
  error: (error: unknown) => Response
  /** Bun's WebSocket handlers (fw-api/ws) */
  websocket?: unknown
}
/** The `Bun` global. */
export interface BunLike {
  serve(options: BunServeOptions): { port: number; stop(force?: boolean): Promise<void> | void }
}
/** The `Deno` global. */
export interface DenoLike {
  serve(
    options: {
      port: number
      hostname: string
      reusePort?: boolean
      onListen?: () => void
      onError?: (error: unknown) => Response
    },
    handler: FetchHandler,
  ): { addr: { port: number }; shutdown(): Promise<void> }
  env: { get(name: string): string | undefined }
  addSignalListener(signal: 'SIGTERM' | 'SIGINT', handler: () => void): void
  removeSignalListener(signal: 'SIGTERM' | 'SIGINT', handler: () => void): void
  exit(code?: number): never
}
/** The `process` global (Node, Bun). */
export interface ProcessLike {
  env?: Record<string, string | undefined>
  pid: number
  argv: string[]
  execArgv: string[]
  on(event: string, listener: (message: never) => void): unknown
  once(event: string, listener: () => void): unknown
  send?(message: unknown): boolean
  off(event: string, listener: () => void): unknown
  exit(code?: number): never
  getBuiltinModule?(id: string): unknown
}

export const globals = globalThis as unknown as {
  Bun?: BunLike
  Deno?: DenoLike
  process?: ProcessLike
}

/**
 * An environment variable on Node, Bun or Deno (undefined on Workers).
 *
 * @example
 * const port = Number(envVar('PORT') ?? 8000)
 */
export function envVar(name: string): string | undefined {
  try {
    return globals.process?.env?.[name] ?? globals.Deno?.env.get(name)
  } catch {
    return undefined // Deno without --allow-env
  }
}
