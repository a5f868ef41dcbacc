/**
 * Rebuilding a request body that a backend's body parser already consumed.
 *
 * `express.json()`, `express.urlencoded()`, `express.text()`, `express.raw()`,
 * multer and koa-bodyparser read the Node stream to its end and leave the
 * result on `req.body` / `ctx.request.body`. Reading the stream again would
 * wait forever, so fw re-encodes the parsed value in the original content
 * type (or uses the raw text when the parser kept it, as koa-bodyparser does).
 */
import type { IncomingMessage } from 'node:http'

/** A body ready for `new Request(...)`, and whether it replaces Content-Type. */
export interface ReusedBody {
  body: BodyInit | null
  /** set when the re-encoding changed the media type (FormData boundary, JSON) */
  contentType?: string | null
}

/** A file as multer leaves it on `req.file` / `req.files` (memory storage). */
interface UploadedLike {
  fieldname: string
  originalname?: string
  mimetype?: string
  buffer: Uint8Array
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/**
 * Whether the Node request stream has been read to its end already (the
 * check `on-finished` and body-parser use, plus body-parser 1.x's `_body`).
 */
export function bodyConsumed(req: IncomingMessage): boolean {
  if (req.readableEnded || Reflect.get(req, '_body') === true) return true
  return req.complete && !req.readable
}

function isUploaded(value: unknown): value is UploadedLike {
  return (
    isRecord(value) && typeof value.fieldname === 'string' && value.buffer instanceof Uint8Array
  )
}

/** `{ a: { b: [1, 2] } }` → `a[b]=1&a[b]=2`, the nesting `qs` (express extended) parses back. */
function appendForm(
  out: { append(name: string, value: string): void },
  key: string,
  value: unknown,
): void {
  if (value === undefined) return
  if (Array.isArray(value)) for (const item of value) appendForm(out, key, item)
  else if (value instanceof Date) out.append(key, value.toISOString())
  else if (isRecord(value))
    for (const [k, v] of Object.entries(value)) appendForm(out, `${key}[${k}]`, v)
  else out.append(key, value === null ? '' : String(value))
}

function uploads(files: unknown): UploadedLike[] {
  if (isUploaded(files)) return [files]
  if (Array.isArray(files)) return files.filter(isUploaded)
  // multer `.fields()`: { fieldname: File[] }
  if (isRecord(files))
    return Object.values(files).flatMap((list) =>
      Array.isArray(list) ? list.filter(isUploaded) : [],
    )
  return []
}

/**
 * Re-encode an already parsed body.
 *
 * @param parsed `req.body` / `ctx.request.body`
 * @param contentType the request's original Content-Type
 * @param raw the raw body if the parser kept it (`ctx.request.rawBody`, `req.rawBody`)
 * @param files multer's `req.file` / `req.files` (memory storage)
 *
 * @example
 * reuseBody({ x: 1 }, 'application/json')   // { body: '{"x":1}' }
 */
export function reuseBody(
  parsed: unknown,
  contentType: string | undefined,
  raw?: unknown,
  files?: unknown,
): ReusedBody {
  if (typeof raw === 'string' || raw instanceof Uint8Array)
    return { body: raw instanceof Uint8Array ? new Uint8Array(raw) : raw }
  const type = (contentType ?? '').toLowerCase()
  const fileList = uploads(files)
  if (type.startsWith('multipart/form-data') || fileList.length > 0) {
    const form = new FormData()
    if (isRecord(parsed))
      for (const [key, value] of Object.entries(parsed)) appendForm(form, key, value)
    for (const file of fileList) {
      const blob = new Blob([new Uint8Array(file.buffer)], {
        type: file.mimetype ?? 'application/octet-stream',
      })
      form.append(file.fieldname, blob, file.originalname ?? file.fieldname)
    }
    // The FormData body brings its own boundary.
    return { body: form, contentType: null }
  }
  if (parsed === undefined || parsed === null) return { body: null }
  // express.raw() / express.text()
  if (parsed instanceof Uint8Array) return { body: new Uint8Array(parsed) }
  if (typeof parsed === 'string') return { body: parsed }
  if (type.includes('application/x-www-form-urlencoded')) {
    const params = new URLSearchParams()
    if (isRecord(parsed))
      for (const [key, value] of Object.entries(parsed)) appendForm(params, key, value)
    return { body: params.toString() }
  }
  const json = JSON.stringify(parsed)
  if (/[/+]json\b/.test(type)) return { body: json }
  // Some other parser produced a value: hand it over as JSON, and say so.
  return { body: json, contentType: 'application/json' }
}
