/** What every authentication scheme is to `auth.User`, and the answers they share (401, 403). */
import { PermissionDenied, Unauthorized } from '../exceptions'
import type { RequestContext } from '../request/context'
import type { SessionStore } from './stores'

/**
 * What a scheme found in a request: the id of a user to load from the user
 * table (with `issued`, the credential's issue time in epoch milliseconds,
 * for JWTs and sessions: what revocation compares), or (API keys, Basic,
 * Custom) the user itself.
 *
 * @example
 * const found: auth.Found = { id: 1 }
 */
export type Found =
  | { id: unknown; user?: undefined; issued?: number }
  | { user: Record<string, unknown>; id?: undefined; issued?: undefined }

/**
 * An authentication scheme: reads credentials from a request and, for
 * `JsonWebToken` and `Session`, starts and ends them at login / logout.
 *
 * @example
 * const scheme: auth.Scheme = auth.JsonWebToken({ secret: env.JWT_SECRET })
 */
export interface Scheme {
  /** which kind of scheme (what the OpenAPI document and `login()` go by) */
  readonly kind: 'jwt' | 'session' | 'apiKey' | 'basic' | 'custom'
  /** its `components.securitySchemes` entry: the key and the scheme object */
  readonly security: { name: string; scheme: Record<string, unknown> }
  /** the `WWW-Authenticate` value of its 401s */
  readonly challenge: string
  /** request headers it reads, lower case (CORS preflights allow them) */
  readonly headers?: readonly string[]
  /** `undefined` when no credentials for it were sent; throws a 401 (403 for CSRF) when they are invalid */
  authenticate(context: RequestContext): Promise<Found | undefined>
  /**
   * Were credentials for it sent at all? Read at once, without waiting: `false` makes an optional
   * user `null` with no promise (an anonymous request's `authenticate` would answer `undefined`).
   * Absent: every request is asked through `authenticate`.
   */
  sent?(context: RequestContext): boolean
  /** login, before any password is checked: throws when this request may not log in (a cross-site post that would set a session cookie: 403) */
  checkLogin?(context: RequestContext): void
  /** login: start the authentication of user `id` (a token, or a session and its cookie) */
  start?(context: RequestContext, id: unknown): Promise<string | undefined>
  /** logout: end it */
  end?(context: RequestContext): Promise<void>
  /** where each user's "credentials issued before" time is kept (`JsonWebToken`, `Session`): checked at every request, set by `logout()` / `revoke()` */
  readonly revocations?: SessionStore
  /** the longest its credentials live, in seconds (how long a revocation is kept) */
  readonly lifetime?: number
  /** called by `auth.User` with its scope (the table's name): a `JsonWebToken` takes it as its audience */
  bind?(owner: string): void
}

/** The 401 of a scheme: its challenge in `WWW-Authenticate`, a reason that names no credential. */
export function unauthorized(scheme: Pick<Scheme, 'challenge'>, reason: string): Unauthorized {
  return new Unauthorized(reason, { headers: { 'www-authenticate': scheme.challenge } })
}

/** The 403 of a cross-site request authenticated by a cookie. */
export function crossSite(origin: string): PermissionDenied {
  return new PermissionDenied(
    `cross-site request refused: ${origin.slice(0, 100)} is not a trusted origin`,
  )
}

/** The `<scheme> <credentials>` of an `Authorization` header, scheme lower-cased; undefined when malformed. */
export function authorization(
  context: RequestContext,
): { scheme: string; credentials: string } | undefined {
  const header = context.headers.get('authorization')
  if (header === null) return undefined
  const space = header.indexOf(' ')
  if (space <= 0) return undefined
  return {
    scheme: header.slice(0, space).toLowerCase(),
    credentials: header.slice(space + 1).trim(),
  }
}
