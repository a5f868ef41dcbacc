/**
 * A Web-standard request handler: the shape every fw service compiles to.
 *
 * @example
 * const handler: FetchHandler = (request) => new Response('ok')
 */
export type FetchHandler = (request: Request, env?: unknown, ctx?: unknown) => Response | Promise<Response>
