/**
 * Another library's schema inside a valibot schema fw builds (src/schema/valibot/embed.ts,
 * what the ORM's queries and rows hold, SPEC §3.6): the library's conversion plan, its
 * check with issues at their item paths, its JSON Schema on each side; valibot as it is.
 */
import 'fw-api/openapi'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { issueKeys, reasonOf } from '../../../src/schema/issues'
import { planOf } from '../../../src/schema/inspect'
import { valibotAdapter } from '../../../src/schema/valibot/adapter'
import { embedSchema } from '../../../src/schema/valibot/embed'

describe('embedSchema', () => {
  it('keeps a valibot schema and refuses a value no library owns', () => {
    const schema = v.string()
    expect(embedSchema(schema)).toBe(schema)
    expect(embedSchema({ parse: () => 1 })).toBeUndefined()
  })

  it('plans conversion from the library (under valibot wrappers too)', () => {
    const zod = z.object({ n: z.number().int(), tags: z.array(z.string()) })
    const embedded = embedSchema(zod) as v.GenericSchema
    const plan = planOf(embedded)
    expect(plan).toMatchObject({
      to: 'object',
      entries: [
        { key: 'n', plan: { to: 'number', integer: true } },
        { key: 'tags', plan: { to: 'array', item: { to: 'string' } } },
      ],
    })
    expect(planOf(v.optional(v.pipe(embedded, v.check(() => true))))).toEqual({ to: 'maybe', inner: plan })
  })

  it('checks with the library: its output, or issues at their paths in the library’s words', () => {
    const outer = v.object({ q: embedSchema(z.object({ n: z.number().int().min(1).default(5) })) as v.GenericSchema })
    expect(v.safeParse(outer, { q: {} }).output).toEqual({ q: { n: 5 } })
    const refused = v.safeParse(outer, { q: { n: 0 } })
    expect(refused.success).toBe(false)
    const [issue] = refused.issues ?? []
    expect(issue && issueKeys(issue)).toEqual(['q', 'n'])
    expect(issue && reasonOf(issue)).toBe('Too small: expected number to be >=1')
  })

  it('describes the library JSON Schema, input before its check and output after', () => {
    const embedded = embedSchema(z.string().default('x')) as v.GenericSchema
    expect(valibotAdapter.describe(v.object({ a: embedded }), 'input')).toMatchObject({ properties: { a: { type: 'string', default: 'x' } } })
    const ark = embedSchema(type('string <= 5')) as v.GenericSchema
    expect(valibotAdapter.describe(ark, 'output')).toMatchObject({ type: 'string', maxLength: 5 })
  })
})
