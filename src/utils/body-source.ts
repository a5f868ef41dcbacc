/**
 * A response that holds its body as it was given — a string, bytes or nothing — carries a method
 * under this key that hands it over without making a stream of it (fw's light responses on its
 * Node server, docs/runtimes.md "Node: the native path"); `undefined` once the response is a Web
 * one. What needs a whole short body (`conditional()`'s ETag) reads it from there first and falls
 * back to the stream: no stream made, no bytes copied, the response still sendable as it is.
 *
 * @example
 * const source = bodySource(response) // '{"id":1}', or undefined: read response.body
 */
export const BODY_SOURCE: unique symbol = Symbol('fw.bodySource')

/** The method under `BODY_SOURCE`. */
export interface BodySourced {
  [BODY_SOURCE](): string | Uint8Array<ArrayBuffer> | null | undefined
}

/**
 * `response`'s body as it was given (see `BODY_SOURCE`), or undefined: read it from `body`.
 *
 * @example
 * const source = bodySource(response)
 * if (typeof source === 'string') hash(source)
 */
export function bodySource(
  response: Response,
): string | Uint8Array<ArrayBuffer> | null | undefined {
  const source = (response as Partial<BodySourced>)[BODY_SOURCE]
  return typeof source === 'function' ? source.call(response) : undefined
}
