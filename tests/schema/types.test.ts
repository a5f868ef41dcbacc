/** src/schema/types.ts: a valibot schema read as the plain object shape fw plans from. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { shapeOf } from '../../src/schema/types'

describe('shapeOf', () => {
  it('reads the schema object itself: its type, entries, items, wrapped schema and pipe', () => {
    const entries = { a: v.string() }
    const object = v.object(entries)
    expect(shapeOf(object)).toBe(object)
    expect(shapeOf(object).type).toBe('object')
    expect(shapeOf(object).entries).toBe(entries)
    const item = v.number()
    expect(shapeOf(v.array(item)).item).toBe(item)
    expect(shapeOf(v.optional(item)).wrapped).toBe(item)
    expect(shapeOf(v.pipe(v.number(), v.integer())).pipe?.map((action) => action.type)).toEqual(['number', 'integer'])
    expect(shapeOf(v.picklist(['x', 'y'])).options).toEqual(['x', 'y'])
  })
})
