/** src/plugins/rate-limit/keys.ts: long keys stored as hashes, and a per-endpoint limit as a before hook. */
import { describe, expect, it } from 'vitest'
import 'fw-api'
import { TooManyRequests } from '../../../src/exceptions'
import { ownMeta } from '../../../src/meta/class-meta'
import { endpointLimit, hashed, MAX_KEY_LENGTH } from '../../../src/plugins/rate-limit/keys'
import type { RequestContext } from '../../../src/request/context'

describe('hashed', () => {
  it('is a stable, URL-safe SHA-256 of the key, marked with #', async () => {
    const hash = await hashed('user:42')
    expect(hash).toMatch(/^#[A-Za-z0-9_-]{43}$/)
    expect(await hashed('user:42')).toBe(hash)
    expect(await hashed('user:43')).not.toBe(hash)
    expect(await hashed('')).toBe('#47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU')
  })

  it('keeps a hashed key well under the longest key stored as it is', async () => {
    expect((await hashed('k'.repeat(10_000))).length).toBeLessThan(MAX_KEY_LENGTH)
  })
})

describe('endpointLimit', () => {
  const checked: string[] = []
  const limit = endpointLimit(
    'login',
    (_request, params) => (typeof params.email === 'string' ? params.email : undefined),
    async (_context, key) => {
      checked.push(key)
    },
  )
  class Accounts {
    @limit
    login(): void {}
  }

  it('records a before hook on its method that raises 429s, named after the limit', () => {
    const hook = ownMeta(Accounts)[0]?.hooks[0]
    expect(hook).toMatchObject({ kind: 'before', methodName: 'rateLimit(login)', targets: ['login'], raises: [TooManyRequests] })
  })

  it('counts the key the params give, and nothing when they give none', async () => {
    const hook = ownMeta(Accounts)[0]?.hooks[0]
    const instance = { request: {} as RequestContext }
    await hook?.run?.call(instance, { email: 'a@b.c' })
    await hook?.run?.call(instance, {})
    expect(checked).toEqual(['a@b.c'])
  })
})
