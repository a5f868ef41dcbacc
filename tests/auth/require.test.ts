/** src/auth/require.ts: `auth.Require(config)` — a plugin answering 401 with the scheme's challenge before any param is parsed. */
import { describe, expect, it } from 'vitest'
import { Require } from '../../src/auth/require'
import type { UserConfig } from '../../src/auth/user'
import { Unauthorized } from '../../src/exceptions'
import type { RequestContext } from '../../src/request/context'

/** A user config as the plugin reads it: the current user and the scheme. */
const configFor = (user: unknown): UserConfig<unknown, unknown> =>
  ({
    current: async () => user,
    authentication: { challenge: 'Bearer realm="api"', headers: ['authorization'], security: { name: 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' } } },
  }) as unknown as UserConfig<unknown, unknown>

describe('Require', () => {
  it('lets a request with a user through', async () => {
    const plugin = Require(configFor({ id: 1 }))
    await expect(plugin.processRequest?.(new Request('http://h/'), {} as RequestContext)).resolves.toBeUndefined()
  })

  it('answers 401 with the challenge when there is no user', async () => {
    const plugin = Require(configFor(undefined))
    const error = await Promise.resolve(plugin.processRequest?.(new Request('http://h/'), {} as RequestContext)).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(Unauthorized)
    expect((error as Unauthorized).message).toBe('authentication required')
    expect((error as Unauthorized).headers['www-authenticate']).toBe('Bearer realm="api"')
  })

  it('guards mounts, reads the scheme’s headers and documents a required security scheme', () => {
    const plugin = Require(configFor(undefined)) as unknown as { guardsMounts: boolean; requestHeaders: string[]; security: Record<string, unknown> }
    expect(plugin.guardsMounts).toBe(true)
    expect(plugin.requestHeaders).toEqual(['authorization'])
    expect(plugin.security).toEqual({ name: 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' }, optional: false })
  })
})
