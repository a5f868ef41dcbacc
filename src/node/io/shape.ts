/**
 * The shapes of Node's `IncomingMessage` and `ServerResponse` that fw's public
 * types mention. Structural on purpose: the published declarations must not
 * import `node:http`, or a Workers/Deno project without `@types/node` fails to
 * type-check. Node's own classes (and Express/Koa request types) fit them, so
 * `fromNode(expressApp)` and `(req: IncomingMessage, res: ServerResponse) => …`
 * are accepted; an unannotated `(req, res) => …` gets these members.
 */

/** Request headers as Node exposes them. */
export type NodeHeaders = Record<string, string | string[] | undefined>

/** Response headers as `writeHead` takes them: an object, or a flat `[name, value, ...]` list. */
export type NodeOutgoingHeaders =
  | Record<string, number | string | readonly string[] | undefined>
  | Array<number | string | readonly string[]>

/** What a listener can use of the request (a subset of `http.IncomingMessage`). */
export interface NodeRequest {
  method?: string | undefined
  url?: string | undefined
  headers: NodeHeaders
  rawHeaders: string[]
  httpVersion: string
  /** the underlying socket (`remoteAddress`, `encrypted` on TLS) */
  socket: { remoteAddress?: string | undefined }
  destroyed: boolean
  /** stream the body into a writable (the response, a file, ...) */
  pipe(destination: { write(chunk: never): unknown; end(): unknown }): unknown
  on(event: string, listener: (...args: never[]) => void): this
  once(event: string, listener: (...args: never[]) => void): this
}

/** What a listener can use of the response (a subset of `http.ServerResponse`). */
export interface NodeResponse {
  statusCode: number
  statusMessage: string
  readonly headersSent: boolean
  setHeader(name: string, value: number | string | readonly string[]): this
  getHeader(name: string): number | string | string[] | undefined
  removeHeader(name: string): void
  writeHead(statusCode: number, headers?: NodeOutgoingHeaders): this
  writeHead(statusCode: number, statusMessage: string, headers?: NodeOutgoingHeaders): this
  write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean
  end(callback?: () => void): this
  end(chunk: string | Uint8Array | undefined, callback?: () => void): this
  destroy(error?: Error): this
  on(event: string, listener: (...args: never[]) => void): this
  once(event: string, listener: (...args: never[]) => void): this
}
