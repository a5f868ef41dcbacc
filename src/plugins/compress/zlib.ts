/**
 * A whole body compressed in one call of the runtime's `node:zlib` (Node, Bun, Deno: through
 * `process.getBuiltinModule`, never an import), no Web stream per answer. CPU per 64 KB JSON
 * answer, gzip (one run on a shared machine): Node 20 ~230 µs (`zlib.gzip`, on the thread pool)
 * against ~470 through `CompressionStream`; Deno ~150 against ~330. Not on Bun, whose native
 * `CompressionStream` costs what its zlib does (~170) and is fed without reading the body in
 * JavaScript (fw answered 1.1× Hono's CPU that way, 0.9× with zlib: bench/RESULTS-traffic.md).
 * Workers: none (the runtime encodes).
 */
import { builtinModule } from '../../node/io/runtime'
import { detectRuntime } from '../../utils/runtime'
import type { Encoding } from './negotiate'

type Done = (error: Error | null, result: Uint8Array<ArrayBuffer>) => void

/** The part of `node:zlib` used: the one-shot gzip and deflate (zlib format, as HTTP's `deflate`). */
interface NodeZlib {
  gzip(data: Uint8Array | string, done: Done): void
  deflate(data: Uint8Array | string, done: Done): void
}

/** Compress a whole body with one coding; resolves with the compressed bytes. */
export type OneShot = (data: Uint8Array | string) => Promise<Uint8Array<ArrayBuffer>>

/**
 * The runtime's one-shot compressor for `encoding` (gzip, deflate), or undefined: compress with
 * `CompressionStream` (Workers; Bun; brotli, which zlib would run at its slowest quality by default).
 */
export function oneShot(encoding: Encoding): OneShot | undefined {
  const zlib = builtinModule<NodeZlib>('node:zlib')
  if (typeof zlib?.gzip !== 'function' || typeof zlib.deflate !== 'function') return undefined
  // Bun: its `CompressionStream` is native and no dearer (see above)
  if (encoding === 'br' || detectRuntime() === 'bun') return undefined
  const method = encoding === 'gzip' ? 'gzip' : 'deflate'
  return (data) =>
    new Promise((resolve, reject) =>
      zlib[method](data, (error, result) => (error ? reject(error) : resolve(result))),
    )
}
