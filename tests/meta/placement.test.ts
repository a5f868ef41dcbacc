/**
 * src/meta/placement.ts: where a decorator landed, under either decorator standard (TC39 contexts
 * and experimentalDecorators' arguments), and a misplaced one recorded on its class's meta.
 */
import { describe, expect, it } from 'vitest'
import { metaOfContext, metaOfPrototype } from '../../src/meta/class-meta'
import { misplace, placementOf } from '../../src/meta/placement'

const context = (kind: string, name: string, extra: object = {}): object => ({ kind, name, ...extra })

describe('placementOf (TC39 decorators)', () => {
  it('tells a class, an instance method and every other member apart', () => {
    expect(placementOf([class {}, context('class', 'A')])).toEqual({ on: 'class' })
    expect(placementOf([() => {}, context('method', 'list', { static: false })])).toEqual({ on: 'method', member: 'list' })
    expect(placementOf([undefined, context('field', 'x', { static: false })])).toEqual({ on: 'other', member: 'x', what: 'a field' })
    expect(placementOf([() => {}, context('method', 'make', { static: true })])).toEqual({ on: 'other', member: 'make', what: 'a static method' })
    expect(placementOf([() => {}, context('getter', 'size')])).toEqual({ on: 'other', member: 'size', what: 'a getter' })
    expect(placementOf([{}, context('accessor', 'a', { static: true })])).toEqual({ on: 'other', member: 'a', what: 'a static accessor' })
    expect(placementOf([{}, context('accessor', 'b', { static: false })])).toEqual({ on: 'other', member: 'b', what: 'a accessor' })
  })

  it('names a symbol member by its description', () => {
    expect(placementOf([() => {}, context('method', Symbol('hidden') as unknown as string)])).toEqual({ on: 'method', member: 'Symbol(hidden)' })
  })
})

describe('placementOf (experimentalDecorators)', () => {
  class Target {
    method(): void {}
  }
  const methodDescriptor = Object.getOwnPropertyDescriptor(Target.prototype, 'method')

  it('tells a class, an instance method, a field, an accessor and a static member apart', () => {
    expect(placementOf([Target])).toEqual({ on: 'class' })
    expect(placementOf([Target.prototype, 'method', methodDescriptor])).toEqual({ on: 'method', member: 'method' })
    expect(placementOf([Target.prototype, 'field'])).toEqual({ on: 'other', member: 'field', what: 'a field' })
    expect(placementOf([Target.prototype, 'size', { get: () => 1 }])).toEqual({ on: 'other', member: 'size', what: 'a accessor' })
    expect(placementOf([Target, 'make', methodDescriptor])).toEqual({ on: 'other', member: 'make', what: 'a static method' })
  })

  it('is undefined for anything that is no decorator call', () => {
    expect(placementOf([])).toBeUndefined()
    expect(placementOf(['x'])).toBeUndefined()
    expect(placementOf([{}, 1])).toBeUndefined()
    expect(placementOf([null, 'x'])).toBeUndefined()
    expect(placementOf([{}, 'x', undefined, 4])).toBeUndefined()
    expect(placementOf([{ params: {} }])).toBeUndefined()
  })
})

describe('misplace', () => {
  it('records the member and message on the class meta of a TC39 call', () => {
    const metadata = {}
    misplace([undefined, context('field', 'x', { metadata })], 'x', '@api.get is on a field')
    expect(metaOfContext({ metadata }).misplaced).toEqual([{ member: 'x', message: '@api.get is on a field' }])
  })

  it('records on the prototype’s meta for a legacy call, a static member’s on its class’s prototype', () => {
    class Legacy {}
    misplace([Legacy.prototype, 'field'], 'field', 'first')
    misplace([Legacy, 'make', {}], 'make', 'second')
    expect(metaOfPrototype(Legacy.prototype).misplaced.map((entry) => entry.message)).toEqual(['first', 'second'])
  })

  it('records nothing (and does not throw) where there is no meta to write to', () => {
    expect(() => misplace([undefined, context('field', 'x')], 'x', 'm')).not.toThrow()
    expect(() => misplace(['x', 1], 'x', 'm')).not.toThrow()
  })
})
