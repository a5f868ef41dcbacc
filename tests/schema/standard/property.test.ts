/**
 * src/schema/standard/property.ts: one property of a Standard Schema object as fw reads it from
 * the object's JSON Schema — its wire name (an alias in the metadata), a view of it that checks
 * presence, and the schema with properties renamed to their wire names.
 */
import { describe, expect, it } from 'vitest'
import type { StandardResult } from '../../../src/schema/adapter'
import { ALIAS_KEY } from '../../../src/schema/standard/meta'
import { Alias, propertyView, wireNamed, wireNameOf } from '../../../src/schema/standard/property'

describe('Alias', () => {
  it('is the metadata that carries a wire name', () => {
    expect(Alias('page-size')).toEqual({ [ALIAS_KEY]: 'page-size' })
  })
})

describe('wireNameOf', () => {
  it('reads the alias of a property, also through a $ref or a nullable anyOf', () => {
    const root = { $defs: { Size: { type: 'number', [ALIAS_KEY]: 'size' } } }
    expect(wireNameOf(root, { type: 'number', [ALIAS_KEY]: 'page-size' })).toBe('page-size')
    expect(wireNameOf(root, { type: 'number', alias: 'n' })).toBe('n')
    expect(wireNameOf(root, { $ref: '#/$defs/Size' })).toBe('size')
    expect(wireNameOf(root, { anyOf: [{ type: 'string', alias: 'q' }, { type: 'null' }] })).toBe('q')
  })

  it('is undefined without an alias, or with an empty or non-text one', () => {
    expect(wireNameOf({}, { type: 'string' })).toBeUndefined()
    expect(wireNameOf({}, { [ALIAS_KEY]: '' })).toBeUndefined()
    expect(wireNameOf({}, { alias: 3 })).toBeUndefined()
  })
})

describe('propertyView', () => {
  const check = (view: ReturnType<typeof propertyView>, value: unknown) => view['~standard'].validate(value) as StandardResult<unknown>

  it('refuses a missing required value, and gives an optional one its default', () => {
    expect(check(propertyView({}, { type: 'string' }, true), undefined)).toEqual({ issues: [{ message: 'required item missing' }] })
    expect(check(propertyView({}, { type: 'number', default: 10 }, false), undefined)).toEqual({ value: 10 })
    expect(check(propertyView({}, { type: 'number' }, true), 5)).toEqual({ value: 5 })
  })

  it('refuses null unless the property is nullable', () => {
    expect(check(propertyView({}, { type: 'string' }, true), null)).toEqual({ issues: [{ message: 'null is not allowed' }] })
    expect(check(propertyView({}, { type: ['string', 'null'] }, true), null)).toEqual({ value: null })
  })

  it('describes itself with the property’s JSON Schema and the root’s $defs', () => {
    const root = { $defs: { A: { type: 'string' } } }
    const view = propertyView(root, { $ref: '#/$defs/A' }, true)
    const standard = view['~standard'] as unknown as { vendor: string; jsonSchema: { input: () => unknown } }
    expect(standard.vendor).toBe('fw-json-schema')
    expect(standard.jsonSchema.input()).toEqual({ $ref: '#/$defs/A', $defs: root.$defs })
  })
})

describe('wireNamed', () => {
  const schema = {
    type: 'object',
    properties: {
      pageSize: { type: 'number', [ALIAS_KEY]: 'page-size' },
      filter: { type: 'object', properties: { minAge: { type: 'number', alias: 'min-age' } }, required: ['minAge'] },
    },
    required: ['pageSize'],
    default: { pageSize: 1, [ALIAS_KEY]: 'kept as data' },
  }

  it('renames properties (nested too) and their required names to the wire names, dropping the alias keywords', () => {
    expect(wireNamed(schema, true)).toEqual({
      type: 'object',
      properties: {
        'page-size': { type: 'number' },
        filter: { type: 'object', properties: { 'min-age': { type: 'number' } }, required: ['min-age'] },
      },
      required: ['page-size'],
      default: { pageSize: 1, [ALIAS_KEY]: 'kept as data' },
    })
  })

  it('keeps the names without `rename`, still dropping the alias keywords', () => {
    const named = wireNamed(schema, false) as { properties: Record<string, Record<string, unknown>> }
    expect(Object.keys(named.properties)).toEqual(['pageSize', 'filter'])
    expect(named.properties.pageSize).toEqual({ type: 'number' })
  })

  it('keeps a property whose wire name is an object’s special key (__proto__) as a property', () => {
    const odd = { type: 'object', properties: { a: { type: 'string', [ALIAS_KEY]: '__proto__' }, b: { type: 'number' } }, required: ['a', 'b'] }
    const named = wireNamed(odd, true) as { properties: Record<string, unknown>; required: string[] }
    expect(Object.keys(named.properties)).toEqual(['__proto__', 'b'])
    expect(Object.getPrototypeOf(named.properties)).toBe(Object.prototype)
    expect(JSON.parse(JSON.stringify(named))).toEqual(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"b":{"type":"number"}},"required":["__proto__","b"]}'))
  })

  it('stops at a bounded depth on a hostile nesting', () => {
    let deep: Record<string, unknown> = { type: 'string' }
    for (let index = 0; index < 1000; index++) deep = { items: deep }
    expect(() => wireNamed(deep, true)).not.toThrow()
  })
})
