/** `auth.JsonWebToken`: signed tokens in `Authorization: Bearer <jwt>`, through jose (every runtime). */
import { ImproperlyConfigured } from '../exceptions'
import type { RequestContext } from '../request/context'
import { authorization, unauthorized, type Found, type Scheme } from './scheme'

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
  /** lifetime: seconds, or jose's text (`'30d'`, `'2h'`); default one day */
  expiresIn?: string | number
  issuer?: string
  audience?: string
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
  /** a token for user `id` (what `login()` returns) */
  sign(id: unknown, claims?: Record<string, unknown>): Promise<string>
}

type Jose = typeof import('jose')

/**
 * Authentication by a signed JSON Web Token: `login()` returns one; requests
 * send `Authorization: Bearer <jwt>` (any case; `Token` too). An expired,
 * tampered or foreign-algorithm token is 401.
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
  if (secret !== undefined && secret.length < 16)
    throw new ImproperlyConfigured('auth.JsonWebToken: the secret must be at least 16 characters')
  const algorithm = options.algorithm ?? (secret !== undefined ? 'HS256' : undefined)
  if (!algorithm || algorithm.toLowerCase() === 'none')
    throw new ImproperlyConfigured(
      'auth.JsonWebToken: name the signing `algorithm` (e.g. ES256) for a key pair; `none` is refused',
    )
  if (secret !== undefined && !algorithm.startsWith('HS'))
    throw new ImproperlyConfigured(
      `auth.JsonWebToken: a secret signs with HS256/384/512, not ${algorithm}`,
    )
  const secretBytes = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret
  const signKey = (secretBytes ?? key?.privateKey) as KeyLike
  const verifyKey = (secretBytes ?? key?.publicKey) as KeyLike
  const name = options.scheme ?? 'Bearer'
  const accepted = new Set(['bearer', 'token', name.toLowerCase()])
  const maxLength = options.maxLength ?? 8192
  // jose reads a number as an absolute time: a lifetime in seconds is written as text
  const expiresIn =
    typeof options.expiresIn === 'number' ? `${options.expiresIn}s` : (options.expiresIn ?? '1d')
  const verifyOptions = {
    algorithms: [algorithm],
    issuer: options.issuer,
    audience: options.audience,
  }
  let jose: Promise<Jose> | undefined
  // jose is an optional peer dependency: loaded on first use (a literal import, so Workers bundlers include it).
  const load = (): Promise<Jose> => (jose ??= import('jose'))
  const scheme: JsonWebTokenScheme = {
    kind: 'jwt',
    security: {
      name: 'bearerAuth',
      scheme: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    },
    challenge: `${name} realm="api"`,
    headers: ['authorization'],
    async sign(id, claims = {}) {
      const { SignJWT } = await load()
      let token = new SignJWT(claims)
        .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
        .setSubject(String(id))
        .setIssuedAt()
        .setExpirationTime(expiresIn)
      if (options.issuer) token = token.setIssuer(options.issuer)
      if (options.audience) token = token.setAudience(options.audience)
      return token.sign(signKey)
    },
    async authenticate(context: RequestContext): Promise<Found | undefined> {
      const sent = authorization(context)
      if (!sent || !accepted.has(sent.scheme)) return undefined
      if (sent.credentials.length > maxLength)
        throw unauthorized(scheme, `token longer than ${maxLength} characters`)
      const { jwtVerify } = await load()
      let subject: string | undefined
      try {
        const { payload } = await jwtVerify(sent.credentials, verifyKey, verifyOptions)
        subject = payload.sub
      } catch {
        // expired, tampered, another algorithm or issuer, not a JWT at all: the same answer, naming nothing
        throw unauthorized(scheme, 'invalid or expired token')
      }
      if (typeof subject !== 'string' || !subject)
        throw unauthorized(scheme, 'token without a subject')
      return { id: subject }
    },
    start(_context, id) {
      return scheme.sign(id)
    },
  }
  return scheme
}
