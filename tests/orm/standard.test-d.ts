/**
 * SPEC §3.6 "Types" for `orm` inputs: a filter's parsed value and what a
 * client sends, and an `orm.Field`'s output, come from the schema's
 * `~standard.types` (zod, arktype, valibot alike).
 */
import { type } from 'arktype'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { articles } from '../../examples/blog/tables'
import type { SchemaInput } from '../../src/schema/adapter'

const ZodQuery = orm.Query(articles, {
  min: orm.Filter('id', 'gte', z.number().int().min(1)),
  day: orm.Filter({ query: (day: Date) => ({ createdAt: { gte: day } }), schema: z.string().transform((text) => new Date(text)) }),
})
const ArkQuery = orm.Query(articles, {
  min: orm.Filter('id', 'gte', { schema: type('number.integer >= 1'), alias: 'from' }),
  tags: orm.Filter('title', 'in', type('string[]')),
})
const ValibotQuery = orm.Query(articles, { min: orm.Filter('id', 'gte', v.pipe(v.number(), v.integer())) })

describe('orm.Query filters typed from ~standard.types', () => {
  it('parse to the schema output', () => {
    type Zod = orm.QueryOf<typeof ZodQuery>
    expectTypeOf<Zod['min']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<Zod['day']>().toEqualTypeOf<Date | undefined>()
    type Ark = orm.QueryOf<typeof ArkQuery>
    expectTypeOf<Ark['min']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<Ark['tags']>().toEqualTypeOf<string[] | undefined>()
    expectTypeOf<orm.QueryOf<typeof ValibotQuery>['min']>().toEqualTypeOf<number | undefined>()
  })

  it('are sent as the schema input, under their wire names', () => {
    type ZodSent = Exclude<SchemaInput<typeof ZodQuery>, undefined>
    expectTypeOf<ZodSent['min']>().toEqualTypeOf<number | undefined>()
    expectTypeOf<ZodSent['day']>().toEqualTypeOf<string | undefined>()
    type ArkSent = Exclude<SchemaInput<typeof ArkQuery>, undefined>
    expectTypeOf<keyof ArkSent>().toEqualTypeOf<'from' | 'tags'>()
    expectTypeOf<ArkSent['from']>().toEqualTypeOf<number | undefined>()
  })
})

describe('orm.Field types typed from ~standard.types', () => {
  it('output the schema output', () => {
    const ArticleRow = orm.Schema(articles, {
      id: true,
      words: orm.Field('content', { type: z.string().transform((text) => text.split(' ').length) }),
      title: orm.Field({ type: type('string <= 50') }),
    })
    type Row = orm.OutputOf<typeof ArticleRow>
    expectTypeOf<Row['words']>().toEqualTypeOf<number>()
    expectTypeOf<Row['title']>().toEqualTypeOf<string>()
  })
})

describe('orm.Schema inputs typed from ~standard.types (SPEC §3.6 "orm inputs")', () => {
  const zodRow = orm.Schema(articles, {
    id: true,
    title: orm.Field({ type: z.string().min(1) }),
    content: orm.Field({ type: z.string().default('(none)') }),
    words: orm.Field({ type: z.string().transform((text) => text.split(' ').length) }),
    authorId: true,
  })
  const arkRow = orm.Schema(articles, {
    id: true,
    title: orm.Field({ type: type('string <= 50') }),
    content: orm.Field({ type: type('string | undefined') }),
    authorId: true,
  })

  it('input(): the handler receives the schema output, a client sends its input', () => {
    const body = zodRow.input({ omit: ['id'] })
    type Parsed = v.InferOutput<typeof body>
    expectTypeOf<Parsed['title']>().toEqualTypeOf<string>()
    expectTypeOf<Parsed['content']>().toEqualTypeOf<string>() // the default applied
    expectTypeOf<Parsed['authorId']>().toEqualTypeOf<number>()
    expectTypeOf<keyof Parsed>().toEqualTypeOf<'title' | 'content' | 'authorId' | 'createdAt'>()
    type Sent = v.InferInput<typeof body>
    expectTypeOf<Sent['content']>().toEqualTypeOf<string | undefined>() // may be left out
    expectTypeOf<{ title: string; authorId: number }>().toExtend<Sent>()
    expectTypeOf<orm.InputOf<typeof zodRow>['title']>().toEqualTypeOf<string>()
    const arkBody = arkRow.input()
    type ArkParsed = v.InferOutput<typeof arkBody>
    expectTypeOf<ArkParsed['title']>().toEqualTypeOf<string>()
    expectTypeOf<ArkParsed['content']>().toEqualTypeOf<string | undefined>()
  })

  it("input('a') takes the input-only typed fields; input('w') makes every field optional", () => {
    const create = zodRow.input('a')
    type Create = v.InferOutput<typeof create>
    expectTypeOf<Create['words']>().toEqualTypeOf<number>()
    type CreateSent = v.InferInput<typeof create>
    expectTypeOf<CreateSent['words']>().toEqualTypeOf<string>()
    const update = zodRow.input('w')
    expectTypeOf<v.InferOutput<typeof update>['title']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<{}>().toExtend<v.InferInput<typeof update>>()
  })
})
