/** src/serve/runtime.ts: which runtime fw runs on, and an environment variable read on any of them. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { detectRuntime, envVar } from '../../src/serve/runtime'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})

describe('detectRuntime', () => {
  it('is node here, and tells Bun and Deno by their globals', () => {
    expect(detectRuntime()).toBe('node')
    vi.stubGlobal('Deno', { env: { get: () => undefined } })
    expect(detectRuntime()).toBe('deno')
    vi.stubGlobal('Bun', { serve: () => {} })
    expect(detectRuntime()).toBe('bun')
  })

  it('is unknown without any of them (a Worker without nodejs_compat)', () => {
    vi.stubGlobal('process', undefined)
    expect(detectRuntime()).toBe('unknown')
  })
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
