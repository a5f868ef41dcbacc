/**
 * src/router/path.ts: a path template compiled once — literal templates, whole-segment params,
 * rest params, trailing optional params, and the templates refused at build.
 */
import { describe, expect, it } from 'vitest'
import { referenceRegex } from '../helpers/path-regex'
import { cpuTimeSync } from '../helpers/time'
import { ImproperlyConfigured } from '../../src/exceptions'
import { compilePath, type PathParamRule } from '../../src/router/path'
import { restMatcher } from '../../src/router'

const SEGMENT: PathParamRule = { match: 'segment', optional: false }
const rules =
  (table: Record<string, PathParamRule>) =>
  (name: string): PathParamRule =>
    table[name] ?? SEGMENT
const segmentsOnly = rules({})

describe('compilePath', () => {
  it('keeps a template without params as its literal path (normalised)', () => {
    const compiled = compilePath('users//list/', segmentsOnly)
    expect(compiled.literal).toBe('/users/list')
    expect(compiled.template).toBe('/users/list')
    expect(compiled.names).toEqual([])
    expect(compiled.match).toBeUndefined()
  })

  it('matches whole-segment params segment by segment, values raw (still percent-encoded)', () => {
    const compiled = compilePath('/users/{id}/posts/{post}', segmentsOnly)
    expect(compiled.names).toEqual(['id', 'post'])
    expect(compiled.optional).toBe(0) // every segment required: matchBySegments over them, called straight
    expect(compiled.match?.('/users/7/posts/a%20b')).toEqual(['7', 'a%20b'])
    expect(compiled.match?.('/users/7/posts')).toBeUndefined()
    expect(compiled.match?.('/users/7/posts/1/extra')).toBeUndefined()
    expect(compiled.match?.('/users//posts/1')).toBeUndefined()
  })

  it('matches a literal segment percent-encoded as a request path carries it', () => {
    const compiled = compilePath('/café/{id}', segmentsOnly)
    expect(compiled.match?.('/caf%C3%A9/1')).toEqual(['1'])
    expect(compiled.match?.('/café/1')).toBeUndefined()
  })

  it('takes the rest of the path, slashes and newlines included, for a rest param', () => {
    const compiled = compilePath('/files/{path}', rules({ path: { match: 'rest', optional: false, restMatcher } }))
    expect(compiled.match?.('/files/a/b/c.txt')).toEqual(['a/b/c.txt'])
    expect(compiled.match?.('/files/a\nb')).toEqual(['a\nb'])
    expect(referenceRegex('/files/{path}', rules({ path: { match: 'rest', optional: false } }))?.test('/files/a\nb')).toBe(true)
    // the rest matching comes with the param's marker (request.FilePathParam): without it, refused
    expect(() => compilePath('/files/{path}', rules({ path: { match: 'rest', optional: false } }))).toThrow(ImproperlyConfigured)
  })

  it('lets trailing params with defaults be absent (undefined in their place)', () => {
    const optional = { match: 'segment', optional: true } as const
    const compiled = compilePath('/doc/{lang}/{page}', rules({ lang: optional, page: optional }))
    expect(compiled.match?.('/doc/en/intro')).toEqual(['en', 'intro'])
    expect(compiled.match?.('/doc/en')).toEqual(['en', undefined])
    expect(compiled.match?.('/doc')).toEqual([undefined, undefined])
    expect(compiled.match?.('/doc/en/intro/more')).toBeUndefined()
    expect(compiled.optional).toBe(2) // both may be left out: the route's optional tail
    expect(compilePath('/doc/{lang}/{page}', rules({ page: optional })).optional).toBe(1)
    expect(compilePath('/doc/{lang}-{page}', rules({ lang: optional, page: optional })).optional).toBe(0)
  })

  it('lets every param of an all-optional template be absent from `/`', () => {
    const compiled = compilePath('/{lang}', rules({ lang: { match: 'segment', optional: true } }))
    expect(compiled.match?.('/')).toEqual([undefined])
    expect(compiled.match?.('/fr')).toEqual(['fr'])
  })

  it('matches params sharing a segment with literals, in linear time on a hostile path', () => {
    const compiled = compilePath('/{a}-{b}-{c}', segmentsOnly)
    expect(compiled.match?.('/x-y-z')).toEqual(['x', 'y', 'z'])
    expect(compiled.match?.('/x-y')).toBeUndefined()
    const hostile = `/${'-'.repeat(20_000)}`
    const { ms } = cpuTimeSync(() => {
      compiled.match?.(hostile)
    })
    expect(ms, 'CPU ms (a hang guard)').toBeLessThan(2000)
  })

  it('builds the reference regex with its groups in name order', () => {
    expect(referenceRegex('/item/{code}', segmentsOnly)?.source).toBe('^\\/item\\/([^/]+)$')
  })

  it('refuses an empty param, two params with no literal between them, and a repeated name', () => {
    expect(() => compilePath('/a/{}', segmentsOnly)).toThrow(ImproperlyConfigured)
    expect(() => compilePath('/a/{ }', segmentsOnly)).toThrow("route '/a/{ }': empty path param '{}'")
    expect(() => compilePath('/{a}{b}', segmentsOnly)).toThrow(
      "route '/{a}{b}': path params '{a}{b}' need a literal between them",
    )
    expect(() => compilePath('/{id}/x/{id}', segmentsOnly)).toThrow("route '/{id}/x/{id}': path param '{id}' appears twice")
  })
})
