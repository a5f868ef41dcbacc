/** `auth.JsonWebToken`: signed tokens in `Authorization: Bearer <jwt>`, through jose (every runtime). */
import { ImproperlyConfigured } from '../exceptions'
import type { RequestContext } from '../request/context'
import { telemetryHost } from '../request/telemetry'
import { base64url } from '../utils/bytes'
import { authorization, unauthorized, type Found, type Scheme } from './scheme'
import { MemoryStore, type SessionStore } from './stores'

/** The shortest HMAC secret accepted outside `debug` (bytes): RFC 7518 §3.2's HS256 key size. */
export const MIN_SECRET_BYTES = 32

/** A signing key pair (or one key for HMAC) as Web Crypto or jose take them. */
type KeyLike = CryptoKey | Uint8Array

/**
 * Options of `auth.JsonWebToken`.
 *
 * @example
 * auth.JsonWebToken({ secret: env.JWT_SECRET, expiresIn: '30d', issuer: 'https://api.example.com' })
 */
export interface JsonWebTokenOptions {
  /** an HMAC secret (HS256 by default); give this or `key` */
  secret?: string | Uint8Array
  /** an asymmetric pair (`{ privateKey, publicKey }`, e.g. from `jose.generateKeyPair('ES256')`); needs `algorithm` */
  key?: { privateKey: KeyLike; publicKey: KeyLike }
  /** the one algorithm signed and accepted (default `HS256` with a secret); tokens of any other (`none` included) are 401 */
  algorithm?: string
  /** lifetime: seconds, or jose's text (`'30d'`, `'2h'`); default one day. Also the longest a token is accepted after its `iat`, whatever its `exp` says */
  expiresIn?: string | number
  issuer?: string
  /** the `aud` set and required; default: the table of the `auth.User` config using the scheme (a token of one config is refused by another) */
  audience?: string
  /** seconds of clock difference allowed on `exp` and `iat` (default 30): an `iat` further in the future is 401 */
  clockTolerance?: number
  /** where `logout()` / `revoke()` keep each user's "credentials issued before" time (default `auth.MemoryStore()`: one process; give a shared store — Redis, a database, KV — when several processes serve) */
  revocations?: SessionStore
  /** development only: accept a secret shorter than 32 bytes (warned once); outside `debug` it is `ImproperlyConfigured` */
  debug?: boolean
  /** the scheme name in `Authorization` and `WWW-Authenticate` (default `Bearer`; `Bearer` and `Token` are always accepted, any case) */
  scheme?: string
  /** longest token accepted (default 8192 characters): longer is 401 unread */
  maxLength?: number
}

/**
 * A `JsonWebToken` scheme: also signs tokens (`sign(id)`) for other flows.
 *
 * @example
 * const jwt: auth.JsonWebTokenScheme = auth.JsonWebToken({ secret: env.JWT_SECRET })
 * const token = await jwt.sign(1)
 */
export interface JsonWebTokenScheme extends Scheme {
  readonly kind: 'jwt'
  /** the audience its tokens carry and require (explicit, else its `auth.User` table's name once bound) */
  readonly audience: string | undefined
  /** a token for user `id` (what `login()` returns) */
  sign(id: unknown, claims?: Record<string, unknown>): Promise<string>
}

type Jose = typeof import('jose')

/** The Web Crypto hash of each HMAC algorithm `sign()` computes itself. */
const HMAC_HASHES: Readonly<Record<string, string>> = {
  HS256: 'SHA-256',
  HS384: 'SHA-384',
  HS512: 'SHA-512',
}
const encoder = new TextEncoder()

/** jose's time span text (`'30d'`, `'2 hours'`, `'90s'`), as its `setExpirationTime` reads it. */
const TIME_SPAN =
  /^(\d+|\d+\.\d+) ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)$/i
const UNIT_SECONDS: Record<string, number> = {
  s: 1,
  m: 60,
  h: 3600,
  d: 86400,
  w: 604800,
  y: 31557600,
}

/** A token lifetime in whole seconds, from seconds or a time span (`'30d'`); undefined when it is neither. */
function lifetimeSeconds(expiresIn: string | number): number | undefined {
  if (typeof expiresIn === 'number')
    return Number.isFinite(expiresIn) && expiresIn >= 1 ? Math.round(expiresIn) : undefined
  const match = TIME_SPAN.exec(expiresIn.trim())
  if (!match) return undefined
  const [, amount = '', unit = ''] = match
  const lower = unit.toLowerCase()
  const perUnit = lower.startsWith('mi') || lower === 'm' ? 60 : UNIT_SECONDS[lower.charAt(0)]
  const seconds = Math.round(Number(amount) * (perUnit ?? 0))
  return seconds >= 1 ? seconds : undefined
}

/**
 * Authentication by a signed JSON Web Token: `login()` returns one; requests
 * send `Authorization: Bearer <jwt>` (any case; `Token` too). An expired,
 * tampered or foreign-algorithm token is 401, and so is one without `exp`,
 * with an `iat` ahead, older than `expiresIn`, for another audience (each
 * `auth.User` config's own: its table) or revoked by `logout()`. A secret
 * under 32 bytes is `ImproperlyConfigured` (outside `debug`).
 *
 * @example
 * const jwtUser = auth.User(users, { authentication: auth.JsonWebToken({ secret: env.JWT_SECRET }), loginFields: ['username'], passwordField: 'password' })
 */
export function JsonWebToken(options: JsonWebTokenOptions): JsonWebTokenScheme {
  const { secret, key } = options
  if ((secret === undefined) === (key === undefined))
    throw new ImproperlyConfigured(
      'auth.JsonWebToken: give either `secret` (HMAC) or `key` ({ privateKey, publicKey })',
    )
  const secretBytes = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret
  if (secretBytes !== undefined && secretBytes.length < MIN_SECRET_BYTES) {
    if (!options.debug)
      throw new ImproperlyConfigured(
        `auth.JsonWebToken: the secret must be at least ${MIN_SECRET_BYTES} random bytes (got ${secretBytes.length}); make one with \`openssl rand -base64 48\` and read it from the environment (\`debug: true\` accepts a short one in development only)`,
      )
    console.warn(
      `auth.JsonWebToken: a secret of ${secretBytes.length} bytes is accepted because of \`debug: true\`; use at least ${MIN_SECRET_BYTES} random bytes in production`,
    )
  }
  const algorithm = options.algorithm ?? (secret !== undefined ? 'HS256' : undefined)
  if (!algorithm || algorithm.toLowerCase() === 'none')
    throw new ImproperlyConfigured(
      'auth.JsonWebToken: name the signing `algorithm` (e.g. ES256) for a key pair; `none` is refused',
    )
  if (secret !== undefined && !algorithm.startsWith('HS'))
    throw new ImproperlyConfigured(
      `auth.JsonWebToken: a secret signs with HS256/384/512, not ${algorithm}`,
    )
  const signKey = (secretBytes ?? key?.privateKey) as KeyLike
  const verifyKey = (secretBytes ?? key?.publicKey) as KeyLike
  const name = options.scheme ?? 'Bearer'
  const accepted = new Set(['bearer', 'token', name.toLowerCase()])
  const maxLength = options.maxLength ?? 8192
  const lifetime = lifetimeSeconds(options.expiresIn ?? 86400)
  if (lifetime === undefined)
    throw new ImproperlyConfigured(
      `auth.JsonWebToken: expiresIn is a number of seconds or a span like '30d', '2h', '15m' (got ${String(options.expiresIn)})`,
    )
  const clockTolerance = options.clockTolerance ?? 30
  if (!Number.isFinite(clockTolerance) || clockTolerance < 0)
    throw new ImproperlyConfigured('auth.JsonWebToken: clockTolerance is a number of seconds ≥ 0')
  let audience = options.audience
  // HS256/384/512: signed here through one imported CryptoKey (2–2.5× faster than jose's sign on
  // Node and Deno, which imports the key on every call); verification stays jose's everywhere
  const hmacHash = secretBytes === undefined ? undefined : HMAC_HASHES[algorithm]
  let hmacKey: Promise<CryptoKey> | undefined
  const hmacSign = async (payload: Record<string, unknown>): Promise<string> => {
    hmacKey ??= crypto.subtle.importKey(
      'raw',
      secretBytes as Uint8Array<ArrayBuffer>,
      { name: 'HMAC', hash: hmacHash as string },
      false,
      ['sign'],
    )
    const header = base64url(encoder.encode(JSON.stringify({ alg: algorithm, typ: 'JWT' })))
    const input = `${header}.${base64url(encoder.encode(JSON.stringify(payload)))}`
    const signature = await crypto.subtle.sign('HMAC', await hmacKey, encoder.encode(input))
    return `${input}.${base64url(new Uint8Array(signature))}`
  }
  let jose: Promise<Jose> | undefined
  // jose is an optional peer dependency: loaded on first use (a literal import, so Workers bundlers include it).
  const load = (): Promise<Jose> => (jose ??= import('jose'))
  const scheme: JsonWebTokenScheme = {
    kind: 'jwt',
    get audience() {
      return audience
    },
    revocations: options.revocations ?? MemoryStore(),
    lifetime,
    bind(owner) {
      if (options.audience !== undefined || audience === owner) return
      if (audience !== undefined)
        throw new ImproperlyConfigured(
          `auth.JsonWebToken: one scheme serves the user configs of '${audience}' and '${owner}': give each its own auth.JsonWebToken (or an explicit \`audience\`), so a token of one is refused by the other`,
        )
      audience = owner
    },
    security: {
      name: 'bearerAuth',
      scheme: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
    challenge: `${name} realm="api"`,
    headers: ['authorization'],
    async sign(id, claims = {}) {
      // `iat` to the millisecond (a NumericDate may be fractional): revocation compares it to a logout's time
      const now = Date.now()
      if (hmacHash !== undefined)
        return hmacSign({
          ...claims,
          iat: now / 1000,
          sub: String(id),
          exp: Math.floor(now / 1000) + lifetime,
          ...(options.issuer ? { iss: options.issuer } : {}),
          ...(audience !== undefined ? { aud: audience } : {}),
        })
      const { SignJWT } = await load()
      let token = new SignJWT({ ...claims, iat: now / 1000 })
        .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
        .setSubject(String(id))
        .setExpirationTime(Math.floor(now / 1000) + lifetime)
      if (options.issuer) token = token.setIssuer(options.issuer)
      if (audience !== undefined) token = token.setAudience(audience)
      return token.sign(signKey)
    },
    sent(context: RequestContext): boolean {
      const sent = authorization(context)
      return sent !== undefined && accepted.has(sent.scheme)
    },
    async authenticate(context: RequestContext): Promise<Found | undefined> {
      const sent = authorization(context)
      if (!sent || !accepted.has(sent.scheme)) return undefined
      if (sent.credentials.length > maxLength)
        throw unauthorized(scheme, `token longer than ${maxLength} characters`)
      const { jwtVerify } = await load()
      let subject: string | undefined
      let issuedAt: number | undefined
      try {
        const check = () =>
          jwtVerify(sent.credentials, verifyKey, {
            algorithms: [algorithm],
            issuer: options.issuer,
            audience,
            // no `exp` → 401; an `iat` in the future → 401; older than the lifetime → 401 whatever its `exp`
            requiredClaims: ['exp', 'iat'],
            maxTokenAge: lifetime,
            clockTolerance,
          })
        // fw-api/otel, when imported: a span (request/telemetry.ts; its field read, no call per request)
        const observer = telemetryHost.telemetry
        const { payload } = await (observer
          ? observer.around('fw.auth.verify_token', check)
          : check())
        subject = payload.sub
        issuedAt = payload.iat
      } catch {
        // expired, tampered, another algorithm or issuer, not a JWT at all: the same answer, naming nothing
        throw unauthorized(scheme, 'invalid or expired token')
      }
      if (typeof subject !== 'string' || !subject)
        throw unauthorized(scheme, 'token without a subject')
      return { id: subject, issued: Math.round((issuedAt ?? 0) * 1000) }
    },
    start(_context, id) {
      return scheme.sign(id)
    },
  }
  return scheme
}
