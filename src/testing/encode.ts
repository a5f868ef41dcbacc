/**
 * A generated request case as a Web `Request`: path values percent-encoded
 * into the template, query keys repeated for lists, cookies in one `Cookie`
 * header, and the body encoded for its media type (JSON, urlencoded,
 * multipart with files, XML, text, raw bytes).
 */
import { concreteType } from './scalars'

/** A body as generated: a value for a media type, or raw bytes / text sent as is. */
export type CaseBody =
  | { media: string; value: unknown }
  | { raw: Uint8Array | string; contentType?: string }

/** One request, before encoding. */
export interface RequestCase {
  path: Record<string, unknown>
  query: Record<string, unknown>
  header: Record<string, unknown>
  cookie: Record<string, unknown>
  body?: CaseBody
}

/** A param value as wire text: lists and objects as JSON (single params carry JSON text). */
export function wireText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value)
  return JSON.stringify(value) ?? ''
}

const isJson = (media: string): boolean => media === 'application/json' || media.endsWith('+json')
const isXml = (media: string): boolean =>
  media === 'application/xml' || media === 'text/xml' || media.endsWith('+xml')

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function xmlOf(value: unknown): string {
  const fields = value !== null && typeof value === 'object' ? Object.entries(value) : []
  const elements = fields.flatMap(([key, item]) =>
    (Array.isArray(item) ? item : [item])
      .filter((one) => one !== null && one !== undefined)
      .map((one) => `<${key}>${escapeXml(wireText(one))}</${key}>`),
  )
  return `<?xml version="1.0"?><root>${elements.join('')}</root>`
}

function formEntries(value: unknown): [string, unknown][] {
  const fields =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value)
      : []
  return fields.flatMap(([key, item]) =>
    (Array.isArray(item) ? item : [item])
      .filter((one) => one !== null && one !== undefined)
      .map((one): [string, unknown] => [key, one]),
  )
}

/** The body's bytes (or form) and the Content-Type to send it with. */
function encodeBody(body: CaseBody): { payload: BodyInit; contentType?: string } {
  if ('raw' in body)
    return {
      payload: body.raw as BodyInit,
      ...(body.contentType !== undefined ? { contentType: body.contentType } : {}),
    }
  const { media, value } = body
  if (isJson(media)) return { payload: JSON.stringify(value) ?? 'null', contentType: media }
  if (isXml(media)) return { payload: xmlOf(value), contentType: media }
  if (media === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams()
    for (const [key, item] of formEntries(value)) form.append(key, wireText(item))
    return { payload: form.toString(), contentType: media }
  }
  if (media === 'multipart/form-data') {
    const form = new FormData()
    for (const [key, item] of formEntries(value))
      form.append(key, item instanceof Blob ? item : wireText(item))
    return { payload: form } // fetch sets the boundary
  }
  if (value instanceof Blob) return { payload: value, contentType: concreteType(media) }
  return { payload: wireText(value), contentType: concreteType(media) }
}

/** The path with its `{name}` params filled in (each value percent-encoded as one segment). */
export function pathOf(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(wireText(values[name])),
  )
}

/** The URL path and query of a case (what a difference shows). */
export function targetOf(template: string, testCase: RequestCase): string {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(testCase.query)) {
    if (value === undefined || value === null) continue
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, wireText(item))
  }
  const search = query.toString()
  return `${pathOf(template, testCase.path)}${search ? `?${search}` : ''}`
}

/**
 * The `Request` of a case, against `origin`, with `extraHeaders` (e.g. credentials) first.
 *
 * @example
 * requestOf('http://localhost', 'GET', '/api/item/{code}', { path: { code: 'ab' }, query: {}, header: {}, cookie: {} }, {}, signal)
 */
export function requestOf(
  origin: string,
  method: string,
  template: string,
  testCase: RequestCase,
  extraHeaders: Record<string, string>,
  signal: AbortSignal,
): Request {
  const headers = new Headers(extraHeaders)
  for (const [name, value] of Object.entries(testCase.header))
    if (value !== undefined && value !== null) headers.set(name, wireText(value))
  const cookies = Object.entries(testCase.cookie).filter(
    ([, value]) => value !== undefined && value !== null,
  )
  if (cookies.length)
    headers.set('cookie', cookies.map(([name, value]) => `${name}=${wireText(value)}`).join('; '))
  const init: RequestInit = { method, headers, signal }
  if (testCase.body && method !== 'GET' && method !== 'HEAD') {
    const { payload, contentType } = encodeBody(testCase.body)
    if (contentType !== undefined) headers.set('content-type', contentType)
    init.body = payload
  }
  return new Request(new URL(targetOf(template, testCase), origin), init)
}
