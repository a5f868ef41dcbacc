/**
 * The fast path of `compileChecker` (src/schema/fast/),
 * checked against the slow path (convert → valibot → `Invalid`) on many seeded
 * random inputs per schema:
 * - a fast answer is `FAIL` or exactly the slow checker's output (deep, key
 *   order, -0, prototypes), never has an own `__proto__`, and leaves the input as it was;
 * - an input valibot accepts as it is (no conversion needed) is never `FAIL`;
 * - `compileChecker` with and without the fast path gives the same outputs,
 *   the same `Invalid` (reason, path, all) and the same thrown errors;
 * - schemas with any unsupported part get no fast path.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { file } from 'fw-api'
import { ItemsQuery } from '../../bench/schemas'
import { Field, type AnySchema } from '../../src/schema'
import { compileFast, FAIL } from '../../src/schema/fast'
import { compileChecker, Invalid, type Checker } from '../../src/schema/parse'
import { seeded } from '../helpers/random'
import { arbitrary, calls, SUPPORTED } from './fast-inputs'
import { int } from '../helpers/fixtures'

type Outcome = { ok: unknown } | { invalid: { reason: string; path: unknown[]; all: unknown } } | { threw: string; message: string; path?: unknown }

function outcome(check: Checker, value: unknown): Outcome {
  try {
    const out = check(value)
    return out instanceof Invalid ? { invalid: { reason: out.reason, path: out.path, all: out.all } } : { ok: out }
  } catch (error) {
    const e = error as Error & { path?: unknown }
    return { threw: e.constructor.name, message: e.message, path: e.path }
  }
}

/** Deep equality that also holds key order, prototypes and `Object.is` (-0, NaN). */
function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  if (a instanceof Date) return b instanceof Date && Object.is(a.getTime(), b.getTime())
  const keysA = Reflect.ownKeys(a)
  const keysB = Reflect.ownKeys(b)
  if (keysA.length !== keysB.length || keysA.some((key, index) => key !== keysB[index])) return false
  return keysA.every((key) => same((a as Record<PropertyKey, unknown>)[key], (b as Record<PropertyKey, unknown>)[key]))
}

/** A copy to compare the input against after the fast path ran (keeps prototypes and own keys). */
function snapshot(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || value instanceof Date) return value
  const out: Record<PropertyKey, unknown> = Array.isArray(value) ? [] : Object.create(Object.getPrototypeOf(value) as object | null)
  for (const key of Reflect.ownKeys(value)) if (!(Array.isArray(value) && key === 'length')) Object.defineProperty(out, key, { value: snapshot((value as Record<PropertyKey, unknown>)[key]), enumerable: true, writable: true, configurable: true })
  return out
}

/** Every object inside a value (by identity). */
function objectsIn(value: unknown, out = new Set<object>()): Set<object> {
  if (typeof value !== 'object' || value === null || out.has(value)) return out
  out.add(value)
  for (const key of Reflect.ownKeys(value)) objectsIn((value as Record<PropertyKey, unknown>)[key], out)
  return out
}

/** The objects the fast path built (not passed through from the input) have no own `__proto__` and a plain prototype. */
function protoSafe(value: unknown, given: Set<object>): boolean {
  if (typeof value !== 'object' || value === null || given.has(value)) return true
  if (Object.hasOwn(value, '__proto__')) return false
  if (Object.getPrototypeOf(value) !== (Array.isArray(value) ? Array.prototype : Object.prototype)) return false
  return Object.values(value).every((item) => protoSafe(item, given))
}

/** An array given where the schema wants an object: valibot takes it, fw's fast path leaves it to the slow path. */
function arrayAsObject(schema: AnySchema, value: unknown): boolean {
  const shape = schema as unknown as { type: string; wrapped?: AnySchema; item?: AnySchema; entries?: Record<string, AnySchema> }
  if (shape.wrapped) return arrayAsObject(shape.wrapped, value)
  if (shape.item && Array.isArray(value)) return value.some((item) => arrayAsObject(shape.item as AnySchema, item))
  if (!shape.entries || typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return true
  return Object.entries(shape.entries).some(([key, entry]) => Object.hasOwn(value, key) && arrayAsObject(entry, (value as Record<string, unknown>)[key]))
}

const RUNS = 4000

describe('fast path vs convert → valibot (differential, seeded)', () => {
  for (const [name, schema] of Object.entries(SUPPORTED)) {
    it(name, () => {
      const fast = compileFast(schema)
      expect(fast, 'a supported schema gets a fast path').toBeTypeOf('function')
      if (!fast) return
      const slow = compileChecker(schema, { fast: false })
      const both = compileChecker(schema)
      const rnd = seeded(0x5eed ^ name.length * 7919 ^ name.charCodeAt(0))
      let hits = 0
      let asIs = 0
      for (let run = 0; run < RUNS; run++) {
        const input = arbitrary(rnd, schema)
        const before = snapshot(input)
        const answer: unknown = fast(input)
        expect(same(input, before), 'the input is not mutated').toBe(true)
        const expected = outcome(slow, input)
        const context: Record<string, unknown> = { name, input, answer, expected }
        if (answer !== FAIL) {
          hits++
          if (!('ok' in expected) || !same(answer, expected.ok)) expect.fail(`fast answer differs: ${show(context)}`)
          expect(protoSafe(answer, objectsIn(input)), show(context)).toBe(true)
        }
        if ('ok' in expected && !arrayAsObject(schema, input)) {
          // valibot accepts the input as it is and gives the same output: no conversion was needed
          const raw = v.safeParse(schema, input, { abortPipeEarly: true })
          if (raw.success && same(raw.output, expected.ok)) {
            asIs++
            if (answer === FAIL) expect.fail(`needless FAIL: ${show(context)}`)
          }
        }
        const got = outcome(both, input)
        if (!same(got, expected)) expect.fail(`compileChecker differs with the fast path: ${show({ ...context, got })}`)
      }
      // the generator reaches both sides of every schema
      expect(hits).toBeGreaterThan(RUNS / 40)
      expect(hits).toBeLessThan(RUNS)
      expect(asIs).toBeGreaterThan(RUNS / 100)
    })
  }

  it('defaults: function defaults are called and validated unconverted', () => {
    const fast = compileFast(SUPPORTED.defaults as AnySchema)
    const before = calls()
    expect(fast?.({ d: null, e: null })).toEqual({ a: 'dflt', b: 7, c: false, d: null, e: 5, f: [1, 2], h: undefined, i: null, j: 'made' })
    expect(calls()).toBe(before + 1)
    expect(Object.keys(fast?.({ d: 'x', e: 1, g: undefined }) as object)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])
    const ints = compileFast(v.object({ n: v.optional(int, 1.5) }))
    expect(ints?.({})).toBe(FAIL) // valibot does not truncate a default: the slow path reports it
    expect(compileChecker(v.object({ n: v.optional(int, 1.5) }))({})).toBeInstanceOf(Invalid)
  })

  it('wire strings are converted as the converter does (E1 query values)', () => {
    expect(compileFast(ItemsQuery)?.({ page: '2', limit: '50' })).toEqual({ page: 2, limit: 50 })
    expect(compileFast(ItemsQuery)?.({ page: '2.9', limit: '1e2' })).toEqual({ page: 2, limit: 100 })
    expect(compileFast(ItemsQuery)?.({ page: 'x', limit: '50' })).toBe(FAIL)
    expect(compileFast(v.array(v.string()))?.('a')).toEqual(['a'])
    expect(compileFast(v.array(v.string()))?.('["a"]')).toBe(FAIL)
    expect(compileFast(v.object({ b: v.boolean() }))?.({ b: 'on' })).toEqual({ b: true })
  })
})

describe('schemas with an unsupported part get no fast path', () => {
  const UNSUPPORTED: Record<string, AnySchema> = {
    union: v.union([v.string(), v.number()]),
    record: v.record(v.string(), v.number()),
    tuple: v.tuple([v.string()]),
    lazy: v.lazy(() => v.string()),
    date: v.date(),
    bigint: v.bigint(),
    enum: v.enum({ A: 'a' }),
    transform: v.pipe(v.string(), v.transform((s) => s.length)),
    trim: v.pipe(v.string(), v.trim()),
    check: v.pipe(v.number(), v.check((n) => n > 1)),
    safeInteger: v.pipe(v.number(), v.safeInteger()),
    schemaInPipe: v.pipe(v.string(), v.string()),
    globalRegex: v.pipe(v.string(), v.regex(/a/g)),
    stickyRegex: v.pipe(v.string(), v.regex(/a/y)),
    fallback: v.fallback(v.string(), 'x'),
    exactOptional: v.object({ a: v.exactOptional(v.string()) }),
    withRest: v.objectWithRest({ a: v.string() }, v.number()),
    fieldAlias: v.object({ a: Field(v.string(), { alias: 'A' }) }),
    fieldOptions: v.object({ a: Field(v.string(), { default: 'x' }) }),
    fieldBare: Field(v.string()),
    file: v.object({ f: file.File() }),
    inheritedKey: v.object({ constructor: v.string() }),
    protoKey: v.object({ ['__proto__']: v.string() }),
    deepInside: v.object({ a: v.array(v.object({ b: v.union([v.string(), v.number()]) })) }),
    async: v.objectAsync({ a: v.string() }) as unknown as AnySchema,
    nonOptional: v.nonOptional(v.optional(v.string())),
  }
  for (const [name, schema] of Object.entries(UNSUPPORTED)) {
    it(name, () => expect(compileFast(schema)).toBeUndefined())
  }
})

function show(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? `${item}n` : typeof item === 'number' && !Number.isFinite(item) ? String(item) : Object.is(item, -0) ? '-0' : item === undefined ? '<undefined>' : item,
  )
}
