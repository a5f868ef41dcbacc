/**
 * The schema seam (src/schema/adapter.ts): `resolveAdapter` picks valibot's
 * adapter for valibot schemas only; the valibot adapter plans conversion as
 * data, checks with valibot's own run, reports issues in the one shape
 * (message + path), describes input and output as JSON Schema 2020-12 and
 * reads presence; the converter compiled from a plan converts alike for any
 * library; the checker names failing items by their wire names.
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { file } from 'fw-api'
import {
  compileConversion,
  Field,
  isStandardSchema,
  MAX_SCHEMA_ISSUES,
  mayBeAbsent,
  resolveAdapter,
  schemaEntries,
  takesList,
  valibotAdapter,
  wireKind,
  type CheckResult,
  type ConversionPlan,
  type SchemaInput,
  type SchemaOutput,
} from '../../src/schema'
import { presence } from '../../src/schema/adapter'
import { describeWith } from '../../src/schema/describers'
import { compileChecker, Invalid } from '../../src/schema/parse'

const sync = (result: CheckResult | Promise<CheckResult>): CheckResult => {
  if (result instanceof Promise) throw new Error('expected a synchronous check')
  return result
}

describe('resolveAdapter', () => {
  it('picks the valibot adapter for valibot schemas, the Standard Schema one for other libraries, nothing for other values', () => {
    expect(resolveAdapter(v.string())?.vendor).toBe('valibot')
    expect(resolveAdapter(v.object({ a: v.number() }))).toBe(valibotAdapter)
    for (const other of [undefined, null, 'string', 1, {}, { kind: 'schema' }, { kind: 'schema', '~run': 1 }]) expect(resolveAdapter(other)).toBeUndefined()
    // a schema of another library is a Standard Schema, not valibot's: the standard adapter owns it
    expect(resolveAdapter(z.string())?.vendor).toBe('standard')
    expect(isStandardSchema(z.string())).toBe(true)
    expect(isStandardSchema(v.string())).toBe(true)
    expect(isStandardSchema({ '~standard': { version: 1 } })).toBe(false)
  })
})

describe('the valibot adapter', () => {
  it('plans conversion as data, looking through wrappers, pipes and aliases', () => {
    const plan = valibotAdapter.plan(
      v.object({ page: v.optional(v.pipe(v.number(), v.integer()), 1), tags: v.array(v.string()), token: Field(v.string(), { alias: 'X-Token' }), on: v.boolean() }),
    )
    expect(plan.to).toBe('object')
    if (plan.to !== 'object') return
    expect(plan.unknownKeys).toBe('strip')
    expect(plan.entries.map((entry) => [entry.key, entry.wire, entry.plan.to])).toEqual([
      ['page', 'page', 'maybe'],
      ['tags', 'tags', 'array'],
      ['token', 'X-Token', 'string'],
      ['on', 'on', 'boolean'],
    ])
    expect(plan.entries[0]?.plan).toEqual({ to: 'maybe', inner: { to: 'number', integer: true } })
    expect(valibotAdapter.plan(v.picklist(['a', 'b']))).toEqual({ to: 'option', options: ['a', 'b'] })
    expect(valibotAdapter.plan(v.strictObject({})).to === 'object' && (valibotAdapter.plan(v.strictObject({})) as { unknownKeys: string }).unknownKeys).toBe('keep')
    expect(valibotAdapter.plan(v.unknown())).toEqual({ to: 'same' })
    // planned once per schema object
    const schema = v.array(v.number())
    expect(valibotAdapter.plan(schema)).toBe(valibotAdapter.plan(schema))
  })

  it('checks with valibot: the output, or issues as message + path', () => {
    const check = valibotAdapter.check(v.object({ name: v.pipe(v.string(), v.minLength(1)), tags: v.array(v.string()) }))
    expect(sync(check({ name: 'Ada', tags: [], extra: 1 }))).toEqual({ ok: true, value: { name: 'Ada', tags: [] } })
    const failed = sync(check({ tags: ['a', 2] }))
    expect(failed.ok).toBe(false)
    if (failed.ok) return
    expect(failed.issues).toEqual([
      { message: 'required item missing', path: ['name'] },
      { message: 'Invalid type: Expected string but received 2', path: ['tags', 1] },
    ])
  })

  it('lists at most MAX_SCHEMA_ISSUES issues', () => {
    const result = sync(valibotAdapter.check(v.array(v.string()))(Array.from({ length: 500 }, (_, index) => index)))
    expect(result.ok === false && result.issues.length).toBe(MAX_SCHEMA_ISSUES)
  })

  it('awaits an async valibot schema', async () => {
    const schema = v.pipeAsync(v.string(), v.checkAsync(async (value) => value !== 'taken', 'name taken'))
    const check = valibotAdapter.check(schema as unknown as v.GenericSchema)
    const taken = check('taken')
    expect(taken).toBeInstanceOf(Promise)
    expect(await taken).toEqual({ ok: false, issues: [{ message: 'name taken', path: [] }] })
    expect(await check('free')).toEqual({ ok: true, value: 'free' })
  })

  it('describes input and output as JSON Schema 2020-12', () => {
    const schema = v.object({ n: v.pipe(v.string(), v.transform(Number), v.number()) })
    const input = describeWith(valibotAdapter, schema, 'input')
    expect(input.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    expect(input.properties).toEqual({ n: { type: 'string' } })
    expect(describeWith(valibotAdapter, schema, 'output').properties).toEqual({ n: { type: 'number' } })
    // fw's own knowledge of a sub-schema comes first
    const described = describeWith(valibotAdapter, v.object({ d: v.date() }), 'input', { override: (sub, _described) => ((sub as { type?: string }).type === 'date' ? { type: 'string', format: 'date-time' } : undefined) })
    expect(described.properties).toEqual({ d: { type: 'string', format: 'date-time' } })
  })

  it('presence: a default made of an absent value is one it has; none is undefined', () => {
    expect(presence(true, false, 'x')).toEqual({ optional: true, nullable: false, hasDefault: true, default: 'x' })
    expect(presence(false, true, null)).toEqual({ optional: false, nullable: true, hasDefault: true, default: null })
    expect(presence(false, false)).toEqual({ optional: false, nullable: false, hasDefault: false, default: undefined })
  })

  it('reads presence: optional, nullable, default', () => {
    expect(valibotAdapter.presence(v.optional(v.number(), 3))).toEqual({ optional: true, nullable: false, hasDefault: true, default: 3 })
    expect(valibotAdapter.presence(v.nullable(v.string()))).toMatchObject({ optional: false, nullable: true, hasDefault: false })
    expect(valibotAdapter.presence(v.string())).toMatchObject({ optional: false, nullable: false, hasDefault: false })
    expect(mayBeAbsent(v.nullish(v.string()))).toBe(true)
    expect(mayBeAbsent('no schema')).toBe(false)
  })

  it('keeps valibot types: Standard Schema input/output equal InferInput/InferOutput', () => {
    const schema = v.object({ n: v.pipe(v.string(), v.transform(Number)) })
    const input: SchemaInput<typeof schema> = { n: '1' }
    const output: SchemaOutput<typeof schema> = { n: 1 }
    const sameInput: v.InferInput<typeof schema> = input
    const sameOutput: v.InferOutput<typeof schema> = output
    expect([sameInput, sameOutput]).toEqual([{ n: '1' }, { n: 1 }])
  })
})

describe('inspecting a schema through the seam', () => {
  it('wire kind, lists and entries under wrappers', () => {
    expect(wireKind(v.optional(v.array(v.string())))).toBe('array')
    expect(takesList(v.nullable(v.tuple([v.string()])))).toBe(true)
    expect(takesList(v.string())).toBe(false)
    expect(schemaEntries(v.optional(v.object({ a: Field(v.string(), { alias: 'A' }) }))).map((entry) => [entry.key, entry.wire])).toEqual([['a', 'A']])
    expect(schemaEntries(v.string())).toEqual([])
  })
})

describe('the converter compiled from a plan', () => {
  it('converts wire values as SPEC §3.1 says, for a plan of any library', () => {
    const plan: ConversionPlan = {
      to: 'object',
      unknownKeys: 'strip',
      rest: undefined,
      entries: [
        { key: 'a', wire: 'a', plan: { to: 'number', integer: true }, schema: undefined },
        { key: 'on', wire: 'On', plan: { to: 'boolean' }, schema: undefined },
        { key: 'tags', wire: 'tags', plan: { to: 'array', item: { to: 'string' } }, schema: undefined },
        { key: 'meta', wire: 'meta', plan: { to: 'maybe', inner: { to: 'record', value: { to: 'same' } } }, schema: undefined },
      ],
    }
    const convert = compileConversion(plan)
    expect(convert({ a: '1.5', On: 'yes', tags: 7, meta: '{"v":1.2}', other: 1 })).toEqual({ a: 1, on: true, tags: ['7'], meta: { v: 1.2 } })
    expect(() => convert({ a: 'x' })).toThrow("invalid number: 'x'")
    expect(compileConversion(plan)).toBe(convert)
  })

  it('a union takes the first option that fits after conversion', () => {
    const plan: ConversionPlan = {
      to: 'union',
      options: [
        { plan: { to: 'number', integer: false }, fits: (value) => typeof value === 'number' && value > 10 },
        { plan: { to: 'boolean' }, fits: (value) => typeof value === 'boolean' },
      ],
    }
    expect(compileConversion(plan)('11')).toBe(11)
    expect(compileConversion(plan)('1')).toBe(true)
  })

  it('a recursive plan converts at every level, bounded by the JSON depth', () => {
    const node: ConversionPlan = { to: 'lazy', resolve: () => tree }
    const tree: ConversionPlan = { to: 'object', unknownKeys: 'strip', rest: undefined, entries: [{ key: 'n', wire: 'n', plan: { to: 'number', integer: false }, schema: undefined }, { key: 'kids', wire: 'kids', plan: { to: 'maybe', inner: { to: 'array', item: node } }, schema: undefined }] }
    expect(compileConversion(tree)({ n: '1', kids: [{ n: '2' }] })).toEqual({ n: 1, kids: [{ n: 2 }] })
    expect(() => compileConversion(tree, { depth: 3 })(`{"n":1,"kids":${'['.repeat(5)}${']'.repeat(5)}}`)).toThrow('nested deeper than 3')
  })
})

describe('the checker built on the seam', () => {
  it('names failing items by their wire names, converting first', () => {
    const check = compileChecker(v.object({ token: Field(v.pipe(v.string(), v.length(3)), { alias: 'X-Token' }), n: v.pipe(v.number(), v.integer()) }))
    expect(check({ 'X-Token': 'abc', n: '2.5' })).toEqual({ token: 'abc', n: 2 })
    const failed = check({ 'X-Token': 'toolong', n: 1 })
    expect(failed).toBeInstanceOf(Invalid)
    expect((failed as Invalid).path).toEqual(['X-Token'])
  })

  it('refuses what no adapter owns, at build time', () => {
    expect(() => compileChecker({} as v.GenericSchema)).toThrow('not a schema of any supported library')
  })
})

describe('fw file schemas', () => {
  it('are valibot schemas (callable ones) with their own conversion', () => {
    expect(resolveAdapter(file.Image)).toBe(valibotAdapter)
    expect(resolveAdapter(file.Image({ maxSize: 10 }))).toBe(valibotAdapter)
    expect(valibotAdapter.plan(file.File).to).toBe('custom')
  })
})
