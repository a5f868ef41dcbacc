/**
 * src/openapi/components.ts: self-documenting schemas become named
 * components — once per key, under a free name (never a shared schema's or a
 * `Schema<n>`), ending on self-reference — and `$defs` left unused by them
 * are dropped.
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { componentRef, DOCUMENTED, usedDefinitions, type ComponentSource } from '../../src/openapi/components'
import { toSchema, type Definitions } from '../../src/openapi/schema'

const source = (key: object, name: string, describe: ComponentSource['describe'] = () => ({ type: 'object' })): ComponentSource => ({ key, name, fallbackName: `${name}_id`, describe })
const documented = <S extends object>(schema: S, component: ComponentSource): S => Object.assign(schema, { [DOCUMENTED]: component })
const convert = () => ({})

describe('componentRef', () => {
  it('writes a component once per key and refers to it', () => {
    const defs: Definitions = {}
    const key = {}
    let described = 0
    const users = source(key, 'Users', () => (described++, { type: 'object' }))
    expect(componentRef(users, defs, convert)).toEqual({ $ref: '#/components/schemas/Users' })
    expect(componentRef({ ...users }, defs, convert)).toEqual({ $ref: '#/components/schemas/Users' })
    expect(described).toBe(1)
    expect(defs).toEqual({ Users: { type: 'object' } })
  })

  it('gives another key the fallback name, then numbers it; never a shared or generated name', () => {
    const defs: Definitions = {}
    const names = [source({}, 'Users'), source({}, 'Users'), source({}, 'Users'), source({}, 'Problem'), source({}, 'Schema0'), source({}, 'a b/c')].map((item) => componentRef(item, defs, convert).$ref)
    expect(names).toEqual(['Users', 'Users_id', 'Users_id_2', 'Problem_id', 'Schema0_id', 'a_b_c'].map((name) => `#/components/schemas/${name}`))
  })

  it('ends on a schema that refers to itself', () => {
    const defs: Definitions = {}
    const node: ComponentSource = source({}, 'Node', (tools) => ({ type: 'object', properties: { parent: tools.ref(node) } }))
    expect(componentRef(node, defs, convert)).toEqual({ $ref: '#/components/schemas/Node' })
    expect(defs.Node).toEqual({ type: 'object', properties: { parent: { $ref: '#/components/schemas/Node' } } })
  })
})

describe('toSchema with a self-documenting schema', () => {
  it('refers to it wherever it appears (array items, nullable) and drops the $defs its parts left', () => {
    const inner = v.lazy(() => v.string())
    const row = documented(v.object({ name: inner }), source({}, 'Rows', () => ({ type: 'object', properties: { name: { type: 'string' } } })))
    const defs: Definitions = {}
    expect(toSchema(v.object({ list: v.array(row), one: v.nullable(row) }), defs)).toEqual({
      type: 'object',
      properties: { list: { type: 'array', items: { $ref: '#/components/schemas/Rows' } }, one: { anyOf: [{ $ref: '#/components/schemas/Rows' }, { type: 'null' }] } },
      required: ['list', 'one'],
    })
    expect(Object.keys(defs)).toEqual(['Rows'])
  })
})

describe('usedDefinitions', () => {
  it('keeps the definitions reached from the root, through each other', () => {
    const definitions = { 0: { $ref: '#/$defs/1' }, 1: { type: 'string' }, 2: { type: 'number' } }
    expect(usedDefinitions({ items: { $ref: '#/$defs/0' } }, definitions)).toEqual({ 0: definitions[0], 1: definitions[1] })
    expect(usedDefinitions({}, undefined)).toEqual({})
  })
})
