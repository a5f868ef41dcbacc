/**
 * A Web-standard request handler: the shape every fw service compiles to.
 *
 * @example
 * const handler: FetchHandler = (request) => new Response('ok')
 */
export type FetchHandler = (
  request: Request,
  env?: unknown,
  ctx?: unknown,
) => Response | Promise<Response>

/**
 * Did a server that frames bodies by their Content-Length deliver `request`
 * (`env`: the second argument `fetch` was called with)? Then a sized body is
 * read whole. Chosen for the runtime once, when the service is built (serve/traits.ts).
 *
 * @example
 * const framing: FramingCheck = (_request, env) => env === bunServer
 */
export type FramingCheck = (request: Request, env: unknown) => boolean
