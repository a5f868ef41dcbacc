/**
 * Strong ETags from the bytes (`fw-api/plugins/conditional`): their SHA-1, base64url, hashed by the
 * runtime's `node:crypto` where it has one (Node, Bun, Deno: at once), else by Web Crypto (Workers).
 */
import { builtinModule } from '../../node/io/runtime'
import { base64url } from '../../utils/bytes'

/** What a strong ETag is the hash of: the body's bytes, or the string they are the UTF-8 of. */
export type Hashed = Uint8Array | string

/** The part of `node:crypto` a strong ETag is hashed with (`hash`: Node ≥ 20.12, Bun, Deno). */
interface NodeCrypto {
  hash?(algorithm: string, data: Hashed, encoding: 'base64url'): string
  createHash(algorithm: string): {
    update(data: Hashed): { digest(encoding: 'base64url'): string }
  }
}

/**
 * The runtime's synchronous SHA-1 (`node:crypto` through `process.getBuiltinModule`: Node ≥ 20.16,
 * Bun, Deno; never an import), base64url; undefined where there is none (Workers: Web Crypto).
 * The same digest as Web Crypto's, without its promise and thread hop: on Node a 1 KB answer's
 * tag costs ~1 µs instead of ~18 µs, a 64 KB one ~30 µs instead of ~50 (bench/RESULTS-traffic.md).
 */
export function nativeSha1(): ((data: Hashed) => string) | undefined {
  const nodeCrypto = builtinModule<NodeCrypto>('node:crypto')
  if (typeof nodeCrypto?.createHash !== 'function') return undefined
  const { hash, createHash } = nodeCrypto
  if (typeof hash === 'function') return (data) => hash('sha1', data, 'base64url')
  return (data) => createHash('sha1').update(data).digest('base64url')
}

/**
 * A strong ETag of a body (`data`: its bytes, or the string they are the UTF-8 of): the bytes'
 * SHA-1, base64url — at once where the runtime hashes natively, else by Web Crypto.
 */
export function bytesTag(
  data: Hashed,
  sha1: ((data: Hashed) => string) | undefined,
): string | Promise<string> {
  if (sha1 !== undefined) return `"${sha1(data)}"`
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  return crypto.subtle
    .digest('SHA-1', bytes as Uint8Array<ArrayBuffer>)
    .then((digest) => `"${base64url(new Uint8Array(digest))}"`)
}
