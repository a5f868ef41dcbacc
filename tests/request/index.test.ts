/**
 * src/request/index.ts: the param markers users declare — where each reads from, the slug
 * pattern, rest paths, whole objects, `Param(schema, options)` — and casts kept as the build's message.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Cookies, CookieParam, FilePathParam, HeaderParam, Headers, Param, PathParam, Query, QueryParam, SlugPathParam } from '../../src/request/index'
import { toSpec } from '../../src/request/markers'
import { unsafeFilePath } from '../../src/file/path'
import { restMatcher } from '../../src/router'

describe('the bare markers', () => {
  it('read from the place each names', () => {
    expect(toSpec(PathParam)).toEqual({ kind: 'path', match: 'segment', hasDefault: false })
    // a rest param brings its own matching and file-path check (a service without one bundles neither)
    expect(toSpec(FilePathParam)).toEqual({ kind: 'path', match: 'rest', hasDefault: false, restPaths: { matcher: restMatcher, unsafe: unsafeFilePath } })
    expect(toSpec(QueryParam)).toEqual({ kind: 'query', hasDefault: false })
    expect(toSpec(HeaderParam)).toEqual({ kind: 'header', hasDefault: false })
    expect(toSpec(CookieParam)).toEqual({ kind: 'cookie', hasDefault: false })
  })

  it('give SlugPathParam a slug pattern: words joined by single dashes', () => {
    const regex = new RegExp(`^(?:${toSpec(SlugPathParam).regex})$`)
    for (const slug of ['hello', 'hello-world', 'a1-b2-c3']) expect(regex.test(slug), slug).toBe(true)
    for (const bad of ['-a', 'a-', 'a--b', 'a_b', 'a b', 'é']) expect(regex.test(bad), bad).toBe(false)
  })

  it('take `absolute` on a file path, and options like any marker', () => {
    const configured = (FilePathParam as unknown as (options: object) => unknown)({ absolute: true, default: 'index.md' })
    expect(toSpec(configured)).toMatchObject({ kind: 'path', match: 'rest', absolute: true, hasDefault: true, default: 'index.md' })
  })
})

describe('whole objects', () => {
  it('read the query, the headers or the cookies as one object', () => {
    const schema = v.object({ page: v.number() })
    expect(toSpec(Query(schema))).toMatchObject({ kind: 'query-object', schema, invalid: undefined })
    expect(toSpec(Headers(schema)).kind).toBe('header-object')
    expect(toSpec(Cookies(schema)).kind).toBe('cookie-object')
  })

  it('keep a cast instead of a schema as the build’s message', () => {
    expect(toSpec(Query({ page: v.number() } as never)).invalid).toMatch(/^request\.Query\(\) takes a valibot schema, got a plain object \(keys: page\)/)
    expect(toSpec(Headers(null as never)).invalid).toBe('request.Headers() takes a valibot schema, got null')
  })
})

describe('Param', () => {
  it('declares a param read where its name says (path if in the template, else query)', () => {
    const schema = v.number()
    expect(toSpec(Param(schema, { default: 1, alias: 'p' }))).toEqual({ kind: 'auto', schema, hasDefault: true, default: 1, alias: 'p' })
    expect(toSpec(Param(schema))).toEqual({ kind: 'auto', schema, hasDefault: false })
  })

  it('keeps a cast as the build’s message', () => {
    expect(toSpec(Param('x' as never)).invalid).toBe('Param() takes a valibot schema, got string')
  })
})
