/**
 * HTTP facts shared by the Node bridge and the framework adapters.
 */

/**
 * Whether responses with this status never carry a body (RFC 9110: 204, 205, 304).
 *
 * @example
 * isNullBodyStatus(204) // true
 */
export function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 205 || status === 304
}

/**
 * Connection-specific header fields (RFC 9110 §7.6.1): they describe one hop,
 * so they are never copied between a Node message and a Web Request/Response.
 *
 * @example
 * HOP_BY_HOP.has('keep-alive') // true
 */
export const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-connection',
  'upgrade',
  'expect',
  'te',
  'http2-settings',
])

/** What `appendSetCookie` needs of a Node `ServerResponse`. */
export interface SetCookieTarget {
  getHeader(name: string): number | string | string[] | undefined
  setHeader(name: string, value: string[]): unknown
}

/**
 * Add Set-Cookie values after any already set on `res` (by other middleware),
 * never replacing them.
 *
 * @example
 * appendSetCookie(res, response.headers.getSetCookie())
 */
export function appendSetCookie(res: SetCookieTarget, cookies: readonly string[]): void {
  if (cookies.length === 0) return
  const prior = res.getHeader('set-cookie')
  const list = prior === undefined ? [] : Array.isArray(prior) ? prior : [String(prior)]
  res.setHeader('set-cookie', [...list, ...cookies])
}

/**
 * Whether `value` is a Web `Response` of this realm, or one of another realm
 * or library (undici's, @hono/node-server's) recognised by its shape: a
 * numeric status, headers with `get`/`forEach`, a body that is null or a
 * stream, `arrayBuffer()`. Never a plain object that merely has `status`,
 * `headers` and `body` keys (data).
 *
 * @example
 * isResponseLike(new Response('x')) // true
 * isResponseLike(await undici.fetch(url)) // true, whatever the global Response is
 * isResponseLike({ status: 200, headers: {}, body: '' }) // false
 */
export function isResponseLike(value: unknown): value is Response {
  if (value instanceof Response) return true
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Partial<Record<keyof Response, unknown>>
  if (typeof candidate.status !== 'number' || typeof candidate.arrayBuffer !== 'function')
    return false
  const headers = candidate.headers as { get?: unknown; forEach?: unknown } | null | undefined
  if (typeof headers?.get !== 'function' || typeof headers.forEach !== 'function') return false
  const body = candidate.body as { getReader?: unknown } | null | undefined
  return body === null || typeof body?.getReader === 'function'
}

/**
 * A request that is framed by its server by construction carries this key,
 * `true` (fw's native Node requests, docs/runtimes.md): read by the body
 * reader as `markFramed` is, without a WeakSet entry per request.
 *
 * @example
 * Object.defineProperty(NativeRequest.prototype, FRAMED, { value: true })
 */
export const FRAMED: unique symbol = Symbol('fw.framed')

/**
 * A request that can read its whole body as UTF-8 text and hand it to `use`
 * in the same promise step carries a method under this key (fw's native Node
 * requests): the framed text read takes one promise hop, not three. A read
 * that fails rejects with `fail(error)`; what `use` throws rejects as it is.
 *
 * @example
 * const read = (request as Partial<TextReader>)[READ_TEXT]
 * if (read) return read.call(request, JSON.parse, (error) => new Error('unreadable', { cause: error }))
 */
export const READ_TEXT: unique symbol = Symbol('fw.readText')

/** The method under `READ_TEXT`. */
export interface TextReader {
  [READ_TEXT]<T>(use: (text: string) => T, fail: (error: unknown) => unknown): Promise<T>
}
