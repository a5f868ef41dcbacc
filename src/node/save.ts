/**
 * Writing an uploaded file to disk. No static `node:*` import: the file
 * system is fetched at call time through `process.getBuiltinModule` (Node ≥
 * 20.16, Bun, Deno), so this module bundles for Cloudflare Workers, where
 * `save()` throws a clear error instead.
 */
import { safeFileName } from '../utils/safe-name'
import { builtinModule } from './io/runtime'

/** The slice of `node:fs/promises` used here. */
interface FsPromises {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>
  realpath(path: string): Promise<string>
  open(path: string, flags: number, mode?: number): Promise<FileHandle>
  constants: { O_WRONLY: number; O_CREAT: number; O_TRUNC: number; O_NOFOLLOW?: number }
}
interface FileHandle {
  /** writes all of `data` at the current position (loops over partial writes) */
  writeFile(data: Uint8Array): Promise<void>
  close(): Promise<void>
}
/** The slice of `node:path` used here. */
interface PathModule {
  resolve(...paths: string[]): string
  sep: string
}

const NO_FS =
  'file.save() needs a file system (Node, Bun or Deno); on Workers use file.arrayBuffer() or stream() and store it yourself'

/**
 * Write `file` into `dir` (created if missing) under a safe base name derived
 * from `name` (default: the file's own name) and return the absolute path.
 * The final path is checked to lie inside `dir`, and the file is opened with
 * `O_NOFOLLOW` so a planted symlink cannot redirect the write.
 *
 * @example
 * const path = await saveFile(upload, '/srv/uploads')            // '/srv/uploads/photo.png'
 * await saveFile(upload, '/srv/uploads', '../../etc/passwd')     // '/srv/uploads/passwd'
 */
export async function saveFile(file: Blob, dir: string, name?: string): Promise<string> {
  const fs = builtinModule<FsPromises>('node:fs/promises')
  const path = builtinModule<PathModule>('node:path')
  if (!fs || !path) throw new Error(NO_FS)
  if (typeof dir !== 'string' || dir.length === 0)
    throw new TypeError('file.save(dir): dir must be a non-empty path')
  const original = name ?? (file instanceof File ? file.name : '')
  const base = safeFileName(original, file.type)

  await fs.mkdir(path.resolve(dir), { recursive: true })
  // Resolve symlinks in `dir` itself so the containment check compares real paths.
  const root = await fs.realpath(path.resolve(dir))
  const target = path.resolve(root, base)
  const prefix = root.endsWith(path.sep) ? root : root + path.sep
  // With a trailing separator, `/tmp/up` never accepts `/tmp/up-evil/x`.
  if (!target.startsWith(prefix) || target.length === prefix.length) {
    throw new Error(`file.save(): refusing to write outside ${root}`)
  }

  const { O_WRONLY, O_CREAT, O_TRUNC, O_NOFOLLOW = 0 } = fs.constants
  const handle = await fs.open(target, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o644)
  try {
    const reader = file.stream().getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      await handle.writeFile(value)
    }
  } finally {
    await handle.close()
  }
  return target
}
