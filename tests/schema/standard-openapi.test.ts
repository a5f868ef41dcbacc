/**
 * The OpenAPI document of a service declared with zod and arktype (SPEC §3.6):
 * params and bodies described by the library's input JSON Schema.
 */
import { describe, expect, it } from 'vitest'
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
