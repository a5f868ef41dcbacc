/** src/adapters/backend.ts: one framework described as one object (`is`, `attach`, and optionally `create`, `run`, `mount`). */
import { describe, expect, it } from 'vitest'
import { backend } from '../../src/adapters/backend'

describe('backend', () => {
  it('keeps the description as it is, usable for any value', () => {
    const attached: unknown[] = []
    const spec = {
      name: 'toy',
      is: (value: unknown): value is { toy: true } => typeof value === 'object' && value !== null && 'toy' in value,
      attach: (app: { toy: true }, _fetch: unknown, route: string) => attached.push([app, route]),
    }
    const described = backend(spec)
    expect(described).toBe(spec)
    expect(described.is({ toy: true })).toBe(true)
    expect(described.is({})).toBe(false)
    described.attach({ toy: true }, () => new Response(), '/api', {})
    expect(attached).toEqual([[{ toy: true }, '/api']])
  })
})
