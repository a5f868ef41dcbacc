/**
 * src/schema/standard/json.ts: a Standard Schema's JSON Schema read once (zod, arktype; none for
 * a library without one), and the JSON Schema helpers fw plans with — refs, types, nullable
 * unions, binary nodes — bounded on cyclic references.
 */
import { type } from 'arktype'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { hasType, isBinaryNode, isNode, jsonSchemaOf, nodeAt, nodesAt, resolveRef, settle, typesOf } from '../../../src/schema/standard/json'

describe('jsonSchemaOf', () => {
  it('reads zod’s and arktype’s JSON Schema for each side', () => {
    expect(jsonSchemaOf(z.number().int(), 'input')).toMatchObject({ type: 'integer' })
    expect(jsonSchemaOf(z.string().transform((text) => text.length), 'input')).toMatchObject({ type: 'string' })
    expect(jsonSchemaOf(type('string'), 'input')).toMatchObject({ type: 'string' })
  })

  it('describes arktype’s File instance as a binary string', () => {
    expect(jsonSchemaOf(type.instanceOf(File), 'input')).toMatchObject({ type: 'string', format: 'binary' })
  })

  it('is undefined for a schema without JSON Schema, or one whose converter throws or answers no object', () => {
    const plain = { '~standard': { version: 1, vendor: 'x', validate: (value: unknown) => ({ value }) } } as const
    expect(jsonSchemaOf(plain, 'input')).toBeUndefined()
    const throwing = { '~standard': { ...plain['~standard'], jsonSchema: { input: () => { throw new Error('no') }, output: () => [] } } }
    expect(jsonSchemaOf(throwing as never, 'input')).toBeUndefined()
    expect(jsonSchemaOf(throwing as never, 'output')).toBeUndefined()
    const notCallable = { '~standard': { ...plain['~standard'], jsonSchema: { input: 'draft-2020-12' } } }
    expect(jsonSchemaOf(notCallable as never, 'input')).toBeUndefined()
    expect(jsonSchemaOf(notCallable as never, 'output')).toBeUndefined()
  })
})

describe('node helpers', () => {
  it('tells object nodes, child nodes and node lists', () => {
    expect(isNode({})).toBe(true)
    expect(isNode([])).toBe(false)
    expect(isNode(null)).toBe(false)
    expect(nodeAt({ items: { type: 'string' } }, 'items')).toEqual({ type: 'string' })
    expect(nodeAt({ items: [1] }, 'items')).toBeUndefined()
    expect(nodesAt({ anyOf: [{ type: 'string' }, 3, null] }, 'anyOf')).toEqual([{ type: 'string' }])
    expect(nodesAt({}, 'anyOf')).toEqual([])
  })

  it('reads types, single or listed', () => {
    expect(typesOf({ type: 'string' })).toEqual(['string'])
    expect(typesOf({ type: ['integer', 'null', 3] })).toEqual(['integer', 'null'])
    expect(typesOf({})).toEqual([])
    expect(hasType({ type: ['string', 'null'] }, 'null')).toBe(true)
    expect(hasType({ type: 'string' }, 'null')).toBe(false)
  })

  it('tells a binary node by its format or content encoding', () => {
    expect(isBinaryNode({ type: 'string', format: 'binary' })).toBe(true)
    expect(isBinaryNode({ type: 'string', contentEncoding: 'binary' })).toBe(true)
    expect(isBinaryNode({ type: 'string' })).toBe(false)
  })
})

describe('resolveRef', () => {
  const root = { $defs: { 'a/b': { type: 'string' }, 'c~d': { type: 'number' }, User: { type: 'object' } } }

  it('resolves local pointers, escapes unescaped, and # to the root', () => {
    expect(resolveRef(root, '#/$defs/User')).toEqual({ type: 'object' })
    expect(resolveRef(root, '#/$defs/a~1b')).toEqual({ type: 'string' })
    expect(resolveRef(root, '#/$defs/c~0d')).toEqual({ type: 'number' })
    expect(resolveRef(root, '#')).toBe(root)
  })

  it('resolves no remote or missing reference', () => {
    expect(resolveRef(root, 'https://example.com/schema')).toBeUndefined()
    expect(resolveRef(root, '#/$defs/Nope')).toBeUndefined()
    expect(resolveRef(root, '#/$defs/User/type/x')).toBeUndefined()
  })
})

describe('settle', () => {
  it('follows refs, lone allOf and nullable unions to the node, noting null', () => {
    const root = { $defs: { Name: { type: 'string' } } }
    expect(settle(root, { $ref: '#/$defs/Name' })).toEqual({ node: { type: 'string' }, nullable: false })
    expect(settle(root, { anyOf: [{ $ref: '#/$defs/Name' }, { type: 'null' }] })).toEqual({ node: { type: 'string' }, nullable: true })
    expect(settle(root, { allOf: [{ type: ['integer', 'null'] }] })).toEqual({ node: { type: ['integer', 'null'] }, nullable: true })
    expect(settle(root, { oneOf: [{ const: null }, { type: 'boolean' }] })).toEqual({ node: { type: 'boolean' }, nullable: true })
  })

  it('stops at a real union, and after a bounded number of hops on a cyclic reference', () => {
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] }
    expect(settle({}, union)).toEqual({ node: union, nullable: false })
    const cyclic = { $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } } }
    expect(settle(cyclic, { $ref: '#/$defs/A' }).node.$ref).toMatch(/^#\/\$defs\/[AB]$/)
  })
})
