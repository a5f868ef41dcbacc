/**
 * A whole body compressed in one call of the runtime's zlib, no Web stream per answer. Node and
 * Deno: `node:zlib`'s `gzip`/`deflate` (through `process.getBuiltinModule`, never an import), off
 * the main thread; CPU per 64 KB JSON answer, gzip (one run on a shared machine): Node 20 ~230 µs
 * against ~470 through `CompressionStream`, Deno ~150 against ~330. Bun: at once, in the request
 * (`Bun.gzipSync`, `node:zlib`'s `deflateSync`), up to 256 KiB: ~110 µs for 64 KB of JSON against
 * ~150 through its native `CompressionStream`, whose stream and chunked answer cost Bun.serve
 * more again (its async `node:zlib` costs more than either: bench/RESULTS-traffic.md). Workers:
 * none (the runtime encodes).
 */
import { builtinModule } from '../../node/io/runtime'
import { detectRuntime } from '../../utils/runtime'
import type { Encoding } from './negotiate'

type Done = (error: Error | null, result: Uint8Array<ArrayBuffer>) => void

/** The part of `node:zlib` used: the one-shot gzip and deflate (zlib format, as HTTP's `deflate`). */
interface NodeZlib {
  gzip(data: Uint8Array | string, done: Done): void
  deflate(data: Uint8Array | string, done: Done): void
  deflateSync?(data: Uint8Array | string): Uint8Array<ArrayBuffer>
}

/** The part of the `Bun` global used: its one-shot gzip (zlib's, at its default level). */
interface BunZlib {
  gzipSync(data: Uint8Array | string): Uint8Array<ArrayBuffer>
}

/**
 * Compress a whole body with one coding: the compressed bytes (Bun: at once), or a promise of
 * them (off the main thread).
 */
export interface OneShot {
  (data: Uint8Array | string): Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>>
  /** the longest body it takes, in bytes: a longer one is streamed through `CompressionStream` */
  readonly maxBytes: number
}

/** Off the main thread (Node, Deno): a body up to this long is compressed in one call. */
const WHOLE_BYTES = 1024 * 1024
/**
 * In the request (Bun): a body up to this long is compressed in one call, ~0.4 ms for 256 KiB of
 * JSON, about what rendering it took; a longer one streams, the server answering others between
 * its chunks.
 */
const WHOLE_BYTES_AT_ONCE = 256 * 1024

/**
 * The runtime's one-shot compressor for `encoding` (gzip, deflate), or undefined: compress with
 * `CompressionStream` (Workers; brotli, which zlib would run at its slowest quality by default).
 *
 * @example
 * const gzip = oneShot('gzip')
 * if (gzip && text.length <= gzip.maxBytes) body = await gzip(text)
 */
export function oneShot(encoding: Encoding): OneShot | undefined {
  const zlib = builtinModule<NodeZlib>('node:zlib')
  if (encoding === 'br' || typeof zlib?.gzip !== 'function' || typeof zlib.deflate !== 'function')
    return undefined
  if (detectRuntime() === 'bun') {
    const bun = Reflect.get(globalThis, 'Bun') as Partial<BunZlib> | undefined
    const atOnce = encoding === 'gzip' ? bun?.gzipSync?.bind(bun) : zlib.deflateSync?.bind(zlib)
    if (atOnce === undefined) return undefined
    const shot = (data: Uint8Array | string): Uint8Array<ArrayBuffer> => atOnce(data)
    return Object.assign(shot, { maxBytes: WHOLE_BYTES_AT_ONCE })
  }
  const method = encoding === 'gzip' ? 'gzip' : 'deflate'
  const shot = (data: Uint8Array | string): Promise<Uint8Array<ArrayBuffer>> =>
    new Promise((resolve, reject) =>
      zlib[method](data, (error, result) => (error ? reject(error) : resolve(result))),
    )
  return Object.assign(shot, { maxBytes: WHOLE_BYTES })
}
