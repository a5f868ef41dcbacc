/**
 * SPEC §3.6 "orm inputs": an `orm.Query` filter's schema and an `orm.Schema`
 * field's `type` take any Standard Schema. The same query and row schema,
 * declared with valibot, with zod and with arktype, give byte-identical
 * answers over real HTTP on PGlite (valid and invalid values), and the same
 * OpenAPI parameters.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { type } from 'arktype'
import { Fw, api, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTables } from '../../examples/blog/sql'
import * as tables from '../../examples/blog/tables'
import type { StandardSchemaV1 } from '../../src/schema/adapter'
import { withoutLibraryWords } from '../helpers/library-words'

const { articles } = tables

/** The same rules in each library (zod's `.int()` is a safe integer): an id at least 1, at most 3 titles, a title of 1 to 50 characters. */
const LIBRARIES = {
  valibot: {
    min: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
    titles: v.pipe(v.array(v.string()), v.maxLength(3)),
    title: v.pipe(v.string(), v.minLength(1), v.maxLength(50)),
    content: v.optional(v.pipe(v.string(), v.maxLength(200)), '(none)'),
    note: v.optional(v.pipe(v.string(), v.maxLength(20))),
  },
  zod: {
    min: z.number().int().min(1),
    titles: z.array(z.string()).max(3),
    title: z.string().min(1).max(50),
    content: z.string().max(200).default('(none)'),
    note: z.string().max(20).optional(),
  },
  arktype: {
    min: type(`1 <= number.integer <= ${Number.MAX_SAFE_INTEGER}`),
    titles: type('string[] <= 3'),
    title: type('1 <= string <= 50'),
    // arktype has no default outside an object: the same rule, its default made by a morph
    content: type('string <= 200 | undefined').pipe((text) => text ?? '(none)'),
    note: type('string <= 20 | undefined'),
  },
}
type Library = keyof typeof LIBRARIES
/** What every library's rules are, seen through Standard Schema (the types per library: standard.test-d.ts). */
type Rules = {
  min: StandardSchemaV1<number>
  titles: StandardSchemaV1<string[]>
  title: StandardSchemaV1<string>
  content: StandardSchemaV1<string | undefined, string>
  note: StandardSchemaV1<string | undefined>
}

/**
 * One service per library: `GET /articles?min=&titles=&from=` lists titles, `POST /articles` echoes a parsed
 * row input; `POST /articles/save` saves a row (an optional field, a library default), `PUT /articles/update?id=`
 * updates one (`input('w')`), both answering the row as read back.
 */
function serviceOf(library: Library): Fw {
  const rules: Rules = LIBRARIES[library]
  const ArticleRow = orm.Schema(articles, { id: true, title: orm.Field({ type: rules.title }), authorId: true })
  const ArticleWrite = orm.Schema(articles, {
    id: true,
    title: orm.Field({ type: rules.title }),
    content: orm.Field({ type: rules.content }),
    note: orm.Field({ type: rules.note }), // input-only: never a column, never written
    authorId: true,
  })
  const UpdateBody = ArticleWrite.input('w')
  const ArticleQuery = orm.Query(articles, {
    min: orm.Filter('id', 'gte', rules.min),
    titles: orm.Filter('title', 'in', { schema: rules.titles }),
    from: orm.Filter({ query: (id: number) => ({ id: { gte: id } }), schema: rules.min, alias: 'id_from' }),
    order: orm.OrderBy(['id']),
  })
  class ArticleAPI extends api.API {
    @api.get({ query: request.Query(ArticleQuery) })
    async get({ query }: { query: orm.QueryOf<typeof ArticleQuery> }) {
      return { count: await query.count(), titles: (await ArticleRow.serialize(query)).map((row) => row.title) }
    }
    @api.post({ article: request.Body(ArticleRow.input({ omit: ['id'] })) })
    post({ article }: { article: orm.InputOf<typeof ArticleRow> }) {
      return article
    }
    @api.post({ article: request.Body(ArticleWrite.input('a')) })
    async save({ article }: { article: orm.InputOf<typeof ArticleWrite> }) {
      return (await ArticleWrite.serialize({ id: await ArticleWrite.save(article) }))[0]
    }
    @api.put({ id: z.number().int(), article: request.Body(UpdateBody) })
    async update({ id, article }: { id: number; article: v.InferOutput<typeof UpdateBody> }) {
      return (await ArticleWrite.serialize({ id: await ArticleWrite.save({ ...article, id }) }))[0]
    }
  }
  class RootAPI extends api.API {
    static articles = ArticleAPI
  }
  return new Fw(import.meta.url, { name: `orm-${library}`, api: RootAPI, route: '/api' })
}

const SEED = `
INSERT INTO users (username) VALUES ('alice');
INSERT INTO articles (author_id, title) VALUES (1, 'A1'), (1, 'A2'), (1, 'A3'), (1, 'B1');
`

/** Requests whose answers must not depend on the library; each is `[what, path, init?]`. */
const REQUESTS: [string, string, RequestInit?][] = [
  ['a valid integer', 'articles?min=2&order=id'],
  ['a decimal, truncated as for params', 'articles?min=2.7&order=id'],
  ['below the minimum', 'articles?min=0'],
  ['not a number', 'articles?min=x'],
  ['a list by repeated keys', 'articles?titles=A1&titles=B1&order=id'],
  ['a list over its bound', 'articles?titles=A1&titles=A2&titles=A3&titles=B1'],
  ['a function filter', 'articles?id_from=3&order=id'],
  ['a function filter below its minimum', 'articles?id_from=-1'],
  ['a NUL in a filter value', 'articles?titles=A%00'],
  ['a valid body', 'articles', { method: 'POST', body: '{"title":"Hello","authorId":"1"}' }],
  ['an empty title', 'articles', { method: 'POST', body: '{"title":"","authorId":1}' }],
  ['a title of the wrong type', 'articles', { method: 'POST', body: '{"title":12,"authorId":1}' }],
  ['a missing title', 'articles', { method: 'POST', body: '{"authorId":1}' }],
  ['a write without its optional fields (the default made by the library)', 'articles/save', { method: 'POST', body: '{"title":"Saved","authorId":1}' }],
  ['a write with them', 'articles/save', { method: 'POST', body: '{"title":"Given","authorId":"1","content":"Body","note":"n"}' }],
  ['a write with a content too long', 'articles/save', { method: 'POST', body: `{"title":"Long","authorId":1,"content":"${'x'.repeat(201)}"}` }],
  ['a write with a note of the wrong type', 'articles/save', { method: 'POST', body: '{"title":"Typed","authorId":1,"note":5}' }],
  ['a write with an empty title and a missing author', 'articles/save', { method: 'POST', body: '{"title":""}' }],
  ['an update of the title only (the content kept)', 'articles/update?id=4', { method: 'PUT', body: '{"title":"Renamed"}' }],
  ['an update of the content', 'articles/update?id=4', { method: 'PUT', body: '{"content":"Edited"}' }],
  ['an update with an empty title', 'articles/update?id=4', { method: 'PUT', body: '{"title":""}' }],
]

/** The seed again, ids from 1: every library's write starts from the same rows (the sequences too). */
const RESEED = `TRUNCATE articles, users RESTART IDENTITY CASCADE;${SEED}`

describe('orm inputs from any Standard Schema library, over HTTP on PGlite', () => {
  const ports = new Map<Library, number>()
  const services = new Map<Library, Fw>()
  const closers: (() => Promise<void>)[] = []
  const databases: { execute(sql: string): Promise<unknown> }[] = []
  const reseed = async () => {
    for (const database of databases) await database.execute(RESEED)
  }

  beforeAll(async () => {
    for (const library of Object.keys(LIBRARIES) as Library[]) {
      const service = serviceOf(library)
      const database = orm.Database({ name: `standard-${library}`, engine: 'pglite', schema: tables })
      service.use(orm.DatabaseConnections({ default: database }))
      await database.execute(createTables)
      await database.execute(SEED)
      databases.push(database)
      const server = await service.run({ port: 0, host: '127.0.0.1' })
      ports.set(library, server.port)
      services.set(library, service)
      closers.push(() => server.close())
    }
    // a hang guard: three PGlite starts, each CPU-bound (seconds quiet, far more on a busy machine)
  }, 360_000)
  afterAll(async () => {
    for (const close of closers) await close()
  })

  async function answer(library: Library, path: string, init?: RequestInit) {
    const headers = init?.body ? { 'content-type': 'application/json' } : undefined
    const res = await fetch(`http://127.0.0.1:${ports.get(library)}/api/${path}`, { ...init, headers })
    return { status: res.status, body: await res.text() }
  }

  it('answers as valibot does, byte for byte, for valid and invalid values (a refusal in the library’s own words)', async () => {
    const wordsOut = ({ status, body }: { status: number; body: string }) => ({ status, body: status === 400 ? withoutLibraryWords(body) : body })
    for (const [what, path, init] of REQUESTS) {
      const writes = init?.method !== undefined
      if (writes) await reseed()
      const expected = wordsOut(await answer('valibot', path, init))
      for (const library of ['zod', 'arktype'] as const) {
        if (writes) await reseed()
        expect(wordsOut(await answer(library, path, init)), `${library}: ${what}`).toEqual(expected)
      }
    }
    await reseed()
  })

  it('writes what the library parsed: its default, its output, the declared columns only', async () => {
    for (const library of Object.keys(LIBRARIES) as Library[]) {
      await reseed()
      const saved = await answer(library, 'articles/save', { method: 'POST', body: '{"title":"Saved","authorId":"1","note":"n"}' })
      expect(saved, library).toEqual({ status: 200, body: '{"id":5,"title":"Saved","content":"(none)","authorId":1}' })
      const kept = await answer(library, 'articles/update?id=5', { method: 'PUT', body: '{"title":"Renamed"}' })
      expect(kept, library).toEqual({ status: 200, body: '{"id":5,"title":"Renamed","content":"(none)","authorId":1}' })
      const long = await answer(library, 'articles/save', { method: 'POST', body: `{"title":"Long","authorId":1,"content":"${'x'.repeat(201)}"}` })
      expect(long.status, library).toBe(400)
      expect(JSON.parse(long.body), library).toMatchObject({ errors: [{ in: 'body', name: 'content', path: ['content'] }] })
      expect(await answer(library, 'articles?min=5'), library).toEqual({ status: 200, body: '{"count":1,"titles":["Renamed"]}' })
    }
    await reseed()
  })

  it('converts, validates and names the failing field', async () => {
    expect(await answer('zod', 'articles?min=2&order=id')).toEqual({ status: 200, body: '{"count":3,"titles":["A2","A3","B1"]}' })
    expect(await answer('arktype', 'articles?min=2.7&order=id')).toEqual({ status: 200, body: '{"count":3,"titles":["A2","A3","B1"]}' })
    for (const library of ['zod', 'arktype'] as const) {
      const below = await answer(library, 'articles?min=0')
      expect(below.status).toBe(400)
      expect(JSON.parse(below.body)).toMatchObject({ detail: expect.stringMatching(/^BadRequest: parse item: \['query'\] failed: parse item: \['min'\] failed: .*1/) })
      const word = await answer(library, 'articles?min=x')
      expect(word.status).toBe(400)
      expect(JSON.parse(word.body)).toMatchObject({ detail: expect.stringContaining("['min']") })
      const list = await answer(library, 'articles?titles=A1&titles=B1&order=id')
      expect(list).toEqual({ status: 200, body: '{"count":2,"titles":["A1","B1"]}' })
      const body = await answer(library, 'articles', { method: 'POST', body: '{"title":"","authorId":1}' })
      expect(body.status).toBe(400)
      expect(JSON.parse(body.body)).toMatchObject({ detail: expect.stringContaining("['title']") })
    }
  })

  it('documents the same query parameters and body for every library', () => {
    type Operation = { parameters?: unknown[]; requestBody?: unknown }
    const operations = (library: Library) => {
      const document = services.get(library)?.openapi() as unknown as { paths: Record<string, Record<string, Operation>> }
      const path = document.paths['/api/articles'] ?? document.paths['/articles']
      return { parameters: path?.get?.parameters, body: path?.post?.requestBody }
    }
    const expected = operations('valibot')
    expect(expected.parameters).toContainEqual(expect.objectContaining({ name: 'min', in: 'query' }))
    for (const library of ['zod', 'arktype'] as const) expect(operations(library), library).toEqual(expected)
  })

  it('documents an optional field or one with a default as not required, for every library', () => {
    for (const library of Object.keys(LIBRARIES) as Library[]) {
      const document = services.get(library)?.openapi() as unknown as {
        paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } } }>
      }
      const body = document.paths['/api/articles/save']?.post?.requestBody?.content['application/json']?.schema
      expect(body?.required, library).toEqual(['title', 'authorId'])
    }
  })
})
