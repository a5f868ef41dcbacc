/**
 * src/schema/valibot/plan.ts: valibot schema objects → the seam's conversion plan, read once per
 * schema: each schema kind's plan, integers from the pipe, aliases, unions, recursion.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Field } from '../../../src/schema/field'
import { planValibot } from '../../../src/schema/valibot/plan'

describe('planValibot', () => {
  it('plans scalars by their type, an integer from its pipe (nested pipes too)', () => {
    expect(planValibot(v.string())).toEqual({ to: 'string' })
    expect(planValibot(v.number())).toEqual({ to: 'number', integer: false })
    expect(planValibot(v.pipe(v.number(), v.integer()))).toEqual({ to: 'number', integer: true })
    expect(planValibot(v.pipe(v.number(), v.safeInteger()))).toEqual({ to: 'number', integer: true })
    expect(planValibot(v.pipe(v.pipe(v.number(), v.integer()), v.minValue(1)))).toEqual({ to: 'number', integer: true })
    expect(planValibot(v.bigint())).toEqual({ to: 'bigint' })
    expect(planValibot(v.boolean())).toEqual({ to: 'boolean' })
    expect(planValibot(v.date())).toEqual({ to: 'date' })
  })

  it('plans options of picklists, enums and literals', () => {
    expect(planValibot(v.picklist(['a', 'b']))).toEqual({ to: 'option', options: ['a', 'b'] })
    expect(planValibot(v.literal(3))).toEqual({ to: 'option', options: [3] })
    enum Color {
      Red = 1,
    }
    expect(planValibot(v.enum(Color))).toEqual({ to: 'option', options: [1] })
  })

  it('plans wrappers as maybe, and containers from their items', () => {
    expect(planValibot(v.optional(v.number()))).toEqual({ to: 'maybe', inner: { to: 'number', integer: false } })
    expect(planValibot(v.nullish(v.string()))).toEqual({ to: 'maybe', inner: { to: 'string' } })
    expect(planValibot(v.array(v.boolean()))).toEqual({ to: 'array', item: { to: 'boolean' } })
    expect(planValibot(v.record(v.string(), v.number()))).toEqual({ to: 'record', value: { to: 'number', integer: false } })
    expect(planValibot(v.tupleWithRest([v.string()], v.number()))).toEqual({ to: 'tuple', items: [{ to: 'string' }], rest: { to: 'number', integer: false } })
    expect(planValibot(v.tuple([v.string()]))).toMatchObject({ to: 'tuple', rest: undefined })
  })

  it('strips unknown keys of v.object only; loose, strict and rest objects keep them for valibot to judge', () => {
    expect(planValibot(v.object({ a: v.string() }))).toMatchObject({ to: 'object', unknownKeys: 'strip' })
    expect(planValibot(v.looseObject({}))).toMatchObject({ unknownKeys: 'keep', rest: undefined })
    expect(planValibot(v.strictObject({}))).toMatchObject({ unknownKeys: 'keep' })
    expect(planValibot(v.objectWithRest({}, v.number()))).toMatchObject({ unknownKeys: 'keep', rest: { to: 'number', integer: false } })
  })

  it('reads each entry under its Field alias on the wire', () => {
    const plan = planValibot(v.object({ pageSize: Field(v.number(), { alias: 'page-size' }), q: v.string() }))
    expect(plan.to === 'object' && plan.entries.map(({ key, wire }) => [key, wire])).toEqual([
      ['pageSize', 'page-size'],
      ['q', 'q'],
    ])
  })

  it('plans each union option with whether a converted value fits it', () => {
    const plan = planValibot(v.union([v.number(), v.string()]))
    if (plan.to !== 'union') throw new Error(`planned ${plan.to}`)
    expect(plan.options.map((option) => option.plan)).toEqual([{ to: 'number', integer: false }, { to: 'string' }])
    expect(plan.options[0]?.fits(1)).toBe(true)
    expect(plan.options[0]?.fits('1')).toBe(false)
  })

  it('plans a recursive schema lazily, per value', () => {
    type Tree = { children: Tree[] }
    const Tree: v.GenericSchema<Tree> = v.object({ children: v.array(v.lazy(() => Tree)) })
    const plan = planValibot(Tree)
    const children = plan.to === 'object' ? plan.entries[0]?.plan : undefined
    const lazy = children?.to === 'array' ? children.item : undefined
    expect(lazy?.to).toBe('lazy')
    expect(lazy?.to === 'lazy' && lazy.resolve({})).toBe(plan)
  })

  it('plans a schema once (the same plan object), and `same` for what it does not convert', () => {
    const schema = v.array(v.number())
    expect(planValibot(schema)).toBe(planValibot(schema))
    expect(planValibot(v.any())).toEqual({ to: 'same' })
    expect(planValibot(v.unknown())).toEqual({ to: 'same' })
  })
})
