/**
 * The OpenAPI document of a service declared with zod and arktype (SPEC §3.6):
 * params and bodies described by the library's input JSON Schema.
 */
import 'fw-api/openapi'
import { type } from 'arktype'
import { Effect, Schema } from 'effect'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Fw, api, request } from '../../src/index'
import { service } from './standard-service.fixture'

type Operation = { parameters?: { name: string; in: string; required?: boolean; schema: unknown }[]; requestBody?: { content: Record<string, { schema: unknown }> } }

describe('OpenAPI from a Standard Schema library', () => {
  const document = service.openapi() as unknown as { paths: Record<string, Record<string, Operation>> }

  it('describes zod query params by their JSON Schema', () => {
    const add = document.paths['/people/add']?.get
    // fw's knowledge on top: an integer accepts any decimal on the wire (truncated), so it is documented as a number saying so
    expect(add?.parameters?.find((param) => param.name === 'a')).toMatchObject({ in: 'query', required: true, schema: { type: 'number', maximum: Number.MAX_SAFE_INTEGER, description: expect.stringMatching(/truncated/) } })
  })

  it('describes a zod JSON body by its input JSON Schema (a default makes the field optional)', () => {
    const json = document.paths['/zod/json']?.post?.requestBody?.content['application/json']?.schema as { properties: Record<string, unknown>; required: string[] }
    expect(json.properties).toMatchObject({ name: { type: 'string', minLength: 1 }, age: { type: 'number', minimum: 0 }, tags: { type: 'array', default: [] } })
    expect(json.required).toEqual(['name', 'age'])
  })

  it('describes an arktype param by its JSON Schema', () => {
    const page = document.paths['/people/page']?.get
    expect(page?.parameters?.find((param) => param.name === 'page')).toMatchObject({ required: false, schema: { type: 'number', minimum: 1 } })
  })
})

describe('an array body, in every library', () => {
  const effect = Schema.Array(Schema.Struct({ title: Schema.String, views: Schema.Int.pipe(Schema.withDecodingDefaultKey(Effect.succeed(0))) }))
  const bodies = {
    valibot: v.array(v.object({ title: v.string(), views: v.optional(v.pipe(v.number(), v.integer()), 0) })),
    zod: z.array(z.object({ title: z.string(), views: z.number().int().default(0) })),
    arktype: type({ '+': 'delete', title: 'string', views: type('number.integer').default(0) }).array(),
    effect: Schema.toStandardSchemaV1(Schema.toStandardJSONSchemaV1(effect)),
  }
  class BatchAPI extends api.API {
    valibot = api.put({ items: request.Body(bodies.valibot) }, ({ items }) => items.length)
    zod = api.put({ items: request.Body(bodies.zod) }, ({ items }) => items.length)
    arktype = api.put({ items: request.Body(bodies.arktype) }, ({ items }) => items.length)
    effect = api.put({ items: request.Body(bodies.effect) }, ({ items }) => items.length)
  }
  const paths = (new Fw({ api: BatchAPI }).openapi() as unknown as { paths: Record<string, Record<string, Operation>> }).paths

  it('is documented with the same media types (read from its JSON Schema, not from a library’s own shape)', () => {
    const types = (path: string) => Object.keys(paths[path]?.put?.requestBody?.content ?? {})
    const expected = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data']
    expect(Object.fromEntries(Object.keys(bodies).map((name) => [name, types(`/${name}`)]))).toEqual({ valibot: expected, zod: expected, arktype: expected, effect: expected })
  })
})


describe('the document asks the adapter, never a library’s schema objects', () => {
  it('documents an object query param as JSON text in every library (arktype’s was a bare object)', () => {
    class FilterAPI extends api.API {
      arktype = api.get({ filter: type({ tag: 'string' }) }, ({ filter }) => filter)
      zod = api.get({ filter: z.object({ tag: z.string() }) }, ({ filter }) => filter)
      valibot = api.get({ filter: v.object({ tag: v.string() }) }, ({ filter }) => filter)
    }
    const filters = new Fw(import.meta.url, { name: 'filters', api: FilterAPI }).openapi() as unknown as { paths: Record<string, Record<string, Operation>> }
    const json = { type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] } }
    for (const library of ['arktype', 'zod', 'valibot'])
      expect(filters.paths[`/${library}`]?.get?.parameters?.[0]?.schema, library).toEqual(json)
  })

  it('the valibot adapter describes as the wire has it, as the Standard Schema one does: aliases, dates', async () => {
    const { valibotAdapter } = await import('../../src/schema/valibot/adapter')
    const { standardAdapter } = await import('../../src/schema/standard/adapter')
    const { describeWith } = await import('../../src/schema/describers')
    const { Field } = await import('../../src/index')
    const valibot = v.object({ token: Field(v.string(), { alias: 'X-Token' }), at: v.date(), n: v.bigint() })
    expect(describeWith(valibotAdapter, valibot, 'input')).toMatchObject({
      properties: { 'X-Token': { type: 'string' }, at: { type: 'string', format: 'date-time' }, n: { type: 'integer' } },
      required: ['X-Token', 'at', 'n'],
    })
    const zod = z.object({ token: z.string().meta(Field.alias('X-Token')) })
    expect(describeWith(standardAdapter, zod, 'input')).toMatchObject({ properties: { 'X-Token': { type: 'string' } }, required: ['X-Token'] })
  })
})
