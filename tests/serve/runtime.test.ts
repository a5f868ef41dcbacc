/** src/serve/runtime.ts: an environment variable read on any runtime (which runtime: tests/utils/runtime.test.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { envVar } from '../../src/serve/runtime'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

describe('envVar', () => {
  it('reads process.env, then Deno.env', () => {
    vi.stubEnv('FW_MIRROR_TEST', 'from-node')
    expect(envVar('FW_MIRROR_TEST')).toBe('from-node')
    vi.stubGlobal('Deno', { env: { get: (name: string) => (name === 'ONLY_DENO' ? 'from-deno' : undefined) } })
    expect(envVar('ONLY_DENO')).toBe('from-deno')
  })

  it('reads nothing where the environment may not be read (Deno without --allow-env)', () => {
    vi.stubGlobal('process', undefined)
    vi.stubGlobal('Deno', {
      env: {
        get() {
          throw new Error('PermissionDenied')
        },
      },
    })
    expect(envVar('ANY')).toBeUndefined()
  })
})
