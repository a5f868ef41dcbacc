/** A Web-standard request handler: the shape every fw service compiles to. */
export type FetchHandler = (request: Request, env?: unknown, ctx?: unknown) => Response | Promise<Response>
