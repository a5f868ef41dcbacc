/**
 * The file system as `serveStatic` reads it: `node:fs/promises` (Node, Bun and Deno all have it),
 * fetched at call time through `process.getBuiltinModule` so the entry never imports `node:*`
 * statically; on a runtime without it (Cloudflare Workers) `serveStatic` says so at once.
 * Files are streamed from an open handle in 64 KiB reads, never read whole.
 */
import type * as FsPromisesNs from 'node:fs/promises'
import type * as FsNs from 'node:fs'
import type * as PathNs from 'node:path'
import { ImproperlyConfigured } from '../exceptions'
import { builtinModule } from '../node/io/runtime'

/** The modules a static root needs. */
export interface FileSystem {
  fs: typeof FsPromisesNs
  realpathSync: typeof FsNs.realpathSync
  statSync: typeof FsNs.statSync
  path: typeof PathNs
}

/** An open file: its handle and what `stat` said of it once open. */
export interface OpenFile {
  handle: FsPromisesNs.FileHandle
  size: number
  mtimeMs: number
}

const NO_FILE_SYSTEM =
  'serveStatic() needs a file system (Node, Bun or Deno). It is not for Cloudflare Workers: serve static assets there with the assets binding (docs/deploy.md, "Static assets")'

/**
 * `node:fs/promises`, `node:fs` and `node:path`, or ImproperlyConfigured (Workers).
 *
 * @example const { fs, path } = fileSystem()
 */
export function fileSystem(): FileSystem {
  const fs = builtinModule<typeof FsPromisesNs>('node:fs/promises')
  const sync = builtinModule<typeof FsNs>('node:fs')
  const path = builtinModule<typeof PathNs>('node:path')
  if (!fs || !sync || !path) throw new ImproperlyConfigured(NO_FILE_SYSTEM)
  return { fs, realpathSync: sync.realpathSync, statSync: sync.statSync, path }
}

/** Bytes read per step of a file's stream. */
const CHUNK_BYTES = 64 * 1024

/**
 * Bytes `start` to `end` (included) of `file` as a stream read on demand; the handle is closed
 * when the stream ends, fails or is cancelled (a client that went away). A file that shrank
 * while it was sent errors the stream (its Content-Length is no longer true).
 *
 * @example new Response(fileStream(file, 0, file.size - 1))
 */
export function fileStream(file: OpenFile, start: number, end: number): ReadableStream<Uint8Array> {
  let position = start
  let closed = false
  const close = async (): Promise<void> => {
    if (closed) return
    closed = true
    await file.handle.close().catch(() => {})
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const wanted = Math.min(CHUNK_BYTES, end + 1 - position)
        if (wanted <= 0) {
          await close()
          controller.close()
          return
        }
        try {
          const buffer = new Uint8Array(wanted)
          const { bytesRead } = await file.handle.read(buffer, 0, wanted, position)
          if (bytesRead === 0) throw new Error('the file shrank while it was sent')
          position += bytesRead
          controller.enqueue(bytesRead === wanted ? buffer : buffer.subarray(0, bytesRead))
        } catch (error) {
          await close()
          controller.error(error)
        }
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  )
}
