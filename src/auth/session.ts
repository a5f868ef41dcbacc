/** `auth.Session`: a session id in a cookie, its data in a store; fixation-free login, CSRF-guarded. */
import { ImproperlyConfigured } from '../exceptions'
import type { RequestContext } from '../request/context'
import { crossSite, unauthorized, type Found, type Scheme } from './scheme'
import { base64url } from '../utils/bytes'
import type { SessionStore } from './stores'

/**
 * The session cookie's attributes.
 *
 * @example
 * auth.Session({ store, cookie: { name: 'sessionid', httpOnly: true, sameSite: 'Strict' } })
 */
export interface SessionCookie {
  /** default `sessionid` (UtilMeta's and Django's) */
  name?: string
  /** default true: scripts cannot read it */
  httpOnly?: boolean
  /** default `Lax` */
  sameSite?: 'Strict' | 'Lax' | 'None'
  /** default `auto`: `Secure` when the request came over HTTPS (through a trusted TLS proxy too: `trustProxy`) */
  secure?: boolean | 'auto'
  /** default `/` */
  path?: string
  domain?: string
}

/**
 * Options of `auth.Session`.
 *
 * @example
 * auth.Session({ store: auth.RedisStore(redis), maxAge: 7 * 86400, trustedOrigins: ['https://app.example.com'] })
 */
export interface SessionOptions {
  store: SessionStore
  cookie?: SessionCookie
  /** seconds a session lives (default two weeks, Django's) */
  maxAge?: number
  /** origins whose unsafe requests (POST, PATCH, …) may use the session cookie besides the service's own */
  trustedOrigins?: readonly string[]
}

/**
 * A `Session` scheme.
 *
 * @example
 * const session: auth.SessionScheme = auth.Session({ store: auth.MemoryStore() })
 */
export interface SessionScheme extends Scheme {
  readonly kind: 'session'
  /** the cookie's name */
  readonly cookieName: string
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE'])

/** 32 random bytes, base64url (43 characters). */
function newSessionId(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)))
}

/** The JSON form of a user id (a bigint as its digits). */
function storableId(id: unknown): string | number {
  if (typeof id === 'number' || typeof id === 'string') return id
  if (typeof id === 'bigint') return id.toString()
  throw new ImproperlyConfigured(
    `auth.Session: a user id must be a number, a string or a bigint (got ${typeof id})`,
  )
}

/**
 * Authentication by a session: `login()` stores a new session (a fresh id,
 * so no fixation) and sets its cookie (`HttpOnly`, `SameSite=Lax`, `Secure`
 * over HTTPS); requests send the cookie. An unknown or expired session is
 * 401; an unsafe method with the cookie from a cross-site origin is 403.
 *
 * @example
 * const session = auth.Session({ store: auth.DatabaseStore(sessions), cookie: { name: 'sessionid', httpOnly: true } })
 */
export function Session(options: SessionOptions): SessionScheme {
  const { store } = options
  if (!store || typeof store.get !== 'function')
    throw new ImproperlyConfigured(
      'auth.Session: `store` must be a session store (auth.MemoryStore(), auth.DatabaseStore(table), auth.RedisStore(client), auth.KVStore(binding))',
    )
  const cookie = options.cookie ?? {}
  const name = cookie.name ?? 'sessionid'
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/.test(name))
    throw new ImproperlyConfigured(`auth.Session: '${name}' is not a cookie name`)
  const maxAge = options.maxAge ?? 14 * 86400
  if (!Number.isInteger(maxAge) || maxAge < 1)
    throw new ImproperlyConfigured('auth.Session: maxAge is a positive number of seconds')
  const trusted = new Set(options.trustedOrigins ?? [])
  const attributes = [
    `Path=${cookie.path ?? '/'}`,
    ...(cookie.domain ? [`Domain=${cookie.domain}`] : []),
    ...(cookie.httpOnly === false ? [] : ['HttpOnly']),
    `SameSite=${cookie.sameSite ?? 'Lax'}`,
  ]
  // `auto`: HTTPS as the client used it — through a trusted TLS proxy too (`trustProxy`, `context.secure`)
  const secure = (context: RequestContext): boolean =>
    cookie.secure === 'auto' || cookie.secure === undefined ? context.secure : cookie.secure
  const setCookie = (context: RequestContext, value: string, age: number): void => {
    const line = [
      `${name}=${value}`,
      `Max-Age=${age}`,
      ...attributes,
      ...(secure(context) || cookie.sameSite === 'None' ? ['Secure'] : []),
    ].join('; ')
    ;(context.setCookies ??= []).push(line)
  }
  /** Refuse an unsafe request carrying the cookie, or logging in, from another site (Origin, else Sec-Fetch-Site). */
  const checkSameSite = (context: RequestContext): void => {
    if (SAFE_METHODS.has(context.method)) return
    const origin = context.headers.get('origin')
    if (origin !== null) {
      // the origin the client sees: a trusted proxy's protocol and host (`trustProxy`), else the URL's
      if (origin !== context.origin && !trusted.has(origin)) throw crossSite(origin)
      return
    }
    if (context.headers.get('sec-fetch-site') === 'cross-site') throw crossSite('a cross-site page')
  }
  const scheme: SessionScheme = {
    kind: 'session',
    cookieName: name,
    security: { name: 'cookieAuth', scheme: { type: 'apiKey', in: 'cookie', name } },
    challenge: `Cookie realm="api", cookie-name="${name}"`,
    revocations: store,
    lifetime: maxAge,
    async authenticate(context): Promise<Found | undefined> {
      const key = context.cookies[name]
      if (key === undefined) return undefined
      if (!SESSION_ID.test(key)) throw unauthorized(scheme, 'invalid session')
      checkSameSite(context)
      const data = await store.get(key, context)
      const id = data?.uid
      if (id === undefined || id === null) throw unauthorized(scheme, 'unknown or expired session')
      // a session stored before `issued` was kept counts as issued at 0: any revocation ends it
      return { id, issued: typeof data?.issued === 'number' ? data.issued : 0 }
    },
    // login CSRF: a cross-site form post must not log the victim's browser into the attacker's account
    checkLogin: checkSameSite,
    async start(context, id) {
      const previous = context.cookies[name]
      // a session id the client brought is never kept: the login starts a new one (no fixation)
      if (previous !== undefined && SESSION_ID.test(previous)) await store.delete(previous, context)
      const key = newSessionId()
      await store.set(key, { uid: storableId(id), issued: Date.now() }, maxAge, context)
      setCookie(context, key, maxAge)
      return undefined
    },
    async end(context) {
      const key = context.cookies[name]
      if (key !== undefined && SESSION_ID.test(key)) await store.delete(key, context)
      setCookie(context, '', 0)
    },
  }
  return scheme
}
