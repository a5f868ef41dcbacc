/**
 * src/meta/class-meta.ts: what decorators record about an API class — one meta per class under
 * either decorator standard, read back as the class's own (never a parent's).
 */
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { isDecoratorContext, isLegacyMemberCall, metaOfContext, metaOfMethodCall, metaOfPrototype, ownMeta } from '../../src/meta/class-meta'

describe('metaOfContext', () => {
  it('makes one meta per metadata bag, empty at first', () => {
    const metadata = {}
    const meta = metaOfContext({ metadata })
    expect(metaOfContext({ metadata })).toBe(meta)
    expect(meta.endpoints.size).toBe(0)
    expect(meta.hooks).toEqual([])
    expect(meta.misplaced).toEqual([])
  })

  it('gives a subclass’s bag its own meta, not the parent’s it inherits from', () => {
    const parent = {}
    const child = Object.create(parent) as object
    expect(metaOfContext({ metadata: child })).not.toBe(metaOfContext({ metadata: parent }))
  })

  it('says how to fix a missing metadata bag', () => {
    expect(() => metaOfContext({ metadata: null })).toThrow(ImproperlyConfigured)
    expect(() => metaOfContext({})).toThrow('fw: decorator metadata is unavailable; import "fw-api" before declaring API classes')
  })
})

describe('metaOfPrototype / ownMeta', () => {
  it('keeps one meta per prototype, found as the class’s own', () => {
    class Legacy {}
    const meta = metaOfPrototype(Legacy.prototype)
    expect(metaOfPrototype(Legacy.prototype)).toBe(meta)
    expect(ownMeta(Legacy)).toEqual([meta])
  })

  it('finds no meta of a parent on a subclass', () => {
    class Parent {}
    metaOfPrototype(Parent.prototype)
    class Child extends Parent {}
    expect(ownMeta(Child)).toEqual([])
  })

  it('finds the TC39 meta a decorated class holds under Symbol.metadata', () => {
    const metadata = {}
    const meta = metaOfContext({ metadata })
    class Decorated {}
    Object.defineProperty(Decorated, (Symbol as unknown as { metadata: symbol }).metadata, { value: metadata })
    expect(ownMeta(Decorated)).toEqual([meta])
  })
})

describe('isDecoratorContext / isLegacyMemberCall / metaOfMethodCall', () => {
  it('tells a TC39 context by its kind and name', () => {
    expect(isDecoratorContext({ kind: 'method', name: 'x' })).toBe(true)
    expect(isDecoratorContext({ kind: 1, name: 'x' })).toBe(false)
    expect(isDecoratorContext({ name: 'x' })).toBe(false)
    expect(isDecoratorContext(null)).toBe(false)
  })

  it('tells a legacy member call by its (target, key, descriptor?) arguments', () => {
    expect(isLegacyMemberCall([{}, 'm'])).toBe(true)
    expect(isLegacyMemberCall([{}, Symbol('m'), {}])).toBe(true)
    expect(isLegacyMemberCall([{}, 'm', 1])).toBe(false)
    expect(isLegacyMemberCall([{ a: 1 }])).toBe(false)
    expect(isLegacyMemberCall([null, 'm'])).toBe(false)
  })

  it('finds the meta and the method name under either standard', () => {
    const metadata = {}
    expect(metaOfMethodCall([() => {}, { kind: 'method', name: 'list', metadata }])).toEqual({ meta: metaOfContext({ metadata }), name: 'list' })
    class Legacy {}
    expect(metaOfMethodCall([Legacy.prototype, 'get'])).toEqual({ meta: metaOfPrototype(Legacy.prototype), name: 'get' })
  })
})
