/** src/schema/resolve.ts: the one place fw tells schema libraries apart. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isStandardSchema, resolveAdapter } from '../../src/schema/resolve'

describe('isStandardSchema', () => {
  it('is true for a version 1 `~standard` with a validate function (valibot, zod)', () => {
    expect(isStandardSchema(v.string())).toBe(true)
    expect(isStandardSchema(z.string())).toBe(true)
    const handMade = { '~standard': { version: 1, vendor: 'mine', validate: () => ({ value: 1 }) } }
    expect(isStandardSchema(handMade)).toBe(true)
  })

  it('is false for anything else, hostile shapes included', () => {
    for (const value of [undefined, null, 1, 'string', {}, [], () => 1]) expect(isStandardSchema(value)).toBe(false)
    expect(isStandardSchema({ '~standard': { version: 2, validate: () => ({}) } })).toBe(false)
    expect(isStandardSchema({ '~standard': { version: 1, validate: 'no' } })).toBe(false)
    expect(isStandardSchema({ '~standard': null })).toBe(false)
  })
})

describe('resolveAdapter', () => {
  it('takes a valibot schema through valibot’s adapter, any other Standard Schema through the standard one', () => {
    expect(resolveAdapter(v.string())?.vendor).toBe('valibot')
    const zodAdapter = resolveAdapter(z.string())
    expect(zodAdapter).toBeDefined()
    expect(zodAdapter?.vendor).not.toBe('valibot')
  })

  it('owns nothing that is not a schema', () => {
    for (const value of [undefined, null, 'string', { type: 'string' }, String]) expect(resolveAdapter(value)).toBeUndefined()
  })
})
