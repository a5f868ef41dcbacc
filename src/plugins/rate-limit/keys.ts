/**
 * What a rate limit counts under: the key a request gets (`LimitKey`: from the request context,
 * and on one endpoint from its parsed params), hashed when long, and the before hook that counts
 * one endpoint's requests under a key of its params (`@limiter.endpoint`).
 */
import { endpointHook } from '../../api/hooks'
import { TooManyRequests } from '../../exceptions'
import type { RequestContext } from '../../request/context'
import { base64url } from '../../utils/bytes'

/**
 * The key a request counts under: from the request context, and on one endpoint
 * (`@limiter.endpoint`) from its parsed, converted params too. `undefined`: not counted.
 *
 * @example
 * const key: LimitKey = (request, params) => `${request.ip}:${String(params.slug)}`
 */
export type LimitKey = (
  request: RequestContext,
  params: Readonly<Record<string, unknown>>,
) => string | undefined | Promise<string | undefined>

/**
 * `@limiter.endpoint`: a method decorator of an endpoint, under either decorator standard (the
 * shape of `api.MethodDecorator`, declared here: the entry's types then stay apart from
 * fw-api/api's, which the .d.ts bundler would otherwise share in one chunk).
 *
 * @example
 * const decorate: LimitDecorator = limiter.endpoint
 */
export interface LimitDecorator {
  <This, A extends unknown[], R>(
    value: (this: This, ...args: A) => R,
    context: ClassMethodDecoratorContext<This, (this: This, ...args: A) => R>,
  ): void
  (target: object, key: string | symbol, descriptor?: PropertyDescriptor): void
}

/** Keys longer than this are hashed (a key made of request data never grows a store's keys unbounded). */
export const MAX_KEY_LENGTH = 200

/** SHA-256 of `key`, base64url. */
export async function hashed(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key))
  return `#${base64url(new Uint8Array(digest))}`
}

/**
 * `@limiter.endpoint`: a before hook of the decorated endpoint that counts the request under
 * `key(request, params)` — the endpoint's params, parsed and converted — with `check` (the
 * limiter's: the 429 past the limit); the 429 goes in the endpoint's document.
 */
export function endpointLimit(
  name: string,
  key: LimitKey,
  check: (context: RequestContext, key: string) => Promise<void>,
): LimitDecorator {
  return endpointHook(
    `rateLimit(${name})`,
    async function countParams(this: unknown, params: Record<string, unknown>) {
      const context = (this as { request: RequestContext }).request
      const found = await key(context, params)
      if (found !== undefined) await check(context, found)
    },
    [TooManyRequests],
  )
}
