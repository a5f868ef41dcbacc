/**
 * An object the fast path refused is explained entry by entry
 * (src/schema/fast/explain.ts): valibot runs only on the entries that fail.
 * Differential, seeded: on generated valid and invalid inputs of every
 * supported object schema, the failures listed equal those of valibot's run
 * over the whole converted object (reasons, paths, order, the 100 cap), and
 * `compileChecker` answers as its slow path does.
 */
import * as v from 'valibot'
import { afterEach, describe, expect, it } from 'vitest'
import { CreateUser } from '../../bench/schemas'
import { compileConverter, type AnySchema } from '../../src/schema'
import { compileFast, FAIL } from '../../src/schema/fast'
import { refusal } from '../../src/schema/fast/containers'
import { compileExplain } from '../../src/schema/fast/explain'
import { compileChecker, Invalid } from '../../src/schema/parse'
import { seeded } from '../helpers/random'
import { arbitrary, SUPPORTED } from './fast-inputs'

const config = { abortPipeEarly: true } as const
const RUNS = 3000

const OBJECTS: Record<string, AnySchema> = {
  ...Object.fromEntries(Object.entries(SUPPORTED).filter(([, schema]) => compileExplain(schema, config))),
  staticDefaults: v.object({ a: v.optional(v.pipe(v.string(), v.minLength(2)), 'x'), b: v.nullish(v.number(), 3), c: v.strictObject({ d: v.optional(v.boolean(), true) }) }),
  strictDefaults: v.strictObject({ a: v.optional(v.number(), 1.5), b: v.pipe(v.array(v.pipe(v.string(), v.email())), v.maxLength(3)) }),
  looseNested: v.looseObject({ list: v.array(v.object({ n: v.pipe(v.number(), v.integer(), v.minValue(0)), s: v.picklist(['a', 'b']) })), flag: v.literal(true) }),
  messages: v.object({ name: v.pipe(v.string('a name, please'), v.minLength(3, 'too short')), email: v.pipe(v.string(), v.email((issue) => `no email: ${issue.received}`)) }),
}

/** The failures valibot lists for the whole converted value (as `compileChecker`'s slow path maps them). */
function slowFailures(schema: AnySchema, input: unknown): unknown {
  const out = compileChecker(schema, { fast: false })(input)
  return out instanceof Invalid ? out.all : 'valid'
}

describe('explain vs valibot on the whole object (differential, seeded)', () => {
  let explained = 0
  let hinted = 0
  for (const [name, schema] of Object.entries(OBJECTS)) {
    it(name, () => {
      const explain = compileExplain(schema, config)
      expect(explain, 'an object schema with a fast path gets an explainer').toBeTypeOf('function')
      if (!explain) return
      const convert = compileConverter(schema)
      const fast = compileFast(schema)
      const both = compileChecker(schema)
      const slow = compileChecker(schema, { fast: false })
      const rnd = seeded(0xe4a1 ^ (name.length * 131) ^ name.charCodeAt(0))
      let answered = 0
      let valid = 0
      for (let run = 0; run < RUNS; run++) {
        const input = arbitrary(rnd, schema)
        let converted: unknown
        try {
          converted = convert(input)
        } catch {
          continue // a conversion error answers before any validation
        }
        const found = explain(converted)
        const expected = slowFailures(schema, input)
        if (expected === 'valid') valid++
        if (found) {
          answered++
          expect(found, String(run)).toEqual(expected)
        }
        // with the entry the fast run refused (what compileChecker hands over): the same answer
        refusal.shape = undefined
        if (fast?.(input) === FAIL && refusal.shape === schema) {
          hinted++
          const withHint = explain(converted, refusal.index)
          if (withHint) expect(withHint, `${run} (refused entry ${refusal.index})`).toEqual(expected)
        }
        const fastOut = both(input)
        const slowOut = slow(input)
        expect(fastOut instanceof Invalid ? fastOut.all : fastOut).toEqual(slowOut instanceof Invalid ? slowOut.all : slowOut)
      }
      // the generator reaches both sides, and the explainer answers for most refused inputs
      expect(valid).toBeGreaterThan(RUNS / 100)
      expect(answered).toBeGreaterThan(RUNS / 20)
      explained += answered
    })
  }
  it('answers for well over 1000 generated invalid inputs in all', () => expect(explained).toBeGreaterThan(1000))
  it('is handed the refused entry for well over 1000 of them', () => expect(hinted).toBeGreaterThan(1000))
})

describe('explain', () => {
  afterEach(() => v.deleteGlobalConfig())

  it('runs valibot on the failing entries only', () => {
    let runs = 0
    const base = v.pipe(v.string(), v.minLength(1))
    const spied = { ...base, '~run': (...args: Parameters<typeof base['~run']>) => (runs++, base['~run'](...args)) } as typeof base
    const schema = v.object({ a: spied, b: v.number() })
    // `b: null` converts (null stays null) and fails valibot
    expect(compileChecker(schema)({ a: 'x', b: null })).toEqual(new Invalid('Invalid type: Expected number but received null', ['b']))
    expect(runs).toBe(0)
    expect(compileChecker(schema, { fast: false })({ a: 'x', b: null })).toEqual(new Invalid('Invalid type: Expected number but received null', ['b']))
    expect(runs).toBe(1)
  })

  it("a fast run that throws hands over no refused entry, not one a nested run of the same schema left", () => {
    const schema = v.object({ a: v.string(), b: v.pipe(v.string(), v.email()), c: v.number() })
    const check = compileChecker(schema)
    let reads = 0
    const input = {
      // first read (the fast run): the same checker refuses another value at entry 1, then this getter throws
      get a(): unknown {
        if (reads++ === 0) {
          expect(check({ a: 'x', b: 'bad', c: 1 })).toBeInstanceOf(Invalid)
          throw new Error('once')
        }
        return null // converts to itself, fails v.string()
      },
      b: 'bad',
      c: 1,
    }
    const expected = compileChecker(schema, { fast: false })({ a: null, b: 'bad', c: 1 })
    expect((expected as Invalid).all).toHaveLength(2)
    expect(check(input)).toEqual(expected)
  })

  it('E5: the one bad field of CreateUser, as valibot reports it', () => {
    const body = { name: 'Ada Lovelace', email: 'not-an-email', age: 36, admin: false, tags: ['math'] }
    expect(compileExplain(CreateUser, config)?.(body)).toEqual([{ reason: 'Invalid email: Received "not-an-email"', path: ['email'] }])
    expect(compileExplain(CreateUser, config)?.({ ...body, email: 'a@b.io' })).toBeUndefined() // nothing found: the whole run decides
  })

  it('lists every failing entry in entry order, missing ones included, at most 100', () => {
    const schema = v.object({ a: v.string(), b: v.array(v.number()), c: v.optional(v.number()) })
    const input = { b: Array.from({ length: 150 }, () => null), c: null }
    const found = compileExplain(schema, config)?.(input)
    expect(found?.length).toBe(100)
    expect(found?.[0]).toEqual({ reason: 'required item missing', path: ['a'] })
    expect(found?.[1]).toEqual({ reason: 'Invalid type: Expected number but received null', path: ['b', 0] })
    expect(compileChecker(schema)(input)).toEqual(compileChecker(schema, { fast: false })(input))
  })

  it('stops at the first failing entry under a global abortEarly, as valibot does', () => {
    v.setGlobalConfig({ abortEarly: true })
    const schema = v.object({ a: v.string(), b: v.number(), c: v.boolean() })
    const input = { a: null, b: null, c: null }
    const expected = compileChecker(schema, { fast: false })(input)
    expect(expected).toEqual(new Invalid('Invalid type: Expected string but received null', ['a']))
    expect(compileExplain(schema, config)?.(input)).toEqual((expected as Invalid).all)
    v.deleteGlobalConfig()
    expect(compileExplain(schema, config)?.(input)).toHaveLength(3)
  })

  it('leaves the whole run to valibot where it does not mirror it', () => {
    const strict = compileExplain(v.strictObject({ a: v.string() }), config)
    expect(strict?.({ a: 1, extra: 1 })).toBeUndefined() // an unknown key: valibot orders that issue
    expect(strict?.({ a: 1 })).toEqual([{ reason: 'Invalid type: Expected string but received 1', path: ['a'] }])
    expect(strict?.([1])).toBeUndefined()
    expect(strict?.('x')).toBeUndefined()
    expect(compileExplain(v.object({ a: v.optional(v.string(), () => 'x') }), config)).toBeUndefined() // a default function
    expect(compileExplain(v.pipe(v.object({ a: v.string() }), v.description('d')), config)).toBeUndefined()
    expect(compileExplain(v.object({ a: v.union([v.string(), v.number()]) }), config)).toBeUndefined()
    expect(compileExplain(v.string(), config)).toBeUndefined()
  })
})

describe('explain: compile time', () => {
  it('a schema sharing its parts at every level is looked at once per part (no blow-up)', () => {
    let level: AnySchema = v.object({ n: v.number() })
    for (let depth = 0; depth < 40; depth++) level = v.object({ a: level, b: level, c: v.optional(level) })
    const started = Date.now()
    // 3^40 paths through 41 schema objects: each compiled once
    expect(compileFast(level)).toBeTypeOf('function')
    const explain = compileExplain(level, config)
    expect(explain?.({ a: 1, c: null })).toEqual([
      { reason: 'Invalid type: Expected Object but received 1', path: ['a'] },
      { reason: 'required item missing', path: ['b'] },
      { reason: 'Invalid type: Expected Object but received null', path: ['c'] },
    ])
    expect(compileChecker(level)({ a: 1, c: null })).toEqual(compileChecker(level, { fast: false })({ a: 1, c: null }))
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
