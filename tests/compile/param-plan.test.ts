/**
 * src/compile/param-plan.ts: one param's plan, built once per endpoint — where it is read from
 * (wire names, kebab-case headers, repeated query keys, path patterns and rest params, header and
 * cookie objects entry by entry), whether it is whole, absent-able, and its checker.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { cookiePlan, headerPlan, objectPlan, pathPlan, queryPlan } from '../../src/compile/param-plan'
import type { MarkerSpec } from '../../src/request/markers'
import { Field } from '../../src/schema/field'
import { unsafeFilePath } from '../../src/file/path'
import { restMatcher } from '../../src/router'
import { readQueryObject } from '../../src/pipeline/extract'

const spec = (kind: MarkerSpec['kind'], more: Partial<MarkerSpec> = {}): MarkerSpec => ({ kind, hasDefault: false, ...more })

describe('source plans', () => {
  it('reads a query param under its alias, as a list when the schema takes one', () => {
    const tags = queryPlan(10, spec('query', { schema: v.array(v.string()), alias: 'tag' }), 'tags', 'input')
    expect(tags).toMatchObject({ in: 'query', name: 'tag', key: 'tags', target: 'input', source: { kind: 'query', wire: 'tag', list: true }, whole: false })
    expect(queryPlan(10, spec('query'), 'q', 'input').source).toEqual({ kind: 'query', wire: 'q', list: false })
  })

  it('reads a header under its kebab-case name, compared in lower case', () => {
    expect(headerPlan(10, spec('header'), 'xRequestId', 'input')).toMatchObject({ name: 'x-request-id', source: { kind: 'header', wire: 'x-request-id' } })
    expect(headerPlan(10, spec('header', { alias: 'X-Token' }), 'token', 'instance')).toMatchObject({ name: 'X-Token', target: 'instance', source: { wire: 'x-token' } })
  })

  it('reads a cookie under its alias (body fields: tests/body/plan.test.ts)', () => {
    expect(cookiePlan(10, spec('cookie', { alias: 'sid' }), 'session', 'input').source).toEqual({ kind: 'cookie', wire: 'sid', read: expect.any(Function) })
  })

  it('keeps a default and an optional param’s absence, and checks with the schema', () => {
    const page = queryPlan(10, spec('query', { schema: v.number(), hasDefault: true, default: 1, required: false }), 'page', 'input')
    expect(page).toMatchObject({ hasDefault: true, default: 1, mayBeAbsent: true })
    expect(page.checker?.check('3')).toBe(3)
  })
})

describe('pathPlan', () => {
  it('holds the segment index, an anchored pattern, and a file path’s check (its marker’s) and absolute', () => {
    const slug = pathPlan(10, spec('path', { regex: '[a-z-]+' }), 'slug', 1, 'input', 'slug')
    expect(slug.source).toMatchObject({ kind: 'path', index: 1, regex: '[a-z-]+', unsafe: undefined, absolute: false })
    const pattern = slug.source.kind === 'path' ? slug.source.pattern : undefined
    expect(pattern?.test('a-b')).toBe(true)
    expect(pattern?.test('a-b/c')).toBe(false)
    const restPaths = { matcher: restMatcher, unsafe: unsafeFilePath }
    const file = pathPlan(10, spec('path', { match: 'rest', absolute: true, restPaths }), 'path', 0, 'input', 'path')
    expect(file.source).toMatchObject({ unsafe: unsafeFilePath, absolute: true, pattern: undefined })
    // a rest param brings its check with its marker (request.FilePathParam): without it, refused at build
    expect(() => pathPlan(10, spec('path', { match: 'rest' }), 'path', 0, 'input', 'path')).toThrow('a rest path param is declared with request.FilePathParam')
  })
})

describe('objectPlan', () => {
  it('reads a query object whole, listing its entries under their wire names', () => {
    const query = objectPlan(10, spec('query-object', { schema: v.object({ pageSize: Field(v.number(), { alias: 'page-size' }) }) }), 'query', 'input', 'query')
    expect(query).toMatchObject({ in: 'query', whole: true, source: { kind: 'query-object', read: readQueryObject } })
    expect(query.entries?.map(({ key, wire, name }) => [key, wire, name])).toEqual([['pageSize', 'page-size', 'page-size']])
  })

  it('reads a header object entry by entry, under kebab-case names unless aliased', () => {
    const headers = objectPlan(10, spec('header-object', { schema: v.object({ xTrace: v.string(), Auth: Field(v.string(), { alias: 'Authorization' }) }) }), 'head', 'input', 'header')
    expect(headers.source).toEqual({
      kind: 'entries',
      at: 'header',
      entries: [
        { wire: 'xTrace', source: 'x-trace', cookies: false },
        { wire: 'Authorization', source: 'authorization', cookies: false },
      ],
      read: expect.any(Function),
    })
  })

  it('reads a `cookie` entry holding an object from the parsed Cookie header', () => {
    const headers = objectPlan(10, spec('header-object', { schema: v.object({ cookie: v.object({ sid: v.string() }) }) }), 'head', 'input', 'header')
    expect(headers.source).toMatchObject({ entries: [{ wire: 'cookie', source: 'cookie', cookies: true }] })
  })

  it('reads a cookie object entry by entry, names as they are', () => {
    const cookies = objectPlan(10, spec('cookie-object', { schema: v.object({ sessionId: v.string() }) }), 'jar', 'input', 'cookie')
    expect(cookies.source).toEqual({ kind: 'entries', at: 'cookie', entries: [{ wire: 'sessionId', source: 'sessionId', cookies: false }], read: expect.any(Function) })
  })
})
