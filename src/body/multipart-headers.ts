/**
 * The headers of one multipart part: only `Content-Disposition` (field name,
 * file name) and `Content-Type` matter for `multipart/form-data`.
 */
import { contentTypeEssence, parseHeaderParams } from '../utils/content-type'

/** What fw reads from a part's headers. */
export interface PartHeaders {
  /** form field name; parts without one are skipped */
  name?: string
  /** present (possibly empty) when the part is a file */
  filename?: string
  /** the part's content type essence, when given */
  type?: string
}

/**
 * Parse the header block of a part (the text before its blank line).
 *
 * @example
 * parsePartHeaders('Content-Disposition: form-data; name="a"; filename="x.png"\r\nContent-Type: image/png')
 * // { name: 'a', filename: 'x.png', type: 'image/png' }
 */
export function parsePartHeaders(block: string): PartHeaders {
  return browserPart(block) ?? parseHeaderLines(block)
}

/**
 * The general reader behind `parsePartHeaders`: any header spelling, order
 * and escape (`parsePartHeaders` tries the spelling browsers send first).
 *
 * @example
 * parseHeaderLines('content-disposition: form-data; name="a"') // { name: 'a' }
 */
export function parseHeaderLines(block: string): PartHeaders {
  const out: PartHeaders = {}
  // Line by line without splitting; field names compared as sent first (browsers send these spellings).
  for (let start = 0; start <= block.length; ) {
    let end = block.indexOf('\r\n', start)
    if (end < 0) end = block.length
    const colon = block.indexOf(':', start)
    if (colon > start && colon < end) {
      const field = headerName(block.slice(start, colon))
      if (field === 'content-disposition') {
        if (out.name === undefined) readDisposition(block.slice(colon + 1, end), out)
      } else if (field === 'content-type' && out.type === undefined) {
        const essence = contentTypeEssence(block.slice(colon + 1, end))
        if (essence) out.type = essence
      }
    }
    start = end + 2
  }
  return out
}

const DISPOSITION = 'Content-Disposition: form-data; name="'
const FILENAME = '; filename="'
const TYPE_LINE = '\r\nContent-Type: '

/**
 * The header block exactly as browsers and HTTP clients write it
 * (`Content-Disposition: form-data; name="…"`, then `; filename="…"` and a
 * `Content-Type` line for a file), read with a few `startsWith`: what
 * `parseHeaderLines` reads from the same block, or `undefined` for any other
 * block (other spellings, more headers, `filename*`, escapes or `%` in a
 * name), which the general parser then reads.
 */
function browserPart(block: string): PartHeaders | undefined {
  if (!block.startsWith(DISPOSITION)) return undefined
  const nameEnd = plainQuoted(block, DISPOSITION.length)
  if (nameEnd < 0) return undefined
  const out: PartHeaders = { name: block.slice(DISPOSITION.length, nameEnd) }
  let at = nameEnd + 1
  if (block.startsWith(FILENAME, at)) {
    const start = at + FILENAME.length
    const end = plainQuoted(block, start)
    if (end < 0) return undefined
    out.filename = block.slice(start, end)
    at = end + 1
  }
  if (at === block.length) return out
  if (!block.startsWith(TYPE_LINE, at)) return undefined
  const from = at + TYPE_LINE.length
  // One more header line, or a value with parameters: the general parser.
  const plain = plainType(block, from)
  if (plain < 0) return undefined
  const type = block.slice(from)
  // Lower case without surrounding blanks (what clients send): the value is its own essence.
  const essence = plain === 1 ? type : contentTypeEssence(type)
  if (essence) out.type = essence
  return out
}

/**
 * One scan of a part's `Content-Type` value from `from` to the end of the
 * block: -1 when it holds a line break or a `;`; 1 when it is already an
 * essence (ASCII without upper case or blanks: `trim()` and `toLowerCase()`
 * would change nothing), else 0.
 */
function plainType(block: string, from: number): number {
  let plain = 1
  for (let i = from; i < block.length; i++) {
    const code = block.charCodeAt(i)
    if (code === 0x0a || code === 0x0d || code === 0x3b) return -1
    if (code <= 0x20 || code >= 0x7f || (code >= 0x41 && code <= 0x5a)) plain = 0
  }
  return plain
}

/**
 * Index of the quote closing a quoted string that opens before `from`, or -1
 * when the string holds anything the general parser would read differently
 * (a backslash escape, a `%` escape, a line break) or never closes.
 */
function plainQuoted(block: string, from: number): number {
  for (let i = from; i < block.length; i++) {
    const code = block.charCodeAt(i)
    if (code === 0x22) return i
    if (code === 0x5c || code === 0x25 || code === 0x0d || code === 0x0a) return -1
  }
  return -1
}

function headerName(raw: string): string {
  return raw === 'Content-Disposition'
    ? 'content-disposition'
    : raw === 'Content-Type'
      ? 'content-type'
      : raw.trim().toLowerCase()
}

/**
 * Read `name` and `filename` (preferring RFC 8187 `filename*`) from a
 * `Content-Disposition` value; also used for a whole-body file upload.
 *
 * @example
 * parseDisposition('attachment; filename="a.png"') // { filename: 'a.png' }
 */
export function parseDisposition(value: string): Pick<PartHeaders, 'name' | 'filename'> {
  const out: Pick<PartHeaders, 'name' | 'filename'> = {}
  readDisposition(value, out)
  return out
}

function readDisposition(value: string, out: Pick<PartHeaders, 'name' | 'filename'>): void {
  const semi = value.indexOf(';')
  if (semi < 0) return
  const params: Record<string, string> = Object.create(null)
  parseHeaderParams(value, semi + 1, params)
  if (params.name !== undefined) out.name = unescapeHtmlForm(params.name)
  const extended =
    params['filename*'] === undefined ? undefined : decodeExtended(params['filename*'])
  if (extended !== undefined) out.filename = extended
  else if (params.filename !== undefined) out.filename = unescapeHtmlForm(params.filename)
}

// Browsers (HTML form encoding) send `"`, CR and LF in names as %22, %0D, %0A.
function unescapeHtmlForm(text: string): string {
  return text.includes('%')
    ? text.replace(/%(22|0D|0A)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : text
}

// RFC 8187 `UTF-8''na%C3%AFve.txt`; other charsets or bad escapes are ignored.
function decodeExtended(text: string): string | undefined {
  const match = /^utf-8'[^']*'(.*)$/i.exec(text)
  if (!match) return undefined
  try {
    return decodeURIComponent(match[1] ?? '')
  } catch {
    return undefined
  }
}
