/**
 * The library's own messages (SPEC §3.6, turn 5): zod's and arktype's issues,
 * checked by the Standard Schema adapter, keep the library's message as it
 * gives it — custom messages included — and name the same items as valibot
 * for the same schema and value (one issue per item); only an absent value
 * reads fw's `required item missing`, in every library.
 */
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { CheckResult, StandardSchemaV1 } from '../../src/schema/adapter'
import { issuePath, standardAdapter } from '../../src/schema/standard/adapter'
import { valibotAdapter } from '../../src/schema/valibot/adapter'
import type { AnySchema } from '../../src/schema/types'

const viaStandard = async (schema: StandardSchemaV1, value: unknown): Promise<CheckResult> => await standardAdapter.check(schema)(value)
const viaValibot = async (schema: AnySchema, value: unknown): Promise<CheckResult> => await valibotAdapter.check(schema)(value)

/** The library's own first message per item, straight from `~standard.validate`. */
async function ownMessages(schema: StandardSchemaV1, value: unknown): Promise<string[]> {
  const result = await schema['~standard'].validate(value)
  const seen = new Set<string>()
  const messages: string[] = []
  for (const issue of result.issues ?? []) {
    const item = JSON.stringify(issuePath(issue.path))
    if (seen.has(item)) continue
    seen.add(item)
    messages.push(issue.message)
  }
  return messages
}

const paths = (result: CheckResult): unknown => (result.ok ? 'ok' : result.issues.map((issue) => issue.path))
const messages = (result: CheckResult): unknown => (result.ok ? 'ok' : result.issues.map((issue) => issue.message))

interface Row {
  what: string
  valibot: AnySchema
  zod: StandardSchemaV1
  arktype: StandardSchemaV1
  value: unknown
}

const rows: Row[] = [
  { what: 'a string where a number is declared', valibot: v.number(), zod: z.number(), arktype: type('number'), value: 'x' },
  { what: 'null where a number is declared', valibot: v.number(), zod: z.number(), arktype: type('number'), value: null },
  { what: 'an object where a string is declared', valibot: v.string(), zod: z.string(), arktype: type('string'), value: { a: 1 } },
  { what: 'a list where a boolean is declared', valibot: v.boolean(), zod: z.boolean(), arktype: type('boolean'), value: [true] },
  { what: 'a number where an object is declared', valibot: v.object({ a: v.string() }), zod: z.object({ a: z.string() }), arktype: type({ a: 'string' }), value: 3 },
  { what: 'text where a list is declared', valibot: v.array(v.string()), zod: z.array(z.string()), arktype: type('string[]'), value: 'a' },
  { what: 'a value outside two options', valibot: v.picklist(['en', 'zh']), zod: z.enum(['en', 'zh']), arktype: type("'en' | 'zh'"), value: 'fr' },
  { what: 'a value other than a literal', valibot: v.literal('a'), zod: z.literal('a'), arktype: type("'a'"), value: 'b' },
  { what: 'a value no union member takes', valibot: v.union([v.number(), v.boolean()]), zod: z.union([z.number(), z.boolean()]), arktype: type('number | boolean'), value: 'x' },
  { what: 'a wrong type for a nullable number', valibot: v.nullable(v.number()), zod: z.number().nullable(), arktype: type('number | null'), value: 'x' },
  { what: 'a minimum', valibot: v.pipe(v.number(), v.minValue(1)), zod: z.number().min(1), arktype: type('number >= 1'), value: 0 },
  { what: 'a maximum', valibot: v.pipe(v.number(), v.maxValue(5)), zod: z.number().max(5), arktype: type('number <= 5'), value: 6 },
  { what: 'an exclusive minimum', valibot: v.pipe(v.number(), v.gtValue(1)), zod: z.number().gt(1), arktype: type('number > 1'), value: 1 },
  { what: 'an exclusive maximum', valibot: v.pipe(v.number(), v.ltValue(1)), zod: z.number().lt(1), arktype: type('number < 1'), value: 1 },
  { what: 'an integer', valibot: v.pipe(v.number(), v.integer()), zod: z.number().int(), arktype: type('number.integer'), value: 1.5 },
  { what: 'a multiple', valibot: v.pipe(v.number(), v.multipleOf(2)), zod: z.number().multipleOf(2), arktype: type('number % 2'), value: 3 },
  { what: 'an exact length', valibot: v.pipe(v.string(), v.length(12)), zod: z.string().length(12), arktype: type('string == 12'), value: 'short' },
  { what: 'a minimum length', valibot: v.pipe(v.string(), v.minLength(1)), zod: z.string().min(1), arktype: type('string >= 1'), value: '' },
  { what: 'a maximum length', valibot: v.pipe(v.string(), v.maxLength(3)), zod: z.string().max(3), arktype: type('string <= 3'), value: 'abcd' },
  { what: 'a maximum item count', valibot: v.pipe(v.array(v.string()), v.maxLength(3)), zod: z.array(z.string()).max(3), arktype: type('string[] <= 3'), value: ['1', '2', '3', '4'] },
  { what: 'a minimum item count', valibot: v.pipe(v.array(v.string()), v.minLength(2)), zod: z.array(z.string()).min(2), arktype: type('string[] >= 2'), value: ['1'] },
  { what: 'a pattern', valibot: v.pipe(v.string(), v.regex(/^[a-z]+$/)), zod: z.string().regex(/^[a-z]+$/), arktype: type('/^[a-z]+$/'), value: 'ABC' },
  { what: 'an email', valibot: v.pipe(v.string(), v.email()), zod: z.email(), arktype: type('string.email'), value: 'x' },
  {
    what: 'nested items: an object in a list in an object',
    valibot: v.object({ list: v.array(v.object({ n: v.pipe(v.number(), v.minValue(0)) })) }),
    zod: z.object({ list: z.array(z.object({ n: z.number().min(0) })) }),
    arktype: type({ list: type({ n: 'number >= 0' }).array() }),
    value: { list: [{ n: 1 }, { n: -1 }, { n: 'x' }] },
  },
  {
    what: 'a record value',
    valibot: v.record(v.string(), v.number()),
    zod: z.record(z.string(), z.number()),
    arktype: type('Record<string, number>'),
    value: { a: 1, b: 'x' },
  },
  { what: 'a missing key', valibot: v.object({ a: v.string() }), zod: z.object({ a: z.string() }), arktype: type({ a: 'string' }), value: {} },
]

describe('zod and arktype refusals: valibot’s items, the library’s words', () => {
  it.each(rows.filter((row) => row.what !== 'a missing key'))('$what', async ({ valibot, zod, arktype, value }) => {
    const expected = await viaValibot(valibot, value)
    expect(expected.ok).toBe(false)
    for (const [library, schema] of [['zod', zod], ['arktype', arktype]] as const) {
      const result = await viaStandard(schema, value)
      expect(paths(result), library).toEqual(paths(expected))
      expect(messages(result), library).toEqual(await ownMessages(schema, value))
    }
  })

  it('an absent value reads `required item missing` in every library', async () => {
    const missing = { ok: false, issues: [{ message: 'required item missing', path: ['a'] }] }
    expect(await viaValibot(v.object({ a: v.string() }), {})).toEqual(missing)
    expect(await viaStandard(z.object({ a: z.string() }), {})).toEqual(missing)
    expect(await viaStandard(type({ a: 'string' }), {})).toEqual(missing)
  })
})

describe('custom messages reach the issue unchanged (Issue 54 #2)', () => {
  it('zod’s message argument on a length and a format', async () => {
    expect(await viaStandard(z.string().min(1, { message: "can't be blank" }), '')).toEqual({ ok: false, issues: [{ message: "can't be blank", path: [] }] })
    expect(await viaStandard(z.string().email({ message: 'is invalid' }), 'x')).toEqual({ ok: false, issues: [{ message: 'is invalid', path: [] }] })
    expect(await viaStandard(z.object({ name: z.string().min(1, "can't be blank") }), { name: '' })).toEqual({ ok: false, issues: [{ message: "can't be blank", path: ['name'] }] })
  })

  it('arktype’s configured message and its `.describe()`', async () => {
    expect(await viaStandard(type('string >= 1').configure({ message: "can't be blank" }), '')).toEqual({ ok: false, issues: [{ message: "can't be blank", path: [] }] })
    expect(await viaStandard(type('string.email').describe('a valid email'), 'x')).toEqual({ ok: false, issues: [{ message: 'must be a valid email (was "x")', path: [] }] })
  })

  it('valibot’s message argument', async () => {
    expect(await viaValibot(v.pipe(v.string(), v.minLength(1, "can't be blank")), '')).toEqual({ ok: false, issues: [{ message: "can't be blank", path: [] }] })
  })
})

describe('what the library says', () => {
  it('keeps the library’s own message for a refinement', async () => {
    expect(await viaStandard(z.string().refine((text) => text !== 'taken', 'name taken'), 'taken')).toEqual({ ok: false, issues: [{ message: 'name taken', path: [] }] })
    expect(await viaStandard(type('string').narrow((text) => text !== 'taken'), 'taken')).toMatchObject({ ok: false, issues: [{ path: [] }] })
  })

  it('keeps the message of a schema without JSON Schema', async () => {
    const plain: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'plain', validate: () => ({ issues: [{ message: 'nope', path: [] }] }) } }
    expect(await viaStandard(plain, 'x')).toEqual({ ok: false, issues: [{ message: 'nope', path: [] }] })
  })

  it('keeps a refinement’s words on a value that has the declared format', async () => {
    const notOurs = z.email().refine((address) => !address.endsWith('@example.com'), 'not that domain')
    expect(await viaStandard(notOurs, 'a@example.com')).toEqual({ ok: false, issues: [{ message: 'not that domain', path: [] }] })
    const bounded = z.string().min(1).refine((text) => text !== 'x', 'not x')
    expect(await viaStandard(bounded, 'x')).toEqual({ ok: false, issues: [{ message: 'not x', path: [] }] })
  })
})

describe('one issue per item', () => {
  it('lists a second issue of a library on the same item once, with its first message', async () => {
    const schema = z.string().min(3).regex(/^[a-z]+$/)
    const result = await viaStandard(schema, 'A')
    expect(paths(result)).toEqual(paths(await viaValibot(v.pipe(v.string(), v.minLength(3), v.regex(/^[a-z]+$/)), 'A')))
    expect(messages(result)).toEqual((await ownMessages(schema, 'A')).slice(0, 1))
  })

  it('checks a recursive schema without looping', async () => {
    type Tree = { name: string; children: Tree[] }
    const Tree: z.ZodType<Tree> = z.object({ name: z.string(), children: z.lazy(() => z.array(Tree)) })
    const value = { name: 'a', children: [{ name: 'b', children: [{ name: 7, children: [] }] }] }
    const started = performance.now()
    const result = await viaStandard(Tree, value)
    expect(result).toEqual({ ok: false, issues: [{ message: (await ownMessages(Tree, value))[0], path: ['children', 0, 'children', 0, 'name'] }] })
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
