/**
 * Password hashing on every runtime: PBKDF2-HMAC-SHA256 through Web Crypto,
 * in Django's `pbkdf2_sha256$<iterations>$<salt>$<base64 hash>` format, so a
 * UtilMeta or Django user table logs in unchanged (docs/auth.md, "Passwords").
 */
import { BadRequest } from '../exceptions'
import { observed } from '../request/telemetry'

/**
 * A password hasher: what `auth.User({ hasher })`, `auth.hashPassword` and
 * `auth.verifyPassword` use. Plug in a stronger one (argon2id) where the
 * runtime has it.
 *
 * @example
 * const hasher: auth.PasswordHasher = auth.Pbkdf2Hasher({ iterations: 100_000 })   // the Workers maximum
 */
export interface PasswordHasher {
  /** the hash of `plain`, with its parameters (`pbkdf2_sha256$600000$<salt>$<hash>`) */
  hash(plain: string): Promise<string>
  /** does `plain` match `encoded`? false for a malformed or foreign hash (never throws for bad input) */
  verify(plain: string, encoded: string): Promise<boolean>
  /** is `encoded` weaker than what `hash` makes now (fewer iterations, another algorithm)? Re-hashed at login. */
  needsRehash(encoded: string): boolean
}

/**
 * OWASP's Password Storage Cheat Sheet count for PBKDF2-HMAC-SHA256 (the default hasher's).
 *
 * @example
 * auth.Pbkdf2Hasher({ iterations: auth.PBKDF2_SHA256_ITERATIONS })
 */
export const PBKDF2_SHA256_ITERATIONS = 600_000
/** A stored hash asking for more than this is refused (a row cannot make a login burn a core for minutes). */
const MAX_ITERATIONS = 10_000_000
/** Longer passwords are refused before hashing (Django's limit too): hashing cost stays bounded; `hash` answers 400, `verify` false. */
export const MAX_PASSWORD_LENGTH = 4096
const ALGORITHM = 'pbkdf2_sha256'
const SALT_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const encoder = new TextEncoder()

/**
 * Options of `auth.Pbkdf2Hasher`.
 *
 * @example
 * auth.Pbkdf2Hasher({ iterations: 100_000 } satisfies auth.Pbkdf2Options)
 */
export interface Pbkdf2Options {
  /** PBKDF2 rounds (default 600 000, OWASP's count; Cloudflare Workers cap Web Crypto at 100 000) */
  iterations?: number
}

/** A 22-character alphanumeric salt (Django's length: ~131 bits), drawn without modulo bias. */
function randomSalt(): string {
  let salt = ''
  while (salt.length < 22) {
    for (const byte of crypto.getRandomValues(new Uint8Array(32))) {
      if (byte < 248 && salt.length < 22) salt += SALT_CHARS[byte % 62]
    }
  }
  return salt
}

function toBase64(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) text += String.fromCharCode(byte)
  return btoa(text)
}

function fromBase64(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
  } catch {
    return undefined
  }
}

/** Equal bytes, in time that depends only on the length. */
export function constantTimeEqual(left: Uint8Array, right: Uint8Array): boolean {
  let difference = left.length ^ right.length
  for (let index = 0; index < left.length; index++)
    difference |= (left[index] ?? 0) ^ (right[index] ?? 0)
  return difference === 0
}

async function derive(
  plain: string,
  salt: string,
  iterations: number,
  bytes: number,
): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(plain), 'PBKDF2', false, [
    'deriveBits',
  ])
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: encoder.encode(salt), iterations },
    key,
    bytes * 8,
  )
  return new Uint8Array(bits)
}

interface Parsed {
  iterations: number
  salt: string
  hash: Uint8Array
}

function parse(encoded: string): Parsed | undefined {
  const parts = encoded.split('$')
  if (parts.length !== 4 || parts[0] !== ALGORITHM) return undefined
  const [, rounds = '', salt = '', hashText = ''] = parts
  const iterations = /^[1-9]\d{0,8}$/.test(rounds) ? Number(rounds) : 0
  const hash = fromBase64(hashText)
  if (
    !iterations ||
    iterations > MAX_ITERATIONS ||
    !salt ||
    salt.length > 256 ||
    !hash ||
    hash.length < 16 ||
    hash.length > 64
  )
    return undefined
  return { iterations, salt, hash }
}

/**
 * The default hasher: PBKDF2-HMAC-SHA256 (Web Crypto), Django's format,
 * constant-time comparison.
 *
 * @example
 * const hasher = auth.Pbkdf2Hasher({ iterations: 100_000 })
 * const stored = await hasher.hash('alice123')   // 'pbkdf2_sha256$100000$…$…'
 */
export function Pbkdf2Hasher(options: Pbkdf2Options = {}): PasswordHasher {
  const iterations = options.iterations ?? PBKDF2_SHA256_ITERATIONS
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) {
    throw new RangeError(
      `auth.Pbkdf2Hasher: iterations must be an integer from 1 to ${MAX_ITERATIONS} (got ${String(iterations)})`,
    )
  }
  return {
    async hash(plain) {
      // a 400 the endpoint answers as is (a signup body's password of any length is never a 500)
      if (typeof plain !== 'string' || plain.length > MAX_PASSWORD_LENGTH)
        throw new BadRequest(`a password is a string of at most ${MAX_PASSWORD_LENGTH} characters`)
      const salt = randomSalt()
      return `${ALGORITHM}$${iterations}$${salt}$${toBase64(await derive(plain, salt, iterations, 32))}`
    },
    async verify(plain, encoded) {
      const parsed = typeof encoded === 'string' ? parse(encoded) : undefined
      if (!parsed || typeof plain !== 'string' || plain.length > MAX_PASSWORD_LENGTH) return false
      return constantTimeEqual(
        await derive(plain, parsed.salt, parsed.iterations, parsed.hash.length),
        parsed.hash,
      )
    },
    needsRehash(encoded) {
      const parsed = parse(encoded)
      return !parsed || parsed.iterations < iterations
    },
  }
}

/** The hasher `hashPassword` / `verifyPassword` use without one (600 000 iterations). */
export const defaultHasher: PasswordHasher = Pbkdf2Hasher()

/**
 * Hash a password for storing (`pbkdf2_sha256$600000$<salt>$<hash>`), with
 * the default hasher, a hasher, or PBKDF2 at `{ iterations }`. A password
 * longer than 4096 characters is a 400 (`exceptions.BadRequest`).
 *
 * @example
 * await db.insert(users).values({ username: 'alice', password: await auth.hashPassword('alice123') })
 * await auth.hashPassword('alice123', { iterations: 100_000 })   // Workers' maximum
 */
export function hashPassword(
  plain: string,
  hasher: PasswordHasher | Pbkdf2Options = defaultHasher,
): Promise<string> {
  return observed('fw.auth.hash_password', () => hasherOf(hasher).hash(plain))
}

/** A hasher, or the PBKDF2 hasher of these options (one per iteration count, made once). */
const byIterations = new Map<number, PasswordHasher>()
function hasherOf(given: PasswordHasher | Pbkdf2Options): PasswordHasher {
  if ('hash' in given && typeof given.hash === 'function') return given
  const iterations = (given as Pbkdf2Options).iterations ?? PBKDF2_SHA256_ITERATIONS
  let made = byIterations.get(iterations)
  if (!made) byIterations.set(iterations, (made = Pbkdf2Hasher({ iterations })))
  return made
}

/**
 * Does `plain` match the stored `encoded` hash? Constant-time; false (never a
 * throw) for a malformed hash.
 *
 * @example
 * await auth.verifyPassword('alice123', row.password)   // true
 */
export function verifyPassword(
  plain: string,
  encoded: string,
  hasher: PasswordHasher | Pbkdf2Options = defaultHasher,
): Promise<boolean> {
  return hasherOf(hasher).verify(plain, encoded)
}
