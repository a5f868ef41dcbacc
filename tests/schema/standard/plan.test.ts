/**
 * Unknown keys of a Standard Schema object that the library drops anyway (zod's `z.object`, arktype's
 * `'+': 'delete'`) are dropped by fw's conversion instead of copied for the library to drop: planned once
 * from the input and output JSON Schemas (src/schema/standard/plan.ts, `stripsUnknownKeys`). Every other
 * object (loose, strict, catch-all, arktype's default, a transform) keeps them. The answers are the same
 * either way: checked here against the plan that keeps every key, on generated values.
 */
import { type } from 'arktype'
import fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { ConversionPlan, StandardSchemaV1 } from '../../../src/schema/adapter'
import { compileConversion } from '../../../src/schema/convert'
import { standardAdapter } from '../../../src/schema/standard/adapter'
import { planOfJsonSchema } from '../../../src/schema/standard/plan'

const unknownKeysOf = (plan: ConversionPlan): string | undefined =>
  plan.to === 'object' ? plan.unknownKeys : plan.to === 'maybe' ? unknownKeysOf(plan.inner) : undefined

const page = z.number().int().min(1)
const dropping: Record<string, StandardSchemaV1> = {
  'z.object': z.object({ page, name: z.string().optional() }),
  'z.object, nullable': z.object({ page }).nullable(),
  "arktype '+': 'delete'": type({ page: 'number.integer >= 1', '+': 'delete' }),
}
const keeping: Record<string, StandardSchemaV1> = {
  'z.looseObject': z.looseObject({ page }),
  'z.strictObject': z.strictObject({ page }),
  'z.object().catchall()': z.object({ page }).catchall(z.number()),
  'z.object().transform()': z.object({ page }).transform((value) => ({ ...value, seen: true })),
  'arktype (keeps unknown keys)': type({ page: 'number.integer >= 1' }),
  "arktype '+': 'reject'": type({ page: 'number.integer >= 1', '+': 'reject' }),
}

describe('unknown keys the library drops are dropped while converting', () => {
  it('plans `strip` for the top object of z.object and arktype delete, under nullable too', () => {
    for (const [name, schema] of Object.entries(dropping)) expect([name, unknownKeysOf(standardAdapter.plan(schema))]).toEqual([name, 'strip'])
  })

  it('keeps them for loose, strict, catch-all and transformed objects, and arktype objects that keep or refuse them', () => {
    for (const [name, schema] of Object.entries(keeping)) expect([name, unknownKeysOf(standardAdapter.plan(schema))]).toEqual([name, 'keep'])
  })

  it('keeps them in nested objects (only the top object is planned from both sides)', () => {
    const plan = standardAdapter.plan(z.object({ inner: z.object({ page }) }))
    if (plan.to !== 'object') throw new Error(`an object, not ${plan.to}`)
    expect(unknownKeysOf(plan.entries[0]?.plan as ConversionPlan)).toBe('keep')
  })

  it('answers exactly as the plan that keeps every key: the same output, the same issues', async () => {
    const wire = fc.oneof(fc.string(), fc.integer().map(String), fc.integer(), fc.boolean(), fc.constant(null))
    const extraKey = fc.string({ minLength: 1, maxLength: 8 }).filter((key) => key !== 'page' && key !== 'name' && key !== '__proto__')
    const input = fc.record({ page: fc.option(wire, { nil: undefined }), extras: fc.dictionary(extraKey, wire, { maxKeys: 4 }) })
    for (const schema of [...Object.values(dropping), ...Object.values(keeping)]) {
      const plan = standardAdapter.plan(schema)
      const planned = compileConversion(plan)
      const keepAll = compileConversion(plan.to === 'object' ? { ...plan, unknownKeys: 'keep' } : plan.to === 'maybe' && plan.inner.to === 'object' ? { to: 'maybe', inner: { ...plan.inner, unknownKeys: 'keep' } } : plan)
      const check = standardAdapter.check(schema)
      const answer = async (convert: (value: unknown) => unknown, value: unknown) => {
        try {
          return await check(convert(value))
        } catch (error) {
          return { threw: error instanceof Error ? error.message : String(error) }
        }
      }
      await fc.assert(
        fc.asyncProperty(input, async ({ page: sent, extras }) => {
          const value: Record<string, unknown> = { ...extras }
          if (sent !== undefined) value.page = sent
          expect(await answer(planned, value)).toEqual(await answer(keepAll, value))
        }),
        { numRuns: 150 },
      )
    }
  })
})

describe("a union option's fit (planOfJsonSchema)", () => {
  it('checks the type each option declares, shallowly: integer, null, array, object, and the typeof ones', () => {
    const plan = planOfJsonSchema({
      anyOf: [
        { type: 'integer' },
        { type: 'null' },
        { type: 'array' },
        { type: 'object' },
        { type: 'string' },
        { type: 'boolean' },
        { type: 'number' },
        { type: 'toString' }, // no JSON Schema type: `typeof` is never it
        {},
        { enum: ['a', 1] },
        { const: 'c' },
      ],
    })
    if (plan.to !== 'union') throw new Error(`a union, not ${plan.to}`)
    const fits = (index: number, value: unknown): boolean | undefined => plan.options[index]?.fits(value)
    expect([fits(0, 1), fits(0, 1.5), fits(0, '1')]).toEqual([true, false, false])
    expect([fits(1, null), fits(1, undefined), fits(1, 0)]).toEqual([true, false, false])
    expect([fits(2, []), fits(2, {}), fits(2, null)]).toEqual([true, false, false])
    expect([fits(3, {}), fits(3, []), fits(3, null)]).toEqual([true, false, false])
    expect([fits(4, 's'), fits(4, 1)]).toEqual([true, false])
    expect([fits(5, false), fits(5, 'false')]).toEqual([true, false])
    expect([fits(6, 1.5), fits(6, '1')]).toEqual([true, false])
    expect([fits(7, 'x'), fits(7, {}), fits(7, () => 1)]).toEqual([false, false, false])
    expect([fits(8, 'anything'), fits(8, null)]).toEqual([true, true])
    expect([fits(9, 'a'), fits(9, 1), fits(9, 'b')]).toEqual([true, true, false])
    expect([fits(10, 'c'), fits(10, 'd')]).toEqual([true, false])
  })
})

describe("a Standard object entry's schema: a view of its JSON Schema node, made once describing is registered", () => {
  it('is undefined before standard/describe.ts (fw-api/openapi, the ORM) registers the maker, a view after', async () => {
    vi.resetModules()
    const { standardAdapter: fresh } = await import('../../../src/schema/standard/adapter')
    const { z: freshZ } = await import('zod')
    const object = freshZ.object({ page: freshZ.number().int().optional(), q: freshZ.string() })
    const entriesOf = (plan: ConversionPlan) => (plan.to === 'object' ? plan.entries : [])
    expect(entriesOf(fresh.plan(object)).map((entry) => entry.schema)).toEqual([undefined, undefined])
    await import('../../../src/schema/standard/describe')
    const [page, q] = entriesOf(fresh.plan(object))
    expect(fresh.presence(page?.schema as StandardSchemaV1)).toMatchObject({ optional: true })
    expect(fresh.presence(q?.schema as StandardSchemaV1)).toMatchObject({ optional: false })
  })
})
