/**
 * src/schema/check.ts: a schema's convert-then-check through its adapter — the output, or an
 * `Invalid` naming every failing item; a promise of either for an async check.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { SchemaAdapter } from '../../src/schema/adapter'
import { compileAdapterChecker, compileSchemaChecker } from '../../src/schema/check'
import { ConversionError } from '../../src/schema/errors'
import { Invalid } from '../../src/schema/parse'
import { standardAdapter } from '../../src/schema/standard/adapter'

const standard = standardAdapter as SchemaAdapter

describe('compileAdapterChecker', () => {
  it('converts the wire value as the schema asks, then checks it', () => {
    const check = compileAdapterChecker(standard, z.number().int())
    expect(check('1')).toBe(1)
    expect(check(2)).toBe(2)
  })

  it('answers a failed check with an Invalid listing every issue, the first as its reason', () => {
    const check = compileAdapterChecker(standard, z.object({ a: z.number().min(5), b: z.string().min(2) }))
    const failed = check({ a: '1', b: 'x' })
    expect(failed).toBeInstanceOf(Invalid)
    const invalid = failed as Invalid
    expect(invalid.path).toEqual(['a'])
    expect(invalid.all.map((failure) => failure.path)).toEqual([['a'], ['b']])
    expect(invalid.reason).toBe(invalid.all[0]?.reason)
  })

  it('throws a ConversionError for a value that cannot be converted (before the library sees it)', () => {
    const check = compileAdapterChecker(standard, z.number())
    expect(() => check('ten')).toThrow(ConversionError)
  })

  it('answers with a promise when the library checks asynchronously', async () => {
    const check = compileAdapterChecker(standard, z.string().refine(async (text) => text.length > 2))
    const passed = check('abc')
    expect(passed).toBeInstanceOf(Promise)
    await expect(passed).resolves.toBe('abc')
    await expect(check('ab')).resolves.toBeInstanceOf(Invalid)
  })

  it('says "invalid value" when a library fails with no issue at all', () => {
    const failsSilently: SchemaAdapter<unknown> = {
      ...standard,
      plan: () => ({ to: 'same' }),
      check: () => () => ({ ok: false, issues: [] }),
    }
    const failed = compileAdapterChecker(failsSilently, {})('x') as Invalid
    expect(failed.reason).toBe('invalid value')
    expect(failed.path).toEqual([])
  })
})

describe('compileSchemaChecker', () => {
  it('checks a schema of any library through one checker', () => {
    expect(compileSchemaChecker(v.pipe(v.number(), v.minValue(1)))('3')).toBe(3)
    expect(compileSchemaChecker(v.pipe(v.number(), v.minValue(1)))('0')).toBeInstanceOf(Invalid)
    expect(compileSchemaChecker(z.boolean())('yes')).toBe(true)
  })
})
