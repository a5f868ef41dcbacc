/**
 * src/openapi/parameters.ts: a route's OpenAPI parameters — each param's wire schema, default,
 * pattern and notes, where it comes from (`x-fw-source`), and one parameter for two declarations
 * of the same wire name (both rules kept).
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { parametersOf } from '../../src/openapi/parameters'
import type { RouteInfo, RouteParam } from '../../src/openapi/route-info'

const param = (fields: Partial<RouteParam> & Pick<RouteParam, 'in' | 'name'>): RouteParam => ({ key: fields.name, target: 'input', required: true, hasDefault: false, ...fields })
const routeWith = (params: RouteParam[], optionalTail: string[] = []): RouteInfo => ({ params, optionalTail }) as unknown as RouteInfo

describe('parametersOf', () => {
  it('describes each param with its schema, where it is read from, and its source key', () => {
    const [q] = parametersOf(routeWith([param({ in: 'query', name: 'q', schema: v.string() })]), {})
    expect(q).toEqual({ name: 'q', in: 'query', required: true, schema: { type: 'string' }, 'x-fw-source': [{ key: 'q' }] })
  })

  it('documents what the wire accepts: an integer param takes a decimal, truncated', () => {
    const [page] = parametersOf(routeWith([param({ in: 'query', name: 'page', schema: v.pipe(v.number(), v.integer()) })]), {})
    expect(page?.schema).toMatchObject({ type: 'number' })
    expect(page?.description).toMatch(/^An integer: a decimal is accepted and truncated toward zero/)
  })

  it('writes a default, a pattern, the notes of a rest param and of an optional trailing one', () => {
    const [lang, path] = parametersOf(
      routeWith(
        [
          param({ in: 'path', name: 'lang', schema: v.string(), required: false, hasDefault: true, default: 'en', regex: '[a-z]{2}' }),
          param({ in: 'path', name: 'path', schema: v.string(), match: 'rest' }),
        ],
        ['lang'],
      ),
      {},
    )
    expect(lang).toMatchObject({ required: false, schema: { type: 'string', default: 'en', pattern: '^(?:[a-z]{2})$' }, description: 'May be left out of the URL (trailing param with a default).' })
    expect(path).toMatchObject({ 'x-fw-match': 'rest', description: 'The rest of the path, `/` included (FilePathParam); segments are percent-encoded one by one.' })
  })

  it('lets a null default make null a value the param may take', () => {
    const [theme] = parametersOf(routeWith([param({ in: 'cookie', name: 'theme', schema: v.string(), required: false, hasDefault: true, default: null })]), {})
    expect(theme?.schema).toEqual({ type: ['string', 'null'], default: null })
  })

  it('lifts the schema’s description and first example onto the parameter', () => {
    const [q] = parametersOf(routeWith([param({ in: 'query', name: 'q', schema: v.pipe(v.string(), v.description('search text'), v.examples(['shoes'])) })]), {})
    expect(q).toMatchObject({ description: 'search text', example: 'shoes' })
  })

  it('makes one parameter of two declarations of a header (names compared case-insensitively), keeping both rules', () => {
    const params = parametersOf(
      routeWith([
        param({ in: 'header', name: 'X-Token', key: 'token', schema: v.pipe(v.string(), v.minLength(8)), required: false }),
        param({ in: 'header', name: 'x-token', key: 'auth', field: 'token', schema: v.pipe(v.string(), v.maxLength(64)) }),
      ]),
      {},
    )
    expect(params).toHaveLength(1)
    expect(params[0]).toMatchObject({ required: true, 'x-fw-source': [{ key: 'token' }, { key: 'auth', field: 'token' }] })
    expect(params[0]?.schema).toEqual({ allOf: [{ type: 'string', minLength: 8 }, { type: 'string', maxLength: 64 }] })
  })

  it('keeps one schema when the second declaration adds nothing to it', () => {
    const params = parametersOf(
      routeWith([
        param({ in: 'query', name: 'id', key: 'a', schema: v.pipe(v.string(), v.uuid()) }),
        param({ in: 'query', name: 'id', key: 'b', schema: v.string(), required: false }),
      ]),
      {},
    )
    expect(params[0]?.schema).toEqual({ type: 'string', format: 'uuid' })
  })

  it('keeps params of the same name in different places apart', () => {
    const params = parametersOf(routeWith([param({ in: 'query', name: 'id' }), param({ in: 'path', name: 'id' })]), {})
    expect(params.map((entry) => entry.in)).toEqual(['query', 'path'])
  })
})
