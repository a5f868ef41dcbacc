/** `auth.APIKey`, `auth.Basic`, `auth.Custom`: schemes whose `verify` / `resolve` finds the user. */
import { ImproperlyConfigured } from '../exceptions'
import type { RequestContext } from '../request/context'
import { authorization, unauthorized, type Found, type Scheme } from './scheme'

/**
 * What `verify` / `resolve` returns: the user (a row), a user id to load from
 * the `auth.User` table, or null when the credentials are wrong.
 *
 * @example
 * const verified: auth.Verified = { id: 1, name: 'ci-bot' }
 */
export type Verified = Record<string, unknown> | string | number | bigint | null | undefined

/** Longest credential accepted (characters): longer is 401 unread. */
const MAX_CREDENTIAL = 4096

function found(scheme: Scheme, value: Verified): Found {
  if (value === null || value === undefined) throw unauthorized(scheme, 'invalid credentials')
  return typeof value === 'object' ? { user: value } : { id: value }
}

/**
 * Options of `auth.APIKey`.
 *
 * @example
 * auth.APIKey({ header: 'X-API-Key', verify: (key) => keys.get(key) ?? null })
 */
export interface APIKeyOptions {
  /** the header carrying the key (default `X-API-Key`) */
  header?: string
  /** the user the key belongs to (or its id), or null */
  verify(key: string, context: RequestContext): Verified | Promise<Verified>
}

/**
 * Authentication by a key in a header.
 *
 * @example
 * const bot = auth.User(users, { authentication: auth.APIKey({ header: 'X-API-Key', verify: (key) => botIdOf(key) }), loginFields: ['username'], passwordField: 'password' })
 */
export function APIKey(options: APIKeyOptions): Scheme {
  const header = options.header ?? 'X-API-Key'
  if (typeof options.verify !== 'function')
    throw new ImproperlyConfigured('auth.APIKey: `verify(key)` is required')
  const wire = header.toLowerCase()
  const scheme: Scheme = {
    kind: 'apiKey',
    security: { name: 'apiKeyAuth', scheme: { type: 'apiKey', in: 'header', name: header } },
    challenge: `APIKey realm="api", header="${header}"`,
    headers: [wire],
    async authenticate(context) {
      const key = context.headers.get(wire)
      if (key === null) return undefined
      if (!key || key.length > MAX_CREDENTIAL) throw unauthorized(scheme, 'invalid credentials')
      return found(scheme, await options.verify(key, context))
    },
  }
  return scheme
}

/**
 * Options of `auth.Basic`.
 *
 * @example
 * auth.Basic({ verify: (username, password) => (username === 'admin' && password === env.ADMIN_PASSWORD ? { id: 0 } : null) })
 */
export interface BasicOptions {
  /** the realm named in `WWW-Authenticate` (default `api`) */
  realm?: string
  /** the user (or its id) for these credentials, or null */
  verify(username: string, password: string, context: RequestContext): Verified | Promise<Verified>
}

/**
 * HTTP Basic authentication (`Authorization: Basic base64(user:password)`),
 * over HTTPS only in production.
 *
 * @example
 * const admin = auth.User(users, { authentication: auth.Basic({ verify }), loginFields: ['username'], passwordField: 'password' })
 */
export function Basic(options: BasicOptions): Scheme {
  if (typeof options.verify !== 'function')
    throw new ImproperlyConfigured('auth.Basic: `verify(username, password)` is required')
  const realm = (options.realm ?? 'api').replace(/["\\]/g, '')
  const scheme: Scheme = {
    kind: 'basic',
    security: { name: 'basicAuth', scheme: { type: 'http', scheme: 'basic' } },
    challenge: `Basic realm="${realm}", charset="UTF-8"`,
    headers: ['authorization'],
    async authenticate(context) {
      const sent = authorization(context)
      if (!sent || sent.scheme !== 'basic') return undefined
      if (sent.credentials.length > MAX_CREDENTIAL)
        throw unauthorized(scheme, 'invalid credentials')
      let decoded: string
      try {
        decoded = new TextDecoder('utf-8', { fatal: true }).decode(
          Uint8Array.from(atob(sent.credentials), (char) => char.charCodeAt(0)),
        )
      } catch {
        throw unauthorized(scheme, 'malformed Basic credentials')
      }
      const colon = decoded.indexOf(':')
      if (colon < 0) throw unauthorized(scheme, 'malformed Basic credentials')
      return found(
        scheme,
        await options.verify(decoded.slice(0, colon), decoded.slice(colon + 1), context),
      )
    },
  }
  return scheme
}

/**
 * Options of `auth.Custom`.
 *
 * @example
 * auth.Custom({ scheme: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' }, resolve: (context) => sessionUser(context.raw) })
 */
export interface CustomOptions {
  /** its OpenAPI security scheme object */
  scheme: Record<string, unknown>
  /** its `components.securitySchemes` key (default `customAuth`) */
  name?: string
  /** `WWW-Authenticate` of its 401s (default `Custom realm="api"`) */
  challenge?: string
  /**
   * The user of this request (or its id); `undefined` when it carries no
   * credentials for this scheme, `null` when they are invalid (401).
   */
  resolve(context: RequestContext): Verified | Promise<Verified>
}

/**
 * Authentication by an outside library (e.g. a mounted better-auth handler's
 * session): `resolve` reads the request and returns the user.
 *
 * @example
 * const outside = auth.Custom({ scheme: { type: 'http', scheme: 'bearer' }, resolve: async (context) => (await lib.getSession(context.raw))?.user })
 */
export function Custom(options: CustomOptions): Scheme {
  if (typeof options.resolve !== 'function')
    throw new ImproperlyConfigured('auth.Custom: `resolve(context)` is required')
  const scheme: Scheme = {
    kind: 'custom',
    security: { name: options.name ?? 'customAuth', scheme: options.scheme },
    challenge: options.challenge ?? 'Custom realm="api"',
    async authenticate(context) {
      const value = await options.resolve(context)
      return value === undefined ? undefined : found(scheme, value)
    },
  }
  return scheme
}
