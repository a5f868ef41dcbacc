/**
 * Random inputs for the fast-path differential test (tests/schema/fast.test.ts):
 * a generator that reads the schema (kinds, entries, pipe
 * requirements) to aim at valid values, boundaries and near misses, mixed
 * with hostile values (wrong types, strings that look like numbers or
 * booleans, NaN, ±Infinity, -0, huge numbers, `__proto__` keys…).
 */
import * as v from 'valibot'
import { CreateUser, ItemsQuery, limit, page, title } from '../../bench/schemas'
import { shapeOf, type AnySchema } from '../../src/schema'
import { int } from '../helpers/fixtures'

import type { Rnd } from '../helpers/random'

export function pick<T>(rnd: Rnd, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)] as T
}

const NUMBERS = [0, -0, 1, -1, 1.5, 2.7, -2.7, 36, 64, 65, 99, 100, 101, 149, 150, 151, NaN, Infinity, -Infinity, 1e20, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), Number.MIN_VALUE, 1e-7, 0.1 + 0.2]
const NUMERIC_STRINGS = ['36', ' 36', '1e3', '0x10', '2.7', '-0', '', 'NaN', 'Infinity', '1e400', '9007199254740993', '.5', '5.', '+7', '1,5']
const BOOLEANS = [true, false, 'true', 'False', 'on', 'off', 'yes', 'n', 't', '1', '0', 'maybe', 0, 1, 2]
const STRINGS = ['', 'a', 'abc', 'ada@example.com', 'not-an-email', 'a@b', 'ABC', 'b', 'y', 'z', 'red', 'green', 'on', 'x'.repeat(64), 'x'.repeat(65), ' [1]', '[1, 2]', '["a"]', '{"a":1}', 'true', '42', 'é', '\u0000']

/** An object with an own, enumerable `__proto__` key, as JSON.parse makes it. */
export function withProtoKey(rest: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...(JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown>), ...rest }
}

export function hostile(rnd: Rnd): unknown {
  switch (Math.floor(rnd() * 12)) {
    case 0:
      return pick(rnd, [undefined, null])
    case 1:
      return pick(rnd, NUMBERS)
    case 2:
      return pick(rnd, NUMERIC_STRINGS)
    case 3:
      return pick(rnd, BOOLEANS)
    case 4:
      return pick(rnd, STRINGS)
    case 5:
      return pick(rnd, [[], [1, 'a'], ['a'], [null], [[1]]])
    case 6:
      return pick(rnd, [{}, { a: 1 }, withProtoKey(), Object.create(null) as object])
    case 7:
      return pick(rnd, [new Date(0), 10n, Symbol.for('s')])
    default:
      return pick(rnd, [...NUMBERS, ...STRINGS, ...BOOLEANS])
  }
}

interface Piped {
  type: string
  requirement?: unknown
  pipe?: readonly Piped[]
}

/** The actions in a schema's pipe (nested pipes too). */
function actions(schema: AnySchema): Piped[] {
  const out: Piped[] = []
  const walk = (node: Piped): void => {
    for (const item of node.pipe ?? []) {
      if (item === node) continue
      if (item.pipe) walk(item)
      else out.push(item)
    }
  }
  walk(schema as unknown as Piped)
  return out
}

/** The numeric requirements in a schema's pipe, to aim at boundaries. */
function requirements(schema: AnySchema): number[] {
  return actions(schema).flatMap((item) => (typeof item.requirement === 'number' ? [item.requirement] : []))
}

const EMAILS = ['ada@example.com', 'a.b+c@d.io', 'x@y.z', 'ada@example', '@example.com']

/** A value of the right type that likely passes the pipe (inside the bounds). */
function likely(rnd: Rnd, schema: AnySchema, type: 'string' | 'number'): unknown {
  const reqs = requirements(schema)
  const low = reqs.length > 0 ? Math.min(...reqs) : 0
  const high = reqs.length > 1 ? Math.max(...reqs) : low + 10
  const size = Math.max(0, low + Math.floor(rnd() * (high - low + 1)))
  if (type === 'number') return size
  if (actions(schema).some((item) => item.type === 'email')) return pick(rnd, EMAILS)
  return pick(rnd, ['k', 'Ab', 'é']).repeat(size).slice(0, size)
}

function near(rnd: Rnd, requirement: number): number {
  return requirement + pick(rnd, [-1, -0.5, 0, 0, 0.5, 1])
}

function stringOf(rnd: Rnd, schema: AnySchema): unknown {
  const reqs = requirements(schema)
  const roll = rnd()
  if (roll < 0.5) return likely(rnd, schema, 'string')
  if (roll < 0.3 && reqs.length > 0) return 'k'.repeat(Math.max(0, Math.floor(near(rnd, pick(rnd, reqs)))))
  if (roll < 0.4) return pick(rnd, NUMBERS)
  if (roll < 0.45) return pick(rnd, [true, false, 10n])
  return pick(rnd, STRINGS)
}

function numberOf(rnd: Rnd, schema: AnySchema): unknown {
  const reqs = requirements(schema)
  if (rnd() < 0.5) return likely(rnd, schema, 'number')
  const roll = rnd()
  const base = reqs.length > 0 && roll < 0.5 ? near(rnd, pick(rnd, reqs)) : pick(rnd, NUMBERS)
  if (rnd() < 0.25) return pick(rnd, [String(base), ...NUMERIC_STRINGS])
  if (rnd() < 0.05) return pick(rnd, [true, false])
  return base
}

function objectOf(rnd: Rnd, schema: AnySchema, depth: number): unknown {
  const entries = shapeOf(schema).entries ?? {}
  let pairs: [string, unknown][] = []
  for (const key of Object.keys(entries)) {
    const roll = rnd()
    if (roll < 0.1) continue // missing
    pairs.push([key, roll < 0.15 ? undefined : arbitrary(rnd, entries[key] as AnySchema, depth + 1)])
  }
  if (rnd() < 0.3) pairs.push([pick(rnd, ['extra', 'x', '1', 'constructor', 'prototype', 'toString', 'hasOwnProperty']), hostile(rnd)])
  if (rnd() < 0.2) pairs = pairs.reverse()
  const roll = rnd()
  const out: Record<string, unknown> = roll < 0.05 ? (Object.create(null) as Record<string, unknown>) : roll < 0.15 ? withProtoKey() : {}
  for (const [key, value] of pairs) out[key] = value
  if (rnd() < 0.03) return json(out)
  if (rnd() < 0.03) return Object.values(out)
  return out
}

/** A JSON-encoded value (a query param holding `[…]` / `{…}`); bigints make it invalid JSON. */
function json(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch {
    return '{"a": 10n}'
  }
}

/** A random value aimed at `schema`, now and then a hostile one (one in ten at the top, one in thirty inside). */
export function arbitrary(rnd: Rnd, schema: AnySchema, depth = 0): unknown {
  if (rnd() < (depth === 0 ? 0.1 : 0.033) || depth > 6) return hostile(rnd)
  const shape = shapeOf(schema)
  switch (shape.type) {
    case 'string':
      return stringOf(rnd, schema)
    case 'number':
      return numberOf(rnd, schema)
    case 'boolean':
      return rnd() < 0.5 ? rnd() < 0.5 : pick(rnd, BOOLEANS)
    case 'picklist':
    case 'literal': {
      const options = shape.type === 'literal' ? [shape.literal] : (shape.options ?? [])
      return pick(rnd, [...options, ...options, ...options.map(String), 'zzz', 99])
    }
    case 'optional':
    case 'nullable':
    case 'nullish':
      return rnd() < 0.25 ? pick(rnd, [undefined, null]) : arbitrary(rnd, shape.wrapped as AnySchema, depth + 1)
    case 'array': {
      const item = shape.item as AnySchema
      const roll = rnd()
      if (roll < 0.1) return arbitrary(rnd, item, depth + 1) // a single value
      const reqs = requirements(schema)
      const length = reqs.length > 0 && roll < 0.5 ? Math.max(0, Math.floor(near(rnd, pick(rnd, reqs)))) : Math.floor(rnd() * 5)
      const list = Array.from({ length }, () => arbitrary(rnd, item, depth + 1))
      return rnd() < 0.03 ? json(list) : list
    }
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return objectOf(rnd, schema, depth)
    default:
      return hostile(rnd)
  }
}

let called = 0
const counted = () => ++called > 0 ? 'made' : 'never'
/** How often the `defaults` schema's `j` default function has been called. */
export const calls = (): number => called

/** Schemas with a fast path, each checked against the slow path (fast.test.ts, explain.test.ts). */
export const SUPPORTED: Record<string, AnySchema> = {
  CreateUser,
  ItemsQuery,
  page,
  limit,
  title,
  string: v.string(),
  number: v.number(),
  boolean: v.boolean(),
  email: v.pipe(v.string(), v.email()),
  regex: v.pipe(v.string(), v.regex(/^[a-z]+$/i), v.maxLength(8)),
  stringRange: v.pipe(v.string(), v.minValue('b'), v.maxValue('y')),
  metadata: v.pipe(v.string(), v.description('a name'), v.minLength(2), v.title('name')),
  nestedPipe: v.pipe(v.pipe(v.number(), v.integer()), v.minValue(1)),
  nullishPipe: v.nullish(v.pipe(v.pipe(int, v.maxValue(9)), v.minValue(1))),
  actionOnWrapper: v.pipe(v.optional(v.number()), v.integer() as never), // valibot's types refuse it; at run time undefined fails integer()
  lengthOnOptional: v.pipe(v.optional(v.string()), v.minLength(1) as never), // undefined: valibot throws a TypeError
  picklist: v.picklist(['red', 'green', 'blue']),
  numbers: v.picklist([1, 2, 3]),
  literal: v.literal('on'),
  literalNumber: v.literal(42),
  literalTrue: v.literal(true),
  optionalDefault: v.optional(int, 3),
  nullableDefault: v.nullable(v.string(), () => 'none'),
  arrayBounds: v.pipe(v.array(v.number()), v.minLength(1), v.maxLength(3)),
  pair: v.pipe(v.array(v.string()), v.length(2)),
  emails: v.array(v.pipe(v.string(), v.email())),
  defaults: v.object({
    a: v.optional(v.string(), 'dflt'),
    b: v.optional(v.number(), () => 7),
    c: v.nullish(v.boolean(), false),
    d: v.nullable(v.string()),
    e: v.nullable(v.number(), 5),
    f: v.optional(v.array(v.number()), () => [1, 2]),
    g: v.optional(v.nullable(v.string())),
    h: v.optional(v.string(), () => undefined as unknown as string),
    i: v.nullish(v.picklist(['x', 'y']), () => null as unknown as 'x'),
    j: v.optional(v.string(), counted),
  }),
  nested: v.object({
    user: v.object({ id: int, tags: v.array(v.picklist(['a', 'b', 'c'])), admin: v.optional(v.boolean()) }),
    items: v.array(v.object({ n: v.pipe(v.pipe(v.number(), v.integer()), v.minValue(1)), s: v.optional(v.pipe(v.string(), v.regex(/^[a-z]+$/))) })),
  }),
  keyOrder: v.object({ b: v.string(), 1: v.number(), a: v.optional(v.boolean()), 0: v.optional(v.literal('z')) }),
  loose: v.looseObject({ a: v.number(), b: v.optional(v.string()) }),
  strict: v.strictObject({ a: v.number(), b: v.optional(v.string()) }),
  objectDefaults: v.object({
    o: v.optional(v.object({ a: v.number(), b: v.optional(v.string(), 'b') }), () => ({ a: 1 })),
    s: v.optional(v.strictObject({ a: v.number() }), { a: 2 }),
    l: v.nullish(v.looseObject({ a: v.number() }), () => withProtoKey({ a: 3, k: 'kept', constructor: 'dropped' }) as { a: number }),
    bad: v.optional(v.object({ a: v.number() }), () => ({ a: 'x' }) as unknown as { a: number }),
  }),
}
