/**
 * src/schema/standard/describe.ts: a Standard Schema's JSON Schema as the library writes it
 * (`~standard.jsonSchema`), its dialect dropped, properties under their wire names on the input
 * side (what a client sends) and fw's alias keywords removed on both; `{}` for a library that
 * gives none or whose writer fails. Registered as the standard adapter's writer when imported.
 */
import { type } from 'arktype'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { describerOf } from '../../../src/schema/describers'
import { Field } from '../../../src/schema/field'
import { describeStandard } from '../../../src/schema/standard/describe'

describe('describeStandard', () => {
  it('answers the library’s JSON Schema for each side, without its $schema dialect', () => {
    const int = describeStandard(z.number().int(), 'input')
    expect(int).toMatchObject({ type: 'integer' })
    expect(int).not.toHaveProperty('$schema')
    expect(describeStandard(type('string'), 'output')).toEqual({ type: 'string' })
    const counted = z.string().transform((text) => text.length)
    expect(describeStandard(counted, 'input')).toEqual({ type: 'string' })
  })

  it('names properties by their wire names on the input side only, the required list with them', () => {
    const body = z.object({ authToken: Field(z.string(), { alias: 'X-Auth-Token' }), page: z.number().optional() })
    const input = describeStandard(body, 'input')
    expect(Object.keys(input.properties as object)).toEqual(['X-Auth-Token', 'page'])
    expect(input.required).toEqual(['X-Auth-Token'])
    expect(JSON.stringify(input)).not.toContain('"alias"')
    const output = describeStandard(body, 'output')
    expect(Object.keys(output.properties as object)).toEqual(['authToken', 'page'])
    expect(JSON.stringify(output)).not.toContain('X-Auth-Token')
  })

  it('is {} for a schema whose library gives no JSON Schema, or whose writer throws', () => {
    const bare = { '~standard': { version: 1 as const, vendor: 'x', validate: (value: unknown) => ({ value }) } }
    expect(describeStandard(bare, 'input')).toEqual({})
    const throwing = {
      '~standard': {
        ...bare['~standard'],
        jsonSchema: {
          input: () => {
            throw new Error('no')
          },
          output: () => ({ $schema: 'x' }),
        },
      },
    }
    expect(describeStandard(throwing as never, 'input')).toEqual({})
    expect(describeStandard(throwing as never, 'output')).toEqual({})
  })

  it('is the standard adapter’s writer once imported', () => {
    expect(describerOf('standard')).toBe(describeStandard)
  })
})
