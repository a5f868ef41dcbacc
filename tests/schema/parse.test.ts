/**
 * src/schema/parse.ts: a schema's convert-then-check — the output, or `Invalid` (returned, never
 * thrown) naming failing items by their wire names; a schema that throws answered as an `Invalid`
 * with its message cut short, an HttpError let through.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Conflict } from '../../src/exceptions'
import { ConversionError } from '../../src/schema/errors'
import { Field } from '../../src/schema/field'
import { compileChecker, Invalid, SchemaChecker } from '../../src/schema/parse'

describe('Invalid', () => {
  it('lists itself as its only failure unless given all of them', () => {
    expect(new Invalid('bad').all).toEqual([{ reason: 'bad', path: [] }])
    expect(new Invalid('a', ['x'], [{ reason: 'a', path: ['x'] }, { reason: 'b', path: ['y'] }]).all).toHaveLength(2)
  })
})

describe('SchemaChecker', () => {
  it('converts then validates, with valibot and zod alike', () => {
    expect(new SchemaChecker(v.object({ n: v.number() })).check({ n: '2' })).toEqual({ n: 2 })
    expect(compileChecker(z.object({ n: z.number() }) as never)({ n: '3' })).toEqual({ n: 3 })
  })

  it('returns every failure, the first as the reason', () => {
    const failed = compileChecker(v.object({ a: v.pipe(v.number(), v.minValue(5)), b: v.string() }))({ a: '1', b: [] })
    expect(failed).toBeInstanceOf(Invalid)
    const invalid = failed as Invalid
    expect(invalid.all.map((failure) => failure.path)).toEqual([['a'], ['b']])
    expect(invalid.path).toEqual(['a'])
  })

  it('names failing items by their wire names (aliases), nested ones too', () => {
    const schema = v.object({ filter: Field(v.object({ minAge: Field(v.pipe(v.number(), v.minValue(0)), { alias: 'min-age' }) }), { alias: 'where' }) })
    const invalid = compileChecker(schema)({ where: { 'min-age': '-1' } }) as Invalid
    expect(invalid).toBeInstanceOf(Invalid)
    expect(invalid.path).toEqual(['where', 'min-age'])
    expect(compileChecker(schema)({ where: { 'min-age': '3' } })).toEqual({ filter: { minAge: 3 } })
  })

  it('still throws a ConversionError for a value that cannot be converted', () => {
    expect(() => compileChecker(v.number())('abc')).toThrow(ConversionError)
  })

  it('answers a schema that throws with an Invalid of its message, cut to 200 characters', () => {
    const throwing = v.pipe(
      v.string(),
      v.transform((text: string) => {
        throw new Error(text)
      }),
    )
    const short = compileChecker(throwing)('boom') as Invalid
    expect(short).toBeInstanceOf(Invalid)
    expect(short.reason).toBe('boom')
    const long = compileChecker(throwing)('x'.repeat(500)) as Invalid
    expect(long.reason).toHaveLength(200)
    expect(long.reason.endsWith('...')).toBe(true)
    const silent = v.pipe(
      v.string(),
      v.transform(() => {
        throw ''
      }),
    )
    expect((compileChecker(silent)('x') as Invalid).reason).toBe('invalid value')
  })

  it('lets an HttpError a schema throws through (its own answer)', () => {
    const conflicting = v.pipe(
      v.string(),
      v.transform(() => {
        throw new Conflict('taken')
      }),
    )
    expect(() => compileChecker(conflicting)('x')).toThrow(Conflict)
  })

  it('answers asynchronously for an async schema', async () => {
    const checker = compileChecker(z.string().refine(async (text) => text === 'ok') as never)
    await expect(checker('ok')).resolves.toBe('ok')
    await expect(checker('no')).resolves.toBeInstanceOf(Invalid)
  })

  it('refuses what is no schema of a supported library', () => {
    expect(() => new SchemaChecker({ type: 'string' } as never)).toThrow('fw: not a schema of any supported library (valibot, or a Standard Schema V1): string')
  })
})

describe('an object entry named as an Object.prototype member', () => {
  it('is absent when the value lacks it, never the inherited member (valibot, zod; nested and in lists)', () => {
    const cookies = v.object({ session: v.optional(v.string()), constructor: v.optional(v.string()), toString: v.optional(v.string()) })
    expect(compileChecker(cookies)({})).toEqual({})
    expect(compileChecker(cookies)({ constructor: 'c', toString: 't' })).toEqual({ constructor: 'c', toString: 't' })
    expect(compileChecker(cookies)(Object.create(null))).toEqual({})
    const required = compileChecker(v.object({ constructor: v.string() }))({})
    expect(required).toBeInstanceOf(Invalid)
    expect((required as Invalid).reason).not.toMatch(/Function/)
    const nested = compileChecker(v.object({ headers: v.object({ cookie: v.optional(v.object({ constructor: v.optional(v.string()) })) }) }))
    expect(nested({ headers: { cookie: {} } })).toEqual({ headers: { cookie: {} } })
    expect(JSON.stringify(compileChecker(v.array(v.object({ valueOf: v.optional(v.number()) })))([{}, { valueOf: '2' }]))).toBe('[{},{"valueOf":2}]')
    expect(compileChecker(z.object({ constructor: z.string().optional() }) as never)({})).toEqual({})
    // in a union's member and a tuple's item too (the checker's converters make the copy, wherever the object is)
    const member = compileChecker(v.union([v.object({ constructor: v.optional(v.string()) }), v.number()]))
    expect(member({})).toEqual({})
    expect(compileChecker(v.tuple([v.object({ toString: v.optional(v.string()) })]))([{}])).toEqual([{}])
    // a __proto__ key sent is an own entry of the copy, never a prototype
    const sent = JSON.parse('{"__proto__": {"polluted": 1}, "session": "s"}') as unknown
    expect(compileChecker(cookies)(sent)).toEqual({ session: 's' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
