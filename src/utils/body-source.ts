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

/** How many of fw's latest answers `bodySource` knows the JSON text of (see `kept`). */
const KEPT = 4

/**
 * fw's latest answers made from JSON text (response/render.ts) and their text, a ring of `KEPT`
 * written at `cursor`, on runtimes whose `Response` holds no `BODY_SOURCE` (Bun, Deno, Workers,
 * @hono/node-server): a plugin looks its answer up by identity right after it was rendered (an
 * answer rendered earlier than the `KEPT` latest is read from its stream, like every other). Kept
 * only once a plugin that reads bodies asked (`keepRenderedBodies`, never turned off). Neither the
 * response nor a map is written to: on workerd an answer marked, or used as a `WeakMap` key,
 * costs ~50 µs of CPU per 64 KB answer (bench/RESULTS-traffic.md), and at most `KEPT` texts are
 * held past their answer.
 */
const kept = {
  on: false,
  cursor: 0,
  responses: Array.from({ length: KEPT }, (): Response | undefined => undefined),
  texts: Array.from({ length: KEPT }, () => ''),
}

/**
 * Start keeping the JSON text of fw's answers for `bodySource`: the function returned keeps one
 * answer and its text, for fw's renderer to call on each (`compress()` hands it to
 * `renderedListener` of response/render.ts when it is made): a plugin then decides on a body's
 * size without reading its stream, and on Workers hands it through untouched for the runtime.
 *
 * @example
 * renderedListener.hear = keepRenderedBodies()
 * bodySource(renderer.result({ id: 1 })) // '{"id":1}'
 */
export function keepRenderedBodies(): (response: Response, body: string) => void {
  kept.on = true
  return keep
}

/** `response` and its JSON text `body` written at the ring's cursor (see `kept`). */
function keep(response: Response, body: string): void {
  const at = kept.cursor
  kept.responses[at] = response
  kept.texts[at] = body
  kept.cursor = (at + 1) % KEPT
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
  if (!kept.on) return undefined
  for (let at = 0; at < KEPT; at++) if (kept.responses[at] === response) return kept.texts[at]
  return undefined
}
