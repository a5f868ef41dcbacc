/**
 * The Standard Schema adapter (src/schema/standard/): conversion planned from
 * a library's input JSON Schema, validation by `~standard.validate`, issues in
 * fw's one shape, presence and JSON Schema, for zod, arktype, valibot through
 * `toStandardJsonSchema`, and a plain Standard Schema with no JSON Schema.
 */
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { StandardSchemaV1 } from '../../../src/schema/adapter'
import { describeWith } from '../../../src/schema/describers'
import { isStandard, standardAdapter } from '../../../src/schema/standard/adapter'
import '../../../src/schema/standard/describe' // describing is registered, as fw-api/openapi does

/** A Standard Schema with no JSON Schema: positive integers given as numbers only. */
const plain: StandardSchemaV1<number> = {
  '~standard': {
    version: 1,
    vendor: 'plain',
    validate: (value) => (typeof value === 'number' && value > 0 ? { value } : { issues: [{ message: 'must be positive', path: [] }] }),
  },
}

const check = async (schema: StandardSchemaV1, value: unknown) => await standardAdapter.check(schema)(value)

describe('isStandard', () => {
  it('knows zod, arktype (a function) and valibot as Standard Schemas, and nothing else', () => {
    expect(isStandard(z.string())).toBe(true)
    expect(isStandard(type('string'))).toBe(true)
    expect(isStandard(v.string())).toBe(true)
    expect(isStandard(plain)).toBe(true)
    for (const other of [null, undefined, 1, 'x', {}, { '~standard': {} }, { '~standard': { version: 2, validate: () => ({ value: 1 }) } }]) expect(isStandard(other)).toBe(false)
  })
})

describe('conversion plan from the input JSON Schema', () => {
  it('plans an int, a number, a boolean and a string alike for every library', () => {
    const int = { to: 'number', integer: true }
    expect(standardAdapter.plan(z.number().int())).toEqual(int)
    expect(standardAdapter.plan(type('number.integer >= 1'))).toEqual(int)
    expect(standardAdapter.plan(toStandardJsonSchema(v.pipe(v.number(), v.integer())))).toEqual(int)
    expect(standardAdapter.plan(z.number())).toEqual({ to: 'number', integer: false })
    expect(standardAdapter.plan(type('boolean'))).toEqual({ to: 'boolean' })
    expect(standardAdapter.plan(z.boolean())).toEqual({ to: 'boolean' })
    expect(standardAdapter.plan(z.string())).toEqual({ to: 'string' })
  })

  it('plans objects by property, arrays by item, enums as options, nullable as maybe', () => {
    const plan = standardAdapter.plan(z.looseObject({ a: z.number().int(), tags: z.array(z.number()), e: z.enum(['x', 'y']), n: z.number().nullable() }))
    expect(plan).toMatchObject({
      to: 'object',
      unknownKeys: 'keep',
      entries: [
        { key: 'a', wire: 'a', plan: { to: 'number', integer: true } },
        { key: 'tags', plan: { to: 'array', item: { to: 'number', integer: false } } },
        { key: 'e', plan: { to: 'option', options: ['x', 'y'] } },
        { key: 'n', plan: { to: 'maybe', inner: { to: 'number', integer: false } } },
      ],
    })
    expect(standardAdapter.plan(type({ n: 'number | null' }))).toMatchObject({ entries: [{ key: 'n', plan: { to: 'maybe', inner: { to: 'number' } } }] })
  })

  it('plans a union with a shallow type check per option', () => {
    const plan = standardAdapter.plan(z.union([z.number(), z.boolean()]))
    if (plan.to !== 'union') throw new Error(`a union, not ${plan.to}`)
    expect(plan.options.map((option) => option.plan.to)).toEqual(['number', 'boolean'])
    expect(plan.options[0]?.fits(1)).toBe(true)
    expect(plan.options[0]?.fits('1')).toBe(false)
  })

  it('plans a recursive schema without looping', () => {
    type Tree = { value: number; children: Tree[] }
    const Tree: z.ZodType<Tree> = z.object({ value: z.number().int(), children: z.array(z.lazy(() => Tree)) })
    const plan = standardAdapter.plan(Tree)
    expect(plan.to).toBe('object')
  })

  it('passes values unconverted for a schema without JSON Schema, and for what JSON Schema cannot say', () => {
    expect(standardAdapter.plan(plain)).toEqual({ to: 'same' })
    expect(standardAdapter.plan(z.date())).toEqual({ to: 'same' })
  })
})

describe('checks by ~standard.validate', () => {
  it('gives the library output (defaults, transforms) on success', async () => {
    expect(await check(z.object({ tags: z.array(z.string()).default([]) }), {})).toEqual({ ok: true, value: { tags: [] } })
    expect(await check(z.string().transform((text) => text.length), 'abc')).toEqual({ ok: true, value: 3 })
  })

  it('maps issues to one shape: message and item path, `required item missing` for absent values', async () => {
    const User = z.object({ name: z.string().min(1), age: z.number().int().min(0) })
    const result = await check(User, { name: '', age: -1 })
    // in zod's own words (SPEC §3.6: the library's message is kept)
    expect(result).toEqual({ ok: false, issues: [{ message: 'Too small: expected string to have >=1 characters', path: ['name'] }, { message: 'Too small: expected number to be >=0', path: ['age'] }] })
    expect(await check(User, { name: 'a' })).toEqual({ ok: false, issues: [{ message: 'required item missing', path: ['age'] }] })
    expect(await check(type({ q: 'string' }), {})).toEqual({ ok: false, issues: [{ message: 'required item missing', path: ['q'] }] })
  })

  it('awaits an async schema', async () => {
    const slow = z.string().refine(async (text) => text === 'ok', 'not ok')
    const pending = standardAdapter.check(slow)('no')
    expect(pending).toBeInstanceOf(Promise)
    expect(await pending).toEqual({ ok: false, issues: [{ message: 'not ok', path: [] }] })
    expect(await standardAdapter.check(slow)('ok')).toEqual({ ok: true, value: 'ok' })
  })

  it('lists at most 100 issues', async () => {
    const result = await check(z.array(z.number()), Array.from({ length: 500 }, () => 'x'))
    expect(result.ok === false && result.issues.length).toBe(100)
  })

  it('reads `{ key }` path segments', async () => {
    const segments: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'seg', validate: () => ({ issues: [{ message: 'bad', path: [{ key: 'a' }, 0] }] }) } }
    expect(await check(segments, { a: [1] })).toEqual({ ok: false, issues: [{ message: 'bad', path: ['a', 0] }] })
  })
})

describe('presence and JSON Schema', () => {
  it('reads optional, nullable and a default by asking the library once', () => {
    expect(standardAdapter.presence(z.number())).toEqual({ optional: false, nullable: false, hasDefault: false, default: undefined })
    expect(standardAdapter.presence(z.number().optional())).toMatchObject({ optional: true, hasDefault: false })
    expect(standardAdapter.presence(z.number().nullable())).toMatchObject({ optional: false, nullable: true })
    expect(standardAdapter.presence(z.number().default(1))).toEqual({ optional: true, nullable: false, hasDefault: true, default: 1 })
    expect(standardAdapter.presence(type('number | undefined'))).toMatchObject({ optional: true, hasDefault: false })
  })

  it('describes the input and the output side without the dialect', () => {
    const schema = z.string().transform((text) => text.length)
    expect(describeWith(standardAdapter, z.number().int().min(1), 'input')).toEqual({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER })
    expect(describeWith(standardAdapter, schema, 'input')).toEqual({ type: 'string' })
    expect(describeWith(standardAdapter, schema, 'output')).toEqual({})
    expect(describeWith(standardAdapter, plain, 'input')).toEqual({})
  })
})

describe('a schema whose own code throws on the value', () => {
  it('is the Invalid of that value with the thrown message: sync, async, a non-Error, an empty message', async () => {
    const { SchemaChecker, Invalid } = await import('../../../src/schema/parse')
    const reason = async (schema: unknown, value: unknown): Promise<unknown> => {
      const result = await new SchemaChecker(schema as never).check(value)
      return result instanceof Invalid ? [result.reason, result.path] : result
    }
    expect(await reason(z.string().transform((text) => JSON.parse(text) as unknown), '{"a":1}')).toEqual({ a: 1 })
    expect(await reason(z.string().transform(async (): Promise<string> => { throw new Error('not today') }), 'x')).toEqual(['not today', []])
    expect(await reason(type('string').pipe((): string => { throw 'plain text' }), 'x')).toEqual(['plain text', []])
    expect(await reason(type('string').pipe((): string => { throw new Error('') }), 'x')).toEqual(['invalid value', []])
    const long = (await reason(z.string().transform((): string => { throw new Error('x'.repeat(5000)) }), 'x')) as [string]
    expect(long[0].length).toBe(200)
  })

  it('an fw HTTP exception thrown there keeps its status', async () => {
    const { SchemaChecker } = await import('../../../src/schema/parse')
    const { exceptions } = await import('fw-api')
    const checker = new SchemaChecker(z.string().transform((): string => { throw new exceptions.NotFound('no such user') }) as never)
    // zod retries a check that threw as an async one: the exception arrives as a rejection
    await expect(Promise.resolve().then(() => checker.check('x'))).rejects.toThrow(exceptions.NotFound)
    const valibotChecker = new SchemaChecker(v.pipe(v.string(), v.transform((): string => { throw new exceptions.NotFound('no such user') })))
    expect(() => valibotChecker.check('x')).toThrow(exceptions.NotFound)
  })
})
