/**
 * `serveStatic(dir, options)`: the files under `dir` as a fetch handler to mount
 * (`service.mount(serveStatic('./public', { maxAge: '1h' }), '/assets')`, SPEC §14 "Static
 * files"). GET and HEAD; one `Range` (206/416); a strong ETag (size and mtime) and
 * Last-Modified with `If-None-Match` / `If-Modified-Since` (304) and `If-Range`; precompressed
 * `.br` / `.gz` siblings by `Accept-Encoding`; no path outside `dir` (encoded separators, dot
 * segments, NUL, symlinks whose target is outside); dotfiles refused; an optional single-page-app
 * fallback. Node, Bun and Deno; not Workers (files.ts).
 */
import { ImproperlyConfigured } from '../exceptions'
import { durationMs } from '../utils/duration'
import { contentTypeOf } from './content-types'
import { ALLOW, answer, plain } from './answer'
import { fileSystem, type FileSystem, type FoundFile } from '../node/static-files'

/**
 * Options of `serveStatic(dir, options)`.
 *
 * @example serveStatic('./public', { maxAge: '1h', precompressed: true, fallback: 'index.html' })
 */
export interface StaticOptions {
  /** `Cache-Control: public, max-age=…`: ms or a duration (`'1h'`, `'7d'`); default 0 (revalidate with the ETag) */
  maxAge?: number | string
  /** add `immutable` to Cache-Control (for file names that carry a content hash) */
  immutable?: boolean
  /** the file a directory answers with (default `'index.html'`); `false`: directories are 404 */
  index?: string | false
  /** serve `<file>.br` / `<file>.gz` beside `<file>` when `Accept-Encoding` takes them (default false) */
  precompressed?: boolean
  /** the file (from `dir`) a missing path without an extension answers with: a single-page app's `'index.html'` */
  fallback?: string
  /** serve files and directories whose name starts with a dot (default false: 404) */
  dotfiles?: boolean
}

/** What `serveStatic` returns: a fetch handler for `service.mount()` (or any server). */
export type StaticHandler = (request: Request) => Promise<Response>

/** A located file and the name its content type comes from. */
interface Located {
  file: FoundFile
  name: string
}

/** A precompressed sibling: its suffix and the `Content-Encoding` it is sent with. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const

/** A path that tries to leave the root or hides a separator: refused as a bad request. */
const BAD_PATH = Symbol('bad path')
/** A path through a dotfile or dot-directory: answered as not found. */
const HIDDEN = Symbol('hidden')

/**
 * The decoded segments of `pathname`, `BAD_PATH` (undecodable, `..`, an encoded `/` or `\`,
 * NUL) or `HIDDEN` (a segment starting with a dot while dotfiles are refused).
 *
 * @example requestSegments('/css/site.css', false) // ['css', 'site.css']
 */
export function requestSegments(
  pathname: string,
  dotfiles: boolean,
): string[] | typeof BAD_PATH | typeof HIDDEN {
  const segments: string[] = []
  let hidden = false
  for (const raw of pathname.split('/')) {
    if (raw === '') continue
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return BAD_PATH
    }
    if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) return BAD_PATH
    if (segment.startsWith('.') && !dotfiles) hidden = true
    segments.push(segment)
  }
  return hidden ? HIDDEN : segments
}

/** A file name option (`index`, `fallback`): a path inside the root, checked like a request's. */
function optionSegments(value: string, what: string, dotfiles: boolean): string[] {
  const segments = requestSegments(value.split('\\').join('/'), dotfiles)
  if (typeof segments === 'symbol' || segments.length === 0 || value.startsWith('/'))
    throw new ImproperlyConfigured(
      `serveStatic(): ${what} ${JSON.stringify(value)} must be a file name inside the root (no '..', no leading '/', no dotfile)`,
    )
  return segments
}

/** The `Cache-Control` of every file answer. */
function cacheControl(options: StaticOptions): string {
  const { maxAge = 0, immutable = false } = options
  const seconds =
    maxAge === 0 ? 0 : Math.floor(durationMs(maxAge, 'serveStatic({ maxAge })') / 1000)
  return `public, max-age=${seconds}${immutable ? ', immutable' : ''}`
}

/**
 * The q-value `header` (an `Accept-Encoding`) gives `coding`: its own entry, else `*`'s, else 0.
 *
 * @example codingWeight('gzip;q=0.5, br', 'gzip') // 0.5
 */
export function codingWeight(header: string, coding: string): number {
  let any = 0
  for (const entry of header.split(',')) {
    const [name = '', ...parameters] = entry.split(';')
    const token = name.trim().toLowerCase()
    if (token !== coding && token !== '*') continue
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(parameter)?.[1])
    const weight = q.find((value) => value !== undefined)
    const value = weight === undefined ? 1 : Number(weight)
    if (token === coding) return Number.isFinite(value) ? value : 0
    any = Number.isFinite(value) ? value : 0
  }
  return any
}

/**
 * The files under `dir` as a fetch handler (SPEC §14 "Static files"), for Node, Bun and Deno.
 * `dir` must exist when it is called. Not for Cloudflare Workers: there the assets binding
 * serves files (docs/deploy.md); calling it there throws ImproperlyConfigured saying so.
 *
 * @example
 * import { serveStatic } from 'fw-api/static'
 * service.mount(serveStatic('./public', { maxAge: '1h' }), '/assets')
 */
export function serveStatic(dir: string, options: StaticOptions = {}): StaticHandler {
  const files = fileSystem()
  const dotfiles = options.dotfiles ?? false
  const root = realRoot(files, dir)
  const inside = (real: string): boolean =>
    real === root || real.startsWith(root.endsWith(files.path.sep) ? root : root + files.path.sep)
  const cache = cacheControl(options)
  const index =
    options.index === false
      ? undefined
      : optionSegments(options.index ?? 'index.html', 'index', dotfiles)
  const fallback =
    options.fallback === undefined
      ? undefined
      : optionSegments(options.fallback, 'fallback', dotfiles)
  const precompressed = options.precompressed ?? false

  /** `path` if it is a regular file inside the root once its links are resolved. */
  const found = async (path: string): Promise<FoundFile | undefined> => {
    try {
      const resolved = await files.fs.realpath(path)
      if (!inside(resolved)) return undefined
      const stat = await files.fs.stat(resolved)
      return stat.isFile() ? { path: resolved, size: stat.size, mtimeMs: stat.mtimeMs } : undefined
    } catch {
      return undefined // missing, unreadable, a loop of links, a name too long: not found
    }
  }

  /**
   * The file `segments` names: itself, or the index of the directory it names; only the index
   * when the path ends with `/` (`/page.html/` is no file: served, its relative links would
   * resolve under it).
   */
  const locate = async (
    segments: readonly string[],
    directory = false,
  ): Promise<Located | undefined> => {
    const path = files.path.join(root, ...segments)
    const file = directory ? undefined : await found(path)
    if (file !== undefined) return { file, name: segments.at(-1) ?? '' }
    if (index === undefined) return undefined
    // the index of a directory outside the root is refused like any path resolving outside it
    const indexFile = await found(files.path.join(path, ...index))
    return indexFile === undefined ? undefined : { file: indexFile, name: index.at(-1) ?? '' }
  }

  /** The precompressed sibling `Accept-Encoding` prefers (br on a tie), if there is one. */
  const variant = async (
    located: Located,
    accept: string | null,
  ): Promise<{ file: FoundFile; coding: string } | undefined> => {
    if (!precompressed || accept === null) return undefined
    const wanted = ENCODINGS.map((encoding) => ({
      ...encoding,
      q: codingWeight(accept, encoding.coding),
    }))
      .filter((encoding) => encoding.q > 0)
      .sort((a, b) => b.q - a.q)
    for (const encoding of wanted) {
      const sibling = await found(located.file.path + encoding.suffix)
      if (sibling !== undefined) return { file: sibling, coding: encoding.coding }
    }
    return undefined
  }

  return async function serveStaticFile(request: Request): Promise<Response> {
    const method = request.method
    if (method !== 'GET' && method !== 'HEAD')
      return plain(405, 'Method Not Allowed', { allow: ALLOW })
    const pathname = new URL(request.url).pathname
    const segments = requestSegments(pathname, dotfiles)
    if (segments === BAD_PATH) return plain(400, 'Bad Request: the path is not a file path')
    if (segments === HIDDEN) return plain(404, 'Not Found')
    let located = await locate(segments, pathname.endsWith('/'))
    const last = segments.at(-1) ?? ''
    if (located === undefined && fallback !== undefined && !last.includes('.'))
      located = await locate(fallback)
    if (located === undefined) return plain(404, 'Not Found')
    const chosen = await variant(located, request.headers.get('accept-encoding'))
    return answer(request, files, chosen?.file ?? located.file, {
      contentType: contentTypeOf(located.name),
      coding: chosen?.coding,
      cacheControl: cache,
      vary: precompressed,
    })
  }
}

/** The real path of the root, which must be a directory. */
function realRoot(files: FileSystem, dir: string): string {
  if (typeof dir !== 'string' || dir === '')
    throw new ImproperlyConfigured('serveStatic(dir): dir must be a non-empty path')
  let root: string
  try {
    root = files.realpathSync(files.path.resolve(dir))
  } catch {
    throw new ImproperlyConfigured(`serveStatic(): ${dir} does not exist`)
  }
  if (!files.statSync(root).isDirectory())
    throw new ImproperlyConfigured(`serveStatic(): ${dir} is not a directory`)
  return root
}
