/**
 * `auth.hashPassword` / `auth.verifyPassword` (in-process: parsing and
 * building): Django's `pbkdf2_sha256` format and vectors, OWASP's iteration
 * count, malformed and hostile hashes refused fast, weaker hashes flagged for
 * the upgrade at login.
 */
import { describe, expect, it } from 'vitest'
import { auth } from 'fw-api/auth'
import { constantTimeEqual } from '../../src/auth/password'

// Made the way Django's PBKDF2PasswordHasher makes them (python3):
//   base64.b64encode(hashlib.pbkdf2_hmac('sha256', password.encode(), salt.encode(), iterations)).decode()
const DJANGO_600K = 'pbkdf2_sha256$600000$seasalt$OAXyhAQ/4ZDA9V5RMExt3C1OwQdUpLZ99vm1McFlLRA=' // 'lètmein'
const DJANGO_1K = 'pbkdf2_sha256$1000$ZxO0a1n2b3c4d5e6f7g8h9$UN5aVor/DYopdJKHlb0xg5QP0sTYil4ApO9BHhcAJQQ=' // 'alice123'

describe('auth passwords', () => {
  it("verifies hashes Django made (non-ASCII password, 600 000 and 1 000 iterations)", async () => {
    expect(await auth.verifyPassword('lètmein', DJANGO_600K)).toBe(true)
    expect(await auth.verifyPassword('letmein', DJANGO_600K)).toBe(false)
    expect(await auth.verifyPassword('alice123', DJANGO_1K)).toBe(true)
    expect(await auth.verifyPassword('alice124', DJANGO_1K)).toBe(false)
  })

  it("hashes at OWASP's 600 000 iterations in Django's format, a fresh salt each time", async () => {
    expect(auth.PBKDF2_SHA256_ITERATIONS).toBe(600_000)
    const [first, second] = await Promise.all([auth.hashPassword('alice123'), auth.hashPassword('alice123')])
    expect(first).toMatch(/^pbkdf2_sha256\$600000\$[A-Za-z0-9]{22}\$[A-Za-z0-9+/]{43}=$/)
    expect(first).not.toBe(second)
    expect(await auth.verifyPassword('alice123', first as string)).toBe(true)
    expect(await auth.verifyPassword('alice12', first as string)).toBe(false)
  })

  it('flags hashes with fewer iterations (or another format) for the upgrade', async () => {
    const hasher = auth.Pbkdf2Hasher()
    expect(hasher.needsRehash(DJANGO_1K)).toBe(true)
    expect(hasher.needsRehash(DJANGO_600K)).toBe(false)
    expect(hasher.needsRehash('argon2$argon2id$v=19$m=102400,t=2,p=8$c2FsdA$aGFzaA')).toBe(true)
    expect(auth.Pbkdf2Hasher({ iterations: 1000 }).needsRehash(DJANGO_1K)).toBe(false)
  })

  it('refuses malformed and hostile hashes with false, fast (no 10^9-iteration row, no throw)', async () => {
    const started = performance.now()
    for (const hash of ['', 'plain', 'pbkdf2_sha256$', 'pbkdf2_sha256$abc$salt$AAAA', 'pbkdf2_sha256$0$salt$OAXyhAQ/4ZDA9V5RMExt3C1OwQdUpLZ99vm1McFlLRA=', 'pbkdf2_sha256$999999999$salt$OAXyhAQ/4ZDA9V5RMExt3C1OwQdUpLZ99vm1McFlLRA=', 'pbkdf2_sha256$1000$salt$%%%', 'md5$1$x$y', 'pbkdf2_sha256$1000$$UN5aVor/DYopdJKHlb0xg5QP0sTYil4ApO9BHhcAJQQ=']) {
      expect(await auth.verifyPassword('alice123', hash), hash).toBe(false)
    }
    expect(await auth.verifyPassword('x'.repeat(5000), DJANGO_1K)).toBe(false)
    expect(performance.now() - started).toBeLessThan(5000)
    await expect(auth.hashPassword('x'.repeat(5000))).rejects.toThrow(/at most 4096/)
    await expect(auth.hashPassword('x'.repeat(5000))).rejects.toMatchObject({ status: 400 }) // a 400 the endpoint answers, not a RangeError's 500
    expect(() => auth.Pbkdf2Hasher({ iterations: 0 })).toThrow(RangeError)
  })

  it('the hash comparison: equal bytes only, a prefix or another length is unequal (every byte compared, no early exit)', () => {
    const bytes = (...values: number[]) => Uint8Array.from(values)
    expect(constantTimeEqual(bytes(1, 2, 3), bytes(1, 2, 3))).toBe(true)
    expect(constantTimeEqual(bytes(1, 2, 3), bytes(1, 2, 4))).toBe(false)
    expect(constantTimeEqual(bytes(9, 2, 3), bytes(1, 2, 3))).toBe(false)
    expect(constantTimeEqual(bytes(1, 2), bytes(1, 2, 3))).toBe(false)
    expect(constantTimeEqual(bytes(1, 2, 3), bytes(1, 2))).toBe(false)
    expect(constantTimeEqual(bytes(), bytes())).toBe(true)
  })

  it('a pluggable hasher is used by hashPassword / verifyPassword', async () => {
    const reversed: auth.PasswordHasher = {
      hash: async (plain) => `rev$${[...plain].reverse().join('')}`,
      verify: async (plain, encoded) => encoded === `rev$${[...plain].reverse().join('')}`,
      needsRehash: () => false,
    }
    expect(await auth.hashPassword('abc', reversed)).toBe('rev$cba')
    expect(await auth.verifyPassword('abc', 'rev$cba', reversed)).toBe(true)
  })

  it('the iteration count is an option of hashPassword / verifyPassword', async () => {
    const hash = await auth.hashPassword('alice123', { iterations: 1000 })
    expect(hash).toMatch(/^pbkdf2_sha256\$1000\$/)
    expect(await auth.verifyPassword('alice123', hash, { iterations: 1000 })).toBe(true)
    expect(await auth.verifyPassword('alice12', hash, { iterations: 1000 })).toBe(false)
  })
})
