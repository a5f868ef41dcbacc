/**
 * A whole body compressed in one call of the runtime's `node:zlib` (Node, Bun, Deno: through
 * `process.getBuiltinModule`, never an import): one job on the thread pool, no Web stream per
 * answer. On Node 20 a 64 KB JSON answer costs ~200 µs of CPU this way against ~570 µs through
 * `CompressionStream` (bench/RESULTS-traffic.md). Where there is none (Workers), `CompressionStream`.
 */
import { builtinModule } from '../../node/io/runtime'
import type { Encoding } from './negotiate'

type Done = (error: Error | null, result: Uint8Array) => void

/** The part of `node:zlib` used: the one-shot gzip and deflate (zlib format, as HTTP's `deflate`). */
interface NodeZlib {
  gzip(data: Uint8Array | string, done: Done): void
  deflate(data: Uint8Array | string, done: Done): void
}

/** Compress a whole body with one coding; resolves with the compressed bytes. */
export type OneShot = (data: Uint8Array | string) => Promise<Uint8Array>

/**
 * The runtime's one-shot compressor for `encoding` (gzip, deflate), or undefined: compress with
 * `CompressionStream` (Workers; brotli, which zlib would run at its slowest quality by default).
 */
export function oneShot(encoding: Encoding): OneShot | undefined {
  if (encoding === 'br') return undefined
  const zlib = builtinModule<NodeZlib>('node:zlib')
  if (typeof zlib?.gzip !== 'function' || typeof zlib.deflate !== 'function') return undefined
  const method = encoding === 'gzip' ? 'gzip' : 'deflate'
  return (data) =>
    new Promise((resolve, reject) =>
      zlib[method](data, (error, result) => (error ? reject(error) : resolve(result))),
    )
}
