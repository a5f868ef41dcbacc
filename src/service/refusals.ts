/**
 * The answers dispatch refuses a request with before any route runs (a 404, the 400 of an unusable
 * target, the 501 of a forbidden method under a mount), each made without capturing a stack.
 */
import { BadRequest, NotFound, NotImplemented } from '../exceptions'
import { stackless } from '../utils/stackless'

const BAD_TARGET = 'the request URL or Host header is unusable'

/**
 * The fetch standard's forbidden methods: no `Request` can be built with one (`new Request(url,
 * request)` throws "Method is forbidden"), yet Node, Bun and Deno hand such requests over. One is
 * never re-addressed: fw's router answers it at its path (a 405, or the 404 of an unknown path),
 * and under a mounted application, which could only be handed a rebuilt request, it is a 501.
 */
export const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])
export const notHanded = (method: string): NotImplemented =>
  stackless(
    () =>
      new NotImplemented(
        `method not implemented: ${method} (a mounted application is never handed one)`,
      ),
  )

/**
 * The routing errors (404, and the 400 of an unusable target) made without capturing a stack
 * (utils/stackless.ts): a routing error's stack is never shown, and on V8 capturing it is most of
 * the miss's cost.
 */
export const notFound = (path: string): NotFound =>
  stackless(() => new NotFound(`path not found: ${path}`))
export const badTarget = (): BadRequest => stackless(() => new BadRequest(BAD_TARGET))
