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
import { describeWith } from '../../../src/schema/describers'
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
    expect(describeWith(valibotAdapter, v.object({ a: embedded }), 'input')).toMatchObject({ properties: { a: { type: 'string', default: 'x' } } })
    const ark = embedSchema(type('string <= 5')) as v.GenericSchema
    expect(describeWith(valibotAdapter, ark, 'output')).toMatchObject({ type: 'string', maxLength: 5 })
  })
})

describe('embedSchema: an optional schema of another library as an object entry', () => {
  it('takes an absent key as valibot’s v.optional does: no key, or the library’s default, made per value', () => {
    const made: string[][] = []
    const object = v.object({
      note: embedSchema(z.string().optional()) as v.GenericSchema,
      tags: embedSchema(z.array(z.string()).default(() => (made.push([]), made.at(-1) ?? []))) as v.GenericSchema,
      maybe: embedSchema(type('string | undefined')) as v.GenericSchema,
      title: embedSchema(z.string()) as v.GenericSchema,
    })
    const first = v.safeParse(object, { title: 't' })
    expect(first.success).toBe(true)
    expect(first.output).toEqual({ title: 't', tags: [] })
    expect(Object.keys(first.output ?? {}).sort()).toEqual(['tags', 'title'])
    const second = v.safeParse(object, { title: 't' })
    const tagsOf = (output: unknown) => (output as { tags?: unknown } | undefined)?.tags
    expect(tagsOf(second.output)).not.toBe(tagsOf(first.output)) // a fresh default each time, never shared
    expect(v.safeParse(object, { title: 't', note: 'n', tags: ['a'] }).output).toEqual({ title: 't', note: 'n', tags: ['a'] })
    expect(v.safeParse(object, { title: 't', note: 3 }).success).toBe(false)
    const missing = v.safeParse(object, {})
    expect(missing.issues?.map((issue) => issueKeys(issue))).toEqual([['title']])
  })

  it('is not listed as required in the document; a default is documented as the library gives it', () => {
    const object = v.object({
      note: embedSchema(z.string().optional()) as v.GenericSchema,
      tags: embedSchema(z.array(z.string()).default([])) as v.GenericSchema,
      title: embedSchema(z.string()) as v.GenericSchema,
    })
    expect(describeWith(valibotAdapter, object, 'input')).toMatchObject({
      properties: { note: { type: 'string' }, tags: { type: 'array', default: [] } },
      required: ['title'],
    })
  })

  it('awaits an async library under an async object', async () => {
    const object = v.objectAsync({
      slow: embedSchema(z.string().refine(async () => true).optional(), { async: true }) as unknown as v.GenericSchemaAsync,
      title: embedSchema(z.string(), { async: true }) as unknown as v.GenericSchemaAsync,
    })
    const parsed = await v.safeParseAsync(object, { title: 't' })
    expect(parsed.success).toBe(true)
    expect(parsed.output).toEqual({ title: 't' })
  })
})
