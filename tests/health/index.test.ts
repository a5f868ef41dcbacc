/** src/health/index.ts: importing `fw-api/health` registers the `health` option's layer with the core. */
import { describe, expect, it } from 'vitest'
import { healthLayer } from '../../src/service/host'

describe('fw-api/health', () => {
  it('registers the health layer when imported (the option is refused before)', async () => {
    expect(() => healthLayer()).toThrow(/needs its entry: add `import 'fw-api\/health'`/)
    await import('../../src/health/index')
    const layer = healthLayer()
    expect(typeof layer.healthMount).toBe('function')
    expect(layer.drainMs(true)).toBe(0)
    expect(layer.drainMs({ drain: '250ms' })).toBe(250)
  })
})
