/**
 * A call's input → what it sends, following the operation's description:
 * path params percent-encoded (FilePathParam segment by segment, trailing
 * optional ones dropped; a value that would leave its endpoint refused),
 * query/header/cookie values by wire name, and the body in a content type
 * the endpoint accepts (JSON when it can, multipart when the input holds
 * files, text or binary for whole-body params).
 */
import type { CallInit } from './types'
import type { BodyRef, DocParameter, Route, SourceRef } from './document'
import { ClientError } from './error'
import type { Outgoing } from './redirect'

type Input = Record<string, unknown>

function valueOf(
  input: Input,
  sources: readonly SourceRef[] | undefined,
  fallback: string,
): unknown {
  for (const source of sources ?? [{ key: fallback }]) {
    const value = input[source.key]
    const found =
      source.field === undefined
        ? value
        : typeof value === 'object' && value !== null
          ? (value as Input)[source.field]
          : undefined
    if (found !== undefined) return found
  }
  return undefined
}

/** One value as text: JSON for objects, ISO 8601 for dates. */
function text(value: unknown): string {
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'object' && value !== null) return JSON.stringify(value)
  return String(value)
}

/** Decoding passes checked: far more layers than any proxy chain decodes, and linear work on any input. */
const DECODE_PASSES = 8

/** ASCII percent-escapes (`%2e`, `%2F`, `%25`): all that can spell a dot segment; a malformed escape elsewhere does not stop decoding. */
const ASCII_ESCAPE = /%([0-7][0-9a-f])/gi

/** `value` percent-decoded until nothing changes (a value is refused for what any decoding layer would read). */
function decodedFully(value: string): string {
  let current = value
  for (let pass = 0; pass < DECODE_PASSES; pass++) {
    const next = current.replace(ASCII_ESCAPE, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
    if (next === current) return current
    current = next
  }
  return current
}

const DOT_SEGMENTS = new Set(['.', '..'])

/**
 * Refuse a path param that would leave its endpoint (`/api/docs/file/../ping`
 * is `/api/ping` to any URL parser): empty, `.` or `..`, as sent or
 * percent-decoded; for a multi-segment (`FilePathParam`) value any such
 * segment but a leading empty one (an absolute path); for a one-segment
 * value, `.`/`..` between the slashes a server may decode from `%2F`.
 */
function refuseEscape(name: string, raw: string, rest: boolean, template: string): void {
  for (const form of new Set([raw, decodedFully(raw)])) {
    const segments = form.split(/[/\\]/)
    // A multi-segment value may be absolute (`FilePathParam({ absolute: true })`): its first segment may be empty.
    const bad = segments.find(
      (segment, index) => DOT_SEGMENTS.has(segment) || (rest && segment === '' && index > 0),
    )
    if (form === '' || bad !== undefined) {
      const what = form === '' ? 'is empty' : `holds the segment '${bad}'`
      throw new ClientError(
        `fw client: path param '${name}' of ${template} ${what}, which would leave the endpoint; not sent`,
        0,
        undefined,
        undefined,
      )
    }
  }
}

function fillPath(template: string, parameters: readonly DocParameter[], input: Input): string {
  let path = template
  for (const param of parameters) {
    if (param.in !== 'path') continue
    const value = valueOf(input, param['x-fw-source'], param.name)
    const token = `{${param.name}}`
    if (value === undefined || value === null) {
      // A trailing param with a default may be left out of the URL.
      if (path.endsWith(`/${token}`)) {
        path = path.slice(0, -token.length - 1)
        continue
      }
      throw new TypeError(`fw client: missing path param '${param.name}' for ${template}`)
    }
    const raw = text(value)
    const rest = param['x-fw-match'] === 'rest'
    refuseEscape(param.name, raw, rest, template)
    const encoded = rest
      ? raw.split('/').map(encodeURIComponent).join('/')
      : encodeURIComponent(raw)
    path = path.replace(token, encoded)
  }
  return path || '/'
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob
}

function holdsFiles(value: unknown): boolean {
  if (isBlob(value)) return true
  if (Array.isArray(value)) return value.some(isBlob)
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).some((item) => isBlob(item) || (Array.isArray(item) && item.some(isBlob)))
  )
}

function formData(value: Input): FormData {
  const form = new FormData()
  for (const [name, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item]) {
      if (one === undefined) continue
      if (isBlob(one)) form.append(name, one, (one as File).name ?? 'blob')
      else form.append(name, text(one))
    }
  }
  return form
}

function urlencoded(value: Input): URLSearchParams {
  const params = new URLSearchParams()
  for (const [name, item] of Object.entries(value)) {
    for (const one of Array.isArray(item) ? item : [item])
      if (one !== undefined) params.append(name, text(one))
  }
  return params
}

function bodyValue(ref: BodyRef, input: Input): unknown {
  if (ref.shape === 'whole') return input[ref.key]
  const out: Input = {}
  for (const field of ref.fields)
    if (input[field.key] !== undefined) out[field.wire] = input[field.key]
  return out
}

const STRUCTURED = ['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded']

function encodeBody(route: Route, input: Input, headers: Headers): BodyInit | undefined {
  const described = route.operation.requestBody
  const ref = described?.['x-fw-body']
  if (!described || !ref) return undefined
  const value = bodyValue(ref, input)
  if (value === undefined) return undefined
  const content = described.content ?? {}
  const types = Object.keys(content)
  if (!types.some((type) => STRUCTURED.includes(type))) {
    const type = types[0] ?? 'application/octet-stream'
    if (isBlob(value)) {
      headers.set(
        'content-type',
        value.type || (type.includes('*') ? 'application/octet-stream' : type),
      )
      return value
    }
    headers.set('content-type', type.includes('*') ? 'text/plain' : type)
    return text(value)
  }
  const object = typeof value === 'object' && value !== null && !Array.isArray(value)
  if (object && (holdsFiles(value) || !types.includes('application/json'))) {
    if (
      types.includes('multipart/form-data') &&
      (holdsFiles(value) || !types.includes('application/x-www-form-urlencoded'))
    )
      return formData(value as Input)
    headers.set('content-type', 'application/x-www-form-urlencoded')
    return urlencoded(value as Input)
  }
  headers.set('content-type', 'application/json')
  return JSON.stringify(value)
}

/**
 * A GET or HEAD never carries a body (fetch cannot send one): nothing when
 * the input leaves the endpoint's body params out, else a `ClientError`
 * naming the operation and the params, before anything is sent.
 */
function refuseBody(route: Route, input: Input): undefined {
  const ref = route.operation.requestBody?.['x-fw-body']
  if (!ref) return undefined
  const given =
    ref.shape === 'whole'
      ? input[ref.key] === undefined
        ? []
        : [ref.key]
      : ref.fields.filter((field) => input[field.key] !== undefined).map((field) => field.key)
  if (!given.length) return undefined
  const name = route.operation['x-fw-call'] ?? route.operation.operationId ?? route.path
  const params = given.map((key) => `'${key}'`).join(', ')
  throw new ClientError(
    `fw client: ${route.method} ${route.path} (${name}) declares a request body and the call gives ${params}; a ${route.method} request cannot carry a body, so nothing was sent (declare those params in the query, or serve the endpoint with POST)`,
    0,
    undefined,
    undefined,
  )
}

/**
 * Build what one call sends (re-sendable, for same-origin redirects).
 *
 * @example
 * buildRequest('http://localhost:8000', route, { slug: 'hello' }, new Headers(), {})
 */
export function buildRequest(
  baseURL: string,
  route: Route,
  input: Input,
  base: Headers,
  init: CallInit,
): Outgoing {
  const parameters = route.operation.parameters ?? []
  const url = new URL(baseURL.replace(/\/+$/, '') + fillPath(route.path, parameters, input))
  const headers = new Headers(base)
  for (const [name, value] of new Headers(init.headers)) headers.set(name, value)
  const cookies: string[] = []
  for (const param of parameters) {
    if (param.in === 'path') continue
    const value = valueOf(input, param['x-fw-source'], param.name)
    if (value === undefined || value === null) continue
    if (param.in === 'query')
      for (const one of Array.isArray(value) ? value : [value])
        url.searchParams.append(param.name, text(one))
    else if (param.in === 'header') headers.set(param.name, text(value))
    else cookies.push(`${param.name}=${encodeURIComponent(text(value))}`)
  }
  if (cookies.length)
    headers.set('cookie', [headers.get('cookie'), ...cookies].filter(Boolean).join('; '))
  const bodiless = route.method === 'GET' || route.method === 'HEAD'
  const body = bodiless ? refuseBody(route, input) : encodeBody(route, input, headers)
  return { url, method: route.method, headers, body, signal: init.signal }
}
