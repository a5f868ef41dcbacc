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
import { builtinModule } from './io/runtime'
import { heldToLength } from '../utils/http'

/** The modules a static root needs. */
export interface FileSystem {
  fs: typeof FsPromisesNs
  realpathSync: typeof FsNs.realpathSync
  statSync: typeof FsNs.statSync
  path: typeof PathNs
}

/** A regular file inside the root: its real path and what `stat` said of it. */
export interface FoundFile {
  path: string
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

/** Bun's file API: a lazily read Blob of a path, which `Bun.serve` sends with its length (sendfile). */
interface BunFiles {
  file(path: string): Blob
}

/** `Bun` when running on Bun. */
function bunFiles(): BunFiles | undefined {
  const bun: unknown = Reflect.get(globalThis, 'Bun')
  return typeof bun === 'object' && bun !== null && typeof Reflect.get(bun, 'file') === 'function'
    ? (bun as BunFiles)
    : undefined
}

/**
 * The Response carrying bytes `start` to `end` (included) of `file` with `headers` (its
 * Content-Length among them). On Bun, a slice of `Bun.file` (Bun frames and sends it itself); on
 * Node and Deno a stream read on demand (`fileStream`) held to the Content-Length (SPEC §5.1).
 * HEAD gets the same body: fw's Node server cancels it unread, while `Deno.serve` and
 * @hono/node-server read it through and drop it (a HEAD there costs the file's reading, no more
 * memory than a GET).
 *
 * @example fileResponse(files, file, { start: 0, end: file.size - 1 }, 200, headers)
 */
export function fileResponse(
  files: FileSystem,
  file: FoundFile,
  range: { start: number; end: number },
  status: number,
  headers: Headers,
): Response {
  const bun = bunFiles()
  if (bun !== undefined)
    return new Response(bun.file(file.path).slice(range.start, range.end + 1), { status, headers })
  return heldToLength(fileStream(files.fs, file, range.start, range.end), status, headers)
}

/** Bytes read per step of a file's stream. */
const CHUNK_BYTES = 64 * 1024

/**
 * Bytes `start` to `end` (included) of `file` as a stream read on demand: the file is opened on
 * the first read and closed when the stream ends, fails or is cancelled (a client that went away). A file that shrank since it was
 * found errors the stream, so the server cuts the connection rather than send short.
 *
 * @example new Response(fileStream(fs, file, 0, file.size - 1))
 */
export function fileStream(
  fs: FileSystem['fs'],
  file: FoundFile,
  start: number,
  end: number,
): ReadableStream<Uint8Array> {
  let position = start
  let handle: FsPromisesNs.FileHandle | undefined
  let closed = false
  const close = async (): Promise<void> => {
    if (closed) return
    closed = true
    await handle?.close().catch(() => {})
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
          handle ??= await fs.open(file.path, 'r')
          const buffer = new Uint8Array(wanted)
          const { bytesRead } = await handle.read(buffer, 0, wanted, position)
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
