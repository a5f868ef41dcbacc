/**
 * src/schema/valibot/adapter.ts: valibot behind the schema seam — what it owns, its checks (one
 * issue per item, bounded, sync or async), presence, and JSON Schema once `fw-api/openapi` is
 * imported (email patterns kept).
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ImproperlyConfigured } from '../../../src/exceptions'
import { MAX_SCHEMA_ISSUES } from '../../../src/schema/adapter'
import { describeWith } from '../../../src/schema/describers'
import { isValibotSchema, valibotAdapter, valibotIssues } from '../../../src/schema/valibot/adapter'

describe('isValibotSchema', () => {
  it('owns valibot schemas, callable ones included, and nothing else', () => {
    expect(isValibotSchema(v.string())).toBe(true)
    expect(isValibotSchema(v.pipe(v.number(), v.integer()))).toBe(true)
    expect(isValibotSchema(z.string())).toBe(false)
    expect(isValibotSchema({ kind: 'schema' })).toBe(false)
    expect(isValibotSchema({ kind: 'schema', '~run': () => ({}), '~standard': { vendor: 'other' } })).toBe(false)
    expect(isValibotSchema(null)).toBe(false)
  })
})

describe('check', () => {
  it('passes the output, and lists one issue per failing item with its path', () => {
    const check = valibotAdapter.check(v.object({ a: v.pipe(v.string(), v.minLength(3), v.email()), b: v.number() }))
    expect(check({ a: 'abc@example.com', b: 1 })).toEqual({ ok: true, value: { a: 'abc@example.com', b: 1 } })
    const failed = check({ a: 'x', b: 'y' })
    expect(failed).toMatchObject({ ok: false })
    if (!('issues' in failed)) throw new Error('no issues')
    expect(failed.issues.map((issue) => issue.path)).toEqual([['a'], ['b']])
  })

  it('names a missing value "required item missing"', () => {
    const failed = valibotAdapter.check(v.object({ name: v.string() }))({})
    expect(failed).toEqual({ ok: false, issues: [{ message: 'required item missing', path: ['name'] }] })
  })

  it('answers with a promise for an async schema', async () => {
    const check = valibotAdapter.check(v.pipeAsync(v.string(), v.checkAsync(async (text) => text === 'ok', 'not ok')) as never)
    await expect(check('ok')).resolves.toEqual({ ok: true, value: 'ok' })
    await expect(check('no')).resolves.toEqual({ ok: false, issues: [{ message: 'not ok', path: [] }] })
  })
})

describe('valibotIssues', () => {
  it(`keeps at most ${MAX_SCHEMA_ISSUES} issues of a hostile value`, () => {
    const result = v.safeParse(v.array(v.number()), Array.from({ length: 5000 }, () => 'x'))
    expect(result.success).toBe(false)
    expect(valibotIssues(result.issues ?? []).length).toBe(MAX_SCHEMA_ISSUES)
  })
})

describe('presence', () => {
  it('reads optional, nullable and defaults through wrappers', () => {
    expect(valibotAdapter.presence(v.optional(v.string(), 'x'))).toEqual({ optional: true, nullable: false, hasDefault: true, default: 'x' })
    expect(valibotAdapter.presence(v.nullable(v.string()))).toMatchObject({ optional: false, nullable: true })
    expect(valibotAdapter.presence(v.string())).toMatchObject({ optional: false, nullable: false, hasDefault: false })
  })
})

describe('describe', () => {
  it('needs fw-api/openapi for JSON Schema, then writes draft 2020-12 with email patterns kept', async () => {
    expect(() => describeWith(valibotAdapter, v.string(), 'input')).toThrow(ImproperlyConfigured)
    await import('fw-api/openapi')
    const described = describeWith(valibotAdapter, v.object({ mail: v.pipe(v.string(), v.email()) }), 'input')
    expect(described.$schema).toBe('https://json-schema.org/draft/2020-12/schema')
    const mail = (described.properties as Record<string, Record<string, unknown>>).mail
    expect(mail).toMatchObject({ type: 'string', format: 'email' })
    expect(typeof mail?.pattern).toBe('string')
  })
})
