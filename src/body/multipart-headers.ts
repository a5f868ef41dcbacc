/**
 * The headers of one multipart part: only `Content-Disposition` (field name,
 * file name) and `Content-Type` matter for `multipart/form-data`.
 */
import { parseContentType, parseHeaderParams } from '../utils/content-type'

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
        const type = parseContentType(block.slice(colon + 1, end))
        if (type) out.type = type.essence
      }
    }
    start = end + 2
  }
  return out
}

function headerName(raw: string): string {
  return raw === 'Content-Disposition' ? 'content-disposition' : raw === 'Content-Type' ? 'content-type' : raw.trim().toLowerCase()
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
  const extended = params['filename*'] === undefined ? undefined : decodeExtended(params['filename*'])
  if (extended !== undefined) out.filename = extended
  else if (params.filename !== undefined) out.filename = unescapeHtmlForm(params.filename)
}

// Browsers (HTML form encoding) send `"`, CR and LF in names as %22, %0D, %0A.
function unescapeHtmlForm(text: string): string {
  return text.includes('%') ? text.replace(/%(22|0D|0A)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : text
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
