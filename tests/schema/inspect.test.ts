/**
 * src/schema/inspect.ts: what fw reads about a schema of any library through the seam — its plan,
 * its wire kind under wrappers, its entries, whether it may be absent.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ConversionPlan } from '../../src/schema/adapter'
import { mayBeAbsent, planOf, presenceOf, schemaEntries, takesList, unwrapPlan, wireKind } from '../../src/schema/inspect'

describe('planOf / wireKind', () => {
  it('reads the kind under optional/nullable wrappers, for valibot and zod alike', () => {
    expect(wireKind(v.optional(v.array(v.string())))).toBe('array')
    expect(wireKind(v.nullish(v.number()))).toBe('number')
    expect(wireKind(z.array(z.string()).optional())).toBe('array')
    expect(wireKind(z.boolean())).toBe('boolean')
  })

  it('plans `same` for a value no adapter owns', () => {
    expect(planOf({ type: 'string' })).toEqual({ to: 'same' })
    expect(wireKind(undefined)).toBe('same')
  })
})

describe('unwrapPlan', () => {
  it('unwraps nested maybes, and stops after a bounded number of them', () => {
    const number: ConversionPlan = { to: 'number', integer: false }
    expect(unwrapPlan({ to: 'maybe', inner: { to: 'maybe', inner: number } })).toBe(number)
    let deep: ConversionPlan = number
    for (let index = 0; index < 100; index++) deep = { to: 'maybe', inner: deep }
    expect(unwrapPlan(deep).to).toBe('maybe')
  })
})

describe('takesList', () => {
  it('is true for arrays and tuples only', () => {
    expect(takesList(v.array(v.string()))).toBe(true)
    expect(takesList(v.tuple([v.string(), v.number()]))).toBe(true)
    expect(takesList(v.string())).toBe(false)
    expect(takesList(v.object({}))).toBe(false)
  })
})

describe('schemaEntries', () => {
  it('lists an object’s entries with their keys, under its wrappers', () => {
    const entries = schemaEntries(v.optional(v.object({ page: v.number(), q: v.string() })))
    expect(entries.map((entry) => entry.key)).toEqual(['page', 'q'])
    expect(entries.map((entry) => entry.wire)).toEqual(['page', 'q'])
    expect(entries[0]?.plan).toEqual({ to: 'number', integer: false })
  })

  it('is empty for any other schema', () => {
    expect(schemaEntries(v.array(v.object({ a: v.string() })))).toEqual([])
    expect(schemaEntries('not a schema')).toEqual([])
  })
})

describe('presenceOf / mayBeAbsent', () => {
  it('tells optional and nullish (may be absent) from nullable (must be sent)', () => {
    expect(mayBeAbsent(v.optional(v.string()))).toBe(true)
    expect(mayBeAbsent(v.nullish(v.string()))).toBe(true)
    expect(mayBeAbsent(v.nullable(v.string()))).toBe(false)
    expect(mayBeAbsent(v.string())).toBe(false)
  })

  it('reads a default', () => {
    const presence = presenceOf(v.optional(v.number(), 10))
    expect(presence.hasDefault).toBe(true)
    expect(presence.default).toBe(10)
  })

  it('says nothing of the kind for a value no adapter owns', () => {
    expect(presenceOf(42)).toEqual({ optional: false, nullable: false, hasDefault: false, default: undefined })
  })
})
