/** src/utils/runtime.ts: which runtime fw runs on (Node, Bun, Deno, workerd) from its globals. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { detectRuntime, onWorkers } from '../../src/utils/runtime'

afterEach(() => {
  vi.unstubAllGlobals()
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

describe('onWorkers', () => {
  it('is false on Node, true under workerd’s user agent only', () => {
    expect(onWorkers()).toBe(false)
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' })
    expect(onWorkers()).toBe(true)
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 Cloudflare-Workers' })
    expect(onWorkers()).toBe(false)
  })
})
