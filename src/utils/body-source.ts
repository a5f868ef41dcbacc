/**
 * A response that holds its body as it was given — a string, bytes or nothing — carries a method
 * under this key that hands it over without making a stream of it (fw's light responses on its
 * Node server, docs/runtimes.md "Node: the native path"); `undefined` once the response is a Web
 * one. What needs a whole short body (`conditional()`'s ETag) reads it from there first and falls
 * back to the stream: no stream made, no bytes copied, the response still sendable as it is.
 * Elsewhere fw's renderer can keep the JSON text of its answers for the same use (`rendered`).
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
 * The JSON text of fw's own answers (response/render.ts), by response, on runtimes whose
 * `Response` holds no `BODY_SOURCE` (Bun, Deno, Workers, @hono/node-server): kept only once a
 * plugin that reads bodies asked for them (`keepRenderedBodies`), so a service without one pays
 * nothing. A response leaves with its last reference (weak keys).
 */
const renderedBodies = new WeakMap<Response, string>()
/** Whether the renderer keeps its bodies in `renderedBodies`: turned on by `keepRenderedBodies`, never off. */
const keeping = { on: false }

/**
 * Ask fw's renderer to keep the JSON text of the answers it makes from now on, for `bodySource`
 * (`compress()` does, when it is made): a plugin then decides on a body's size without reading
 * its stream, and on Workers hands it through untouched for the runtime to encode.
 *
 * @example
 * keepRenderedBodies()
 * bodySource(renderer.result({ id: 1 })) // '{"id":1}'
 */
export function keepRenderedBodies(): void {
  keeping.on = true
}

/**
 * `response`, fw's answer of the JSON text `body` (response/render.ts), kept as its source while a
 * plugin asked for sources (`keepRenderedBodies`).
 *
 * @example
 * return rendered(new Response(body, init), body)
 */
export function rendered(response: Response, body: string | null): Response {
  // fw's Node server's light responses hold theirs (`BODY_SOURCE`)
  if (keeping.on && body !== null && !(BODY_SOURCE in response)) renderedBodies.set(response, body)
  return response
}

/**
 * `response`'s body as it was given (see `BODY_SOURCE`; fw's rendered JSON, see
 * `keepRenderedBodies`), or undefined: read it from `body`.
 *
 * @example
 * const source = bodySource(response)
 * if (typeof source === 'string') hash(source)
 */
export function bodySource(
  response: Response,
): string | Uint8Array<ArrayBuffer> | null | undefined {
  const source = (response as Partial<BodySourced>)[BODY_SOURCE]
  if (typeof source === 'function') return source.call(response)
  return keeping.on ? renderedBodies.get(response) : undefined
}
