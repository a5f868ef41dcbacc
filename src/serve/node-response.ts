/**
 * A node:http response class whose refused headers become fw's hidden 500.
 */
import { problem } from '../exceptions/http'
import { HIDDEN_500 } from './errors'

/** The part of `node:http` used here. */
interface HttpModule {
  ServerResponse: { prototype: object; new (...args: never[]): object }
}

const REFUSED_HEADER = new Set([
  'ERR_INVALID_CHAR',
  'ERR_HTTP_INVALID_HEADER_VALUE',
  'ERR_INVALID_HTTP_TOKEN',
])

/**
 * node:http's ServerResponse, but a response whose headers Node refuses (a
 * CR/LF in a value) becomes fw's own hidden 500 instead of
 * @hono/node-server's `Error: Invalid character in header content …` text.
 *
 * @example
 * serve({ fetch, serverOptions: { ServerResponse: safeResponseClass(http, false) } })
 */
export function safeResponseClass(http: HttpModule, debug: boolean): HttpModule['ServerResponse'] {
  const base = http.ServerResponse.prototype as Record<string, (...args: unknown[]) => unknown>
  const writeHead = base.writeHead as (...args: unknown[]) => unknown
  const write = base.write as (...args: unknown[]) => unknown
  const end = base.end as (...args: unknown[]) => unknown
  const replaced = new WeakSet<object>()
  class SafeResponse extends http.ServerResponse {}
  const proto = SafeResponse.prototype as Record<string, unknown>
  proto.writeHead = function (this: object, ...args: unknown[]): unknown {
    if (replaced.has(this)) return this
    try {
      return Reflect.apply(writeHead, this, args)
    } catch (error) {
      if (!REFUSED_HEADER.has(String((error as { code?: unknown }).code))) throw error
      replaced.add(this)
      const body =
        debug && error instanceof Error
          ? JSON.stringify(problem(500, 'InternalServerError', error.message))
          : HIDDEN_500
      Reflect.apply(writeHead, this, [
        500,
        {
          'content-type': 'application/problem+json',
          'content-length': new TextEncoder().encode(body).length,
        },
      ])
      Reflect.apply(end, this, [body])
      return this
    }
  }
  proto.write = function (this: object, ...args: unknown[]): unknown {
    return replaced.has(this) ? true : Reflect.apply(write, this, args)
  }
  proto.end = function (this: object, ...args: unknown[]): unknown {
    return replaced.has(this) ? this : Reflect.apply(end, this, args)
  }
  return SafeResponse
}
