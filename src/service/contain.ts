/**
 * Mounted handlers are contained (docs/security.md, "Mounted apps"): whatever a
 * mounted fetch handler, app or Node listener throws or rejects with, the
 * service answers a 500 rendered by its own renderer (the message hidden
 * unless `debug`), and nothing throws or rejects out of `service.fetch`.
 */
import { InternalServerError } from '../exceptions'
import type { Renderer } from '../response/render'
import type { FetchHandler } from '../types'
import { outgoingResponse } from '../utils/http'
import { isThenable } from '../utils/thenable'

/**
 * `handler` with its throws, rejections and non-Response results turned into
 * `renderer.error(...)` (a synchronous Response stays synchronous).
 *
 * @example
 * const safe = containHandler(mounted, rootRenderer)
 * await safe(request) // a 500 Response, never a rejection
 */
export function containHandler(
  handler: FetchHandler,
  renderer: Renderer,
  where: string,
): FetchHandler {
  // A Response of any realm goes out framed by the bytes it sends (utils/http.ts).
  const checked = (result: unknown): Response =>
    outgoingResponse(result) ??
    renderer.error(
      new InternalServerError(
        `the app mounted at ${where} answered ${describe(result)}, not a Response`,
      ),
    )
  return (request, env, ctx) => {
    let result: unknown
    try {
      result = handler(request, env, ctx)
    } catch (error) {
      return renderer.error(error)
    }
    return isThenable(result)
      ? Promise.resolve(result).then(checked, renderer.error)
      : checked(result)
  }
}

const describe = (value: unknown): string =>
  value === null
    ? 'null'
    : typeof value === 'object'
      ? `an object (${value.constructor?.name ?? 'no prototype'})`
      : typeof value
