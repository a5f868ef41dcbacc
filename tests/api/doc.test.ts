/**
 * src/api/doc.ts: what `@api.doc` / `@api.hidden` record, on methods and classes, and how an
 * endpoint's doc is merged from its class lineage (class docs give tags and flags, never a
 * summary or status). The document built from them is tests/openapi/doc.test.ts.
 */
import { describe, expect, it } from 'vitest'
import 'fw-api'
import { ImproperlyConfigured } from '../../src/exceptions'
import { checkedDoc, classDoc, doc, hidden, methodDoc, operationDoc } from '../../src/api/doc'

describe('checkedDoc', () => {
  it('copies a valid doc', () => {
    const options = { summary: 's', status: 201, contentType: 'text/plain' }
    const checked = checkedDoc(options, '@api.doc')
    expect(checked).toEqual(options)
    expect(checked).not.toBe(options)
  })

  it('refuses a non-object, a status outside 200–299 and a malformed media type, naming where', () => {
    expect(() => checkedDoc(null as never, '@api.doc')).toThrow('@api.doc: takes an object ({ summary, status, tags, … })')
    for (const status of [199, 300, 404, 201.5]) expect(() => checkedDoc({ status }, 'x'), String(status)).toThrow(ImproperlyConfigured)
    expect(() => checkedDoc({ status: 404 }, '@api.doc')).toThrow('@api.doc({ status: 404 }): a success status is 200–299')
    for (const contentType of ['text', 'text/plain; charset=utf-8', 'a/b/c', ' text/plain'])
      expect(() => checkedDoc({ contentType }, 'x'), contentType).toThrow(ImproperlyConfigured)
    expect(checkedDoc({ contentType: 'application/vnd.api+json' }, 'x').contentType).toBe('application/vnd.api+json')
  })

  it('is checked when the decorator is made, before it lands anywhere', () => {
    expect(() => doc({ status: 500 })).toThrow(ImproperlyConfigured)
  })
})

describe('on methods', () => {
  class Base {
    @doc({ summary: 'List', tags: ['a'] })
    @doc({ description: 'All of them' })
    list(): void {}

    @hidden
    secret(): void {}
  }
  class Sub extends Base {
    @doc({ summary: 'List (sub)' })
    override list(): void {}
  }

  it('merges several docs on one method', () => {
    expect(methodDoc(Base, 'list')).toEqual({ summary: 'List', tags: ['a'], description: 'All of them' })
    expect(methodDoc(Base, 'secret')).toEqual({ hidden: true })
  })

  it('merges along the class lineage, the subclass winning', () => {
    expect(methodDoc(Sub, 'list')).toEqual({ summary: 'List (sub)', tags: ['a'], description: 'All of them' })
    expect(methodDoc(Sub, 'secret')).toEqual({ hidden: true })
    expect(methodDoc(Sub, 'unknown')).toEqual({})
  })
})

describe('on classes', () => {
  @doc({ tags: ['items'], summary: 'not for endpoints', status: 202, deprecated: true })
  @doc({ description: 'Items.' })
  class Items {
    @doc({ summary: 'Add' })
    add(): void {}
  }
  @hidden
  class Admin {}

  it('keeps a class’s docs merged on the class itself', () => {
    expect(classDoc(Items)).toEqual({ tags: ['items'], summary: 'not for endpoints', status: 202, deprecated: true, description: 'Items.' })
    expect(classDoc(Admin)).toEqual({ hidden: true })
    expect(classDoc(class Plain {})).toBeUndefined()
  })

  it('gives an endpoint its classes’ tags and flags, but not their summary, description or status', () => {
    const merged = operationDoc([Admin, Items], 'add')
    expect(merged).toMatchObject({ tags: ['items'], deprecated: true, hidden: true, summary: 'Add' })
    expect(merged.status).toBeUndefined()
    expect(merged.description).toBeUndefined()
  })

  it('lets an endpoint’s own doc (a field endpoint’s) win over everything', () => {
    expect(operationDoc([Items], 'add', { summary: 'Own', tags: ['own'] })).toMatchObject({ summary: 'Own', tags: ['own'] })
    expect(operationDoc([], 'x')).toEqual({})
  })
})

describe('misplaced', () => {
  it('refuses a doc on a field, pointing at the field endpoint’s form', () => {
    expect(() => {
      class WithField {
        // @ts-expect-error the types refuse it too
        @doc({ summary: 'x' })
        field = 1
      }
      return WithField
    }).toThrow("@api.doc / @api.hidden are on the field 'field'; a field endpoint takes them after its handler: api.get(params, handler, { doc: { … } })")
  })

  it('refuses a call that is no decorator call', () => {
    expect(() => (hidden as unknown as (value: unknown) => void)('not a target')).toThrow(ImproperlyConfigured)
  })
})
