/**
 * src/orm/query-keys.ts: the query keys an `orm.Query` reads — aliases, typed operator keys
 * (`followers_num>=`), keys that cannot be sent refused at build, clashes and unknown operator
 * keys found per request.
 */
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import type { QueryField } from '../../src/orm/query'
import { keysProblem, knownKeys, queryKeysOf, valueOf } from '../../src/orm/query-keys'

const filter = (alias?: string): QueryField => ({ '~ormQuery': 'filter', op: 'gte', path: 'followers', alias })
const limit = (alias?: string): QueryField => ({ '~ormQuery': 'limit', alias })

describe('queryKeysOf', () => {
  it('reads each field under its alias, and a filter alias ending with `=` also without it', () => {
    expect(queryKeysOf('Q', { minFollowers: filter('followers_num>='), limit: limit('page_size'), name: filter() })).toEqual([
      { field: 'minFollowers', wire: 'followers_num>=', typed: 'followers_num>' },
      { field: 'limit', wire: 'page_size' },
      { field: 'name', wire: 'name' },
    ])
  })

  it('refuses a key that cannot be sent as written', () => {
    for (const alias of ['a=b', 'a&b', 'a#', '=']) expect(() => queryKeysOf('Q', { f: filter(alias) }), alias).toThrow(ImproperlyConfigured)
    expect(() => queryKeysOf('ArticleQuery', { limit: limit('size=') })).toThrow(
      "ArticleQuery: the key 'size=' of 'limit' cannot be sent as written (a query key ends at '=', '&' or '#'; only a filter's alias may end with '=')",
    )
  })

  it('refuses two fields reading one key (a typed key included)', () => {
    expect(() => queryKeysOf('Q', { a: filter('x'), b: filter('x') })).toThrow("Q: 'b' and 'a' both read the query key 'x'")
    expect(() => queryKeysOf('Q', { a: filter('n>='), b: filter('n>') })).toThrow("Q: 'b' and 'a' both read the query key 'n>'")
  })
})

describe('keysProblem / knownKeys / valueOf', () => {
  const keys = queryKeysOf('Q', { minFollowers: filter('followers_num>='), name: filter() })
  const known = knownKeys(keys)

  it('knows every wire and typed key', () => {
    expect([...known].sort()).toEqual(['followers_num>', 'followers_num>=', 'name'])
  })

  it('reads a typed filter under either of its keys', () => {
    expect(valueOf({ 'followers_num>': '5' }, keys[0] as (typeof keys)[0])).toBe('5')
    expect(valueOf({ 'followers_num>=': '6' }, keys[0] as (typeof keys)[0])).toBe('6')
  })

  it('finds a filter given twice, and an unknown operator key (cut short), naming the operator filters', () => {
    expect(keysProblem({ 'followers_num>=': '1', 'followers_num>': '2' }, keys, known)).toBe("the filter 'followers_num>=' is given twice (as 'followers_num>=' and as 'followers_num>')")
    expect(keysProblem({ 'age<': '3' }, keys, known)).toBe("unknown filter 'age<' (operator filters here: followers_num>=)")
    expect(keysProblem({ [`${'k'.repeat(200)}!`]: '1' }, keys, known)).toBe(`unknown filter '${'k'.repeat(100)}…' (operator filters here: followers_num>=)`)
  })

  it('leaves plain unknown keys to the schema (no problem here)', () => {
    expect(keysProblem({ page: '1', name: 'x' }, keys, known)).toBeUndefined()
  })
})
