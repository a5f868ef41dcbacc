/**
 * Who hears of each answer fw's renderer makes from JSON text (response/render.ts): nobody until a
 * plugin that reads bodies asks (`keepRenderedBodies` in utils/body-source.ts, made by `compress()`),
 * so a service without one carries this call alone.
 *
 * @example
 * renderedListener.hear = (response, text) => remember(response, text)
 */
export const renderedListener: {
  hear: ((response: Response, body: string) => void) | undefined
} = { hear: undefined }

/**
 * `response`, fw's answer of the JSON text `body`, told to the listener if there is one.
 *
 * @example
 * return rendered(new Response(body, init), body)
 */
export function rendered(response: Response, body: string | null): Response {
  if (body !== null) renderedListener.hear?.(response, body)
  return response
}
