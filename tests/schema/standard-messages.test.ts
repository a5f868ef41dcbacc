/**
 * One message text for the same refusal in every library (SPEC §3.6, §4;
 * src/schema/standard/messages.ts): zod's and arktype's issues, checked by the
 * Standard Schema adapter, read exactly as fw words valibot's for the same
 * schema and value; what the JSON Schema cannot explain keeps the library's
 * words; one issue per item.
 */
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { CheckResult, StandardSchemaV1 } from '../../src/schema/adapter'
import { standardAdapter } from '../../src/schema/standard/adapter'
import { issueMessage, patternsOf, received } from '../../src/schema/standard/messages'
import { valibotAdapter } from '../../src/schema/valibot/adapter'
import type { AnySchema } from '../../src/schema/types'

const viaStandard = async (schema: StandardSchemaV1, value: unknown): Promise<CheckResult> => await standardAdapter.check(schema)(value)
const viaValibot = async (schema: AnySchema, value: unknown): Promise<CheckResult> => await valibotAdapter.check(schema)(value)

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

describe('zod and arktype refusals read as valibot’s', () => {
  it.each(rows)('$what', async ({ valibot, zod, arktype, value }) => {
    const expected = await viaValibot(valibot, value)
    expect(expected.ok).toBe(false)
    expect(await viaStandard(zod, value), 'zod').toEqual(expected)
    expect(await viaStandard(arktype, value), 'arktype').toEqual(expected)
  })
})

describe('what fw cannot explain from the JSON Schema', () => {
  it('keeps the library’s own message for a refinement', async () => {
    expect(await viaStandard(z.string().refine((text) => text !== 'taken', 'name taken'), 'taken')).toEqual({ ok: false, issues: [{ message: 'name taken', path: [] }] })
    expect(await viaStandard(type('string').narrow((text) => text !== 'taken'), 'taken')).toMatchObject({ ok: false, issues: [{ path: [] }] })
  })

  it('keeps the message of a schema without JSON Schema', async () => {
    const plain: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'plain', validate: () => ({ issues: [{ message: 'nope', path: [] }] }) } }
    expect(await viaStandard(plain, 'x')).toEqual({ ok: false, issues: [{ message: 'nope', path: [] }] })
  })

  it('keeps the library’s message where the path leads nowhere in the JSON Schema', () => {
    expect(issueMessage({ type: 'object', properties: {} }, ['a', 'b'], 1, 'library words')).toBe('library words')
    expect(issueMessage({}, [], 1, 'library words')).toBe('library words')
  })
})

describe('one issue per item', () => {
  it('lists a second issue of a library on the same item once', async () => {
    const schema = z.string().min(3).regex(/^[a-z]+$/)
    expect(await viaStandard(schema, 'A')).toEqual(await viaValibot(v.pipe(v.string(), v.minLength(3), v.regex(/^[a-z]+$/)), 'A'))
  })
})

describe('received', () => {
  it('names values as valibot does', () => {
    expect([received('x'), received(1), received(true), received(10n), received(null), received(undefined), received({}), received([]), received(new Date(0))]).toEqual(['"x"', '1', 'true', '10', 'null', 'undefined', 'Object', 'Array', 'Date'])
    expect(received(Object.create(null))).toBe('null')
  })
})

describe('a rule fw words only when the value breaks it', () => {
  it('keeps a refinement’s words on a value that has the declared format', async () => {
    const notOurs = z.email().refine((address) => !address.endsWith('@example.com'), 'not that domain')
    expect(await viaStandard(notOurs, 'a@example.com')).toEqual({ ok: false, issues: [{ message: 'not that domain', path: [] }] })
    const bounded = z.string().min(1).refine((text) => text !== 'x', 'not x')
    expect(await viaStandard(bounded, 'x')).toEqual({ ok: false, issues: [{ message: 'not x', path: [] }] })
  })
})

describe('patterns', () => {
  it('reads a pattern JavaScript refuses with Unicode semantics as written, and keeps the library words for one it cannot read', () => {
    const node = { type: 'string', pattern: '^\\-?[a-z]+$' }
    expect(issueMessage(node, [], 'ABC', 'library words')).toBe('Invalid format: Expected /^\\-?[a-z]+$/ but received "ABC"')
    expect(issueMessage(node, [], '-abc', 'library words')).toBe('library words')
    expect(issueMessage({ type: 'string', pattern: '(' }, [], 'x', 'library words')).toBe('library words')
  })

  it('compiles every pattern of a schema once, at build, and words a refusal from that table', () => {
    const root = {
      $defs: { Code: { type: 'string', pattern: '^[A-Z]{3}$' } },
      type: 'object',
      properties: { code: { $ref: '#/$defs/Code' }, tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } }, bad: { type: 'string', pattern: '(' } },
    }
    const patterns = patternsOf(root)
    expect([...patterns.keys()].sort()).toEqual(['(', '^[A-Z]{3}$', '^[a-z]+$'])
    expect(patterns.get('(')).toBeNull()
    expect(patterns.get('^[a-z]+$')?.flags).toBe('u')
    expect(issueMessage(root, ['tags', 1], 'X', 'library words', patterns)).toBe('Invalid format: Expected /^[a-z]+$/ but received "X"')
    expect(issueMessage(root, ['code'], 'abc', 'library words', patterns)).toBe('Invalid format: Expected /^[A-Z]{3}$/ but received "abc"')
    // the table is what is read: a pattern answered by another RegExp follows that one
    const swapped = new Map(patterns).set('^[a-z]+$', /^X$/)
    expect(issueMessage(root, ['tags', 1], 'X', 'library words', swapped)).toBe('library words')
  })

  it('words a recursive schema without looping', async () => {
    type Tree = { name: string; children: Tree[] }
    const Tree: z.ZodType<Tree> = z.object({ name: z.string(), children: z.lazy(() => z.array(Tree)) })
    const started = performance.now()
    const result = await viaStandard(Tree, { name: 'a', children: [{ name: 'b', children: [{ name: 7, children: [] }] }] })
    expect(result).toEqual({ ok: false, issues: [{ message: 'Invalid type: Expected string but received 7', path: ['children', 0, 'children', 0, 'name'] }] })
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})

describe('the JSON Schema a message is read from', () => {
  it('counts a string length in code points, as JSON Schema does, and only where a length is bounded', () => {
    expect(issueMessage({ type: 'string', maxLength: 3 }, [], '😀😀😀😀', 'library words')).toBe('Invalid length: Expected <=3 but received 4')
    expect(issueMessage({ type: 'string', minLength: 2, maxLength: 2 }, [], '😀', 'library words')).toBe('Invalid length: Expected 2 but received 1')
    expect(issueMessage({ type: 'string' }, [], '😀', 'library words')).toBe('library words')
  })

  it('reads a type list, a nullable union and a $ref alike', () => {
    const root = { $defs: { Age: { type: 'integer', minimum: 0 } }, type: 'object', properties: { age: { anyOf: [{ $ref: '#/$defs/Age' }, { type: 'null' }] }, id: { type: ['integer', 'string'] } } }
    expect(issueMessage(root, ['age'], -1, 'library words')).toBe('Invalid value: Expected >=0 but received -1')
    expect(issueMessage(root, ['age'], 'x', 'library words')).toBe('Invalid type: Expected number but received "x"')
    expect(issueMessage(root, ['id'], true, 'library words')).toBe('Invalid type: Expected (number | string) but received true')
    expect(issueMessage(root, ['id'], 1.5, 'library words')).toBe('Invalid integer: Received 1.5')
  })
})
