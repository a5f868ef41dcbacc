/**
 * src/orm/plan.ts (its scope parser, in process; the plans themselves run on PGlite in
 * tests/orm/orm.test.ts): `?scope=` text — names and nested names, bounded nesting, stray characters.
 */
import { describe, expect, it } from 'vitest'
import { parseScope } from '../../src/orm/plan'

/** The parsed scope as plain data. */
function shown(text: string): unknown {
  const show = (map: ReturnType<typeof parseScope>): Record<string, unknown> =>
    Object.fromEntries([...map].map(([name, value]) => [name, value === true ? true : show(value.only ?? new Map())]))
  return show(parseScope(text))
}

describe('parseScope', () => {
  it('reads names, trimmed, and nested names in parentheses', () => {
    expect(shown('id, title ,author(name,bio),comments(author(name))')).toEqual({ id: true, title: true, author: { name: true, bio: true }, comments: { author: { name: true } } })
  })

  it('skips empty names and reads an empty text as no names', () => {
    expect(shown(',,a,,')).toEqual({ a: true })
    expect(shown('')).toEqual({})
  })

  it('stops nesting at 8 levels (deeper parentheses are read as text), in linear time', () => {
    const deep = `${'a('.repeat(20)}x${')'.repeat(20)}`
    let level = parseScope(deep)
    let depth = 0
    for (let next = level.get('a'); next !== undefined && next !== true; next = level.get('a')) {
      level = next.only ?? new Map()
      depth++
    }
    expect(depth).toBe(8)
    expect(parseScope('a,'.repeat(50_000)).size).toBe(1)
  })

  it('ends a level at a stray closing parenthesis', () => {
    expect(shown('a),b')).toEqual({ a: true })
  })
})
