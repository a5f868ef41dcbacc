/**
 * The answer `serveStatic` gives for a file it found (RFC 9110): 412 for a failed `If-Match` /
 * `If-Unmodified-Since`, 304 for a validator that matches, 416 for a range past the end, 206
 * for one range, else 200 — with the file's ETag, Last-Modified, Cache-Control, type and encoding.
 */
import { byteRange } from './ranges'
import { evaluate } from '../plugins/conditional/preconditions'
import { fileResponse, type FileSystem, type FoundFile } from '../node/static-files'

/** The methods a file answers. */
export const ALLOW = 'GET, HEAD'
const TEXT = { 'content-type': 'text/plain; charset=utf-8' }
/** A short text answer (404, 405, 400, 416). */
export const plain = (
  status: number,
  text: string,
  headers: Record<string, string> = {},
): Response => new Response(text, { status, headers: { ...TEXT, ...headers } })

/** Whole seconds, as HTTP dates carry them. */
const seconds = (ms: number): number => Math.floor(ms / 1000)

/** How a file is sent. */
export interface Representation {
  contentType: string
  /** the Content-Encoding of a precompressed sibling */
  coding?: string
  cacheControl: string
  /** send `Vary: Accept-Encoding` (precompressed siblings are looked for) */
  vary: boolean
}

/**
 * The answer for `file`: 304, 416, 206 or 200. A body is held to its Content-Length
 * or sent as Bun's file (files.ts `fileResponse`), which keeps the length on the way out.
 */
export function answer(
  request: Request,
  files: FileSystem,
  file: FoundFile,
  sent: Representation,
): Response {
  const suffix = sent.coding === undefined ? '' : `-${sent.coding}`
  const etag = `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}${suffix}"`
  const lastModified = new Date(file.mtimeMs).toUTCString()
  const headers: Record<string, string> = {
    etag,
    'last-modified': lastModified,
    'cache-control': sent.cacheControl,
  }
  if (sent.vary) headers.vary = 'accept-encoding'
  // RFC 9110 §13.2.2's order, as conditional() evaluates it: If-Match / If-Unmodified-Since, then
  // If-None-Match / If-Modified-Since
  const outcome = evaluate(request.headers, request.method, {
    etag,
    lastModified: file.mtimeMs,
  })
  if (outcome === 412) return plain(412, 'Precondition Failed', headers)
  if (outcome === 304) return new Response(null, { status: 304, headers })

  headers['content-type'] = sent.contentType
  headers['accept-ranges'] = 'bytes'
  if (sent.coding !== undefined) headers['content-encoding'] = sent.coding
  const rangeHeader = request.headers.get('range')
  const ifRange = request.headers.get('if-range')
  const range =
    rangeHeader === null || (ifRange !== null && !rangeStillValid(ifRange, etag, file.mtimeMs))
      ? undefined
      : byteRange(rangeHeader, file.size)
  if (range === 'unsatisfiable') {
    headers['content-range'] = `bytes */${file.size}`
    return plain(416, 'Range Not Satisfiable', headers)
  }
  const start = range?.start ?? 0
  const end = range?.end ?? file.size - 1
  headers['content-length'] = String(end + 1 - start)
  if (range !== undefined) headers['content-range'] = `bytes ${start}-${end}/${file.size}`
  const status = range === undefined ? 200 : 206
  if (end < start) return new Response(null, { status, headers }) // an empty file
  return fileResponse(files, file, { start, end }, status, new Headers(headers))
}

/** `If-Range`: the range still applies when it names this ETag (strongly) or this Last-Modified. */
function rangeStillValid(ifRange: string, etag: string, mtimeMs: number): boolean {
  const value = ifRange.trim()
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag
  const date = Date.parse(value)
  return Number.isFinite(date) && seconds(date) === seconds(mtimeMs)
}
