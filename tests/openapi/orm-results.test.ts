/**
 * SPEC §9.1, §10.2: results of `orm.Schema`
 * serialisation are typed in the document. The blog example's endpoints
 * declare their results (`@api.doc({ result: ArticleSchema })`, a list with
 * `v.array(...)`): each schema is a component with a readable name, nested
 * relations are `$ref`s, and the REAL answers of the endpoints (called
 * in-process through `service.fetch`, rows with nested authors, comments and
 * counts) pass ajv against the documented response schema. The document still
 * passes the OpenAPI validator and openapi-typescript.
 */
import 'fw-api/openapi'
import { execFile } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { validate } from '@readme/openapi-parser'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Fw } from 'fw-api'
import type { orm } from 'fw-api/orm'
import { createBlog } from '../../examples/blog/app'
import { CHECK_MS } from '../helpers/time'
import { answerValidator, responseSchema } from './ajv'

type Json = Record<string, any>
const out = fileURLToPath(new URL('../.tmp/openapi/', import.meta.url))
const root = fileURLToPath(new URL('../../', import.meta.url))

/** `@redocly/cli lint` (recommended ruleset) of a document: `rule (severity) message at pointer` per problem. */
async function lint(document: Json): Promise<string[]> {
  await mkdir(out, { recursive: true })
  const file = join(out, 'blog.json')
  await writeFile(file, JSON.stringify(document))
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }
  // Exit code 1 on errors: the JSON report is on stdout either way.
  const { stdout } = await promisify(execFile)(join(root, 'node_modules/.bin/redocly'), ['lint', file, '--format=json', '--extends=recommended'], { cwd: out, env }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }))
  const problems = (JSON.parse(stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] }).problems
  return problems.map((problem) => `${problem.ruleId} (${problem.severity}) ${problem.message} at ${problem.location[0]?.pointer}`)
}

describe('the blog example: orm.Schema results in the document', () => {
  let service: Fw
  let database: orm.Database
  let document: Json
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; json: Json }> => {
    const init = body === undefined ? { method } : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
    const response = await service.fetch(new Request(`http://blog.test/api${path}`, init))
    return { status: response.status, json: (await response.json()) as Json }
  }

  beforeAll(async () => {
    ;({ service, database } = await createBlog())
    await database.execute('TRUNCATE follows, comments, articles, users RESTART IDENTITY CASCADE')
    document = service.openapi() as Json
  })
  afterAll(() => service.close())

  it('writes each orm.Schema once, as a component with a readable name, typed from the table', () => {
    const schemas = document.components.schemas as Json
    expect(schemas.Users).toEqual({
      type: 'object',
      description: 'orm.Schema over `users`',
      properties: {
        id: { type: 'integer', format: 'int32' },
        username: { type: 'string' },
        articlesNum: { type: 'integer', minimum: 0, description: "orm.Count('articles')" },
      },
      required: ['id', 'username', 'articlesNum'],
    })
    expect(schemas.Articles.properties).toEqual({
      id: { type: 'integer', format: 'int32' },
      title: { type: 'string' },
      content: { type: 'string' },
      // to-one over a NOT NULL foreign key with its constraint: always there
      author: { $ref: '#/components/schemas/Users' },
      comments: { type: 'array', items: { $ref: '#/components/schemas/Comments' } },
      commentsNum: { type: 'integer', minimum: 0, description: "orm.Count('comments')" },
    })
    expect(schemas.Articles.required).toEqual(['id', 'title', 'content', 'author', 'comments', 'commentsNum'])
    expect(schemas.Comments.properties).toEqual({ id: { type: 'integer', format: 'int32' }, body: { type: 'string' } })
  })

  it('types every result: one row as its $ref, a list as an array, the paged list inside the envelope', () => {
    const data = (path: string, method: string) => responseSchema(document, path, method).properties.data as Json
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
    expect(data('/api/article', 'get')).toEqual({ type: 'array', items: ref('Articles') })
    expect(data('/api/article', 'post')).toEqual(ref('Articles'))
    expect(data('/api/user/{id}', 'get')).toEqual(ref('Users'))
    expect(data('/api/user', 'post')).toEqual(ref('Users'))
    expect(data('/api/user/bulk', 'post')).toEqual({ type: 'array', items: ref('Users') })
    const list = responseSchema(document, '/api/article', 'get')
    expect(list.required).toEqual(['data', 'msg', 'count'])
    expect(list.properties.count.type).toEqual(['integer', 'null'])
  })

  it('the real answers of every endpoint pass ajv against the documented response; a wrong one does not', async () => {
    const bulk = await call('POST', '/user/bulk', [{ username: 'alice' }, { username: 'bob', email: 'bob@example.com' }])
    expect(bulk.status).toBe(200)
    expect(answerValidator(document, '/api/user/bulk', 'post')(bulk.json)).toEqual([])
    const [alice, bob] = bulk.json.data as { id: number }[]

    const carol = await call('POST', '/user', { username: 'carol' })
    expect(carol.status).toBe(200)
    expect(answerValidator(document, '/api/user', 'post')(carol.json)).toEqual([])

    const checkCreated = answerValidator(document, '/api/article', 'post')
    for (const [authorId, title] of [[alice?.id, 'A1'], [bob?.id, 'B1'], [alice?.id, 'A2']] as const) {
      const created = await call('POST', '/article', { title, content: `about ${title}`, authorId })
      expect(created.status).toBe(200)
      expect(checkCreated(created.json)).toEqual([])
    }
    await database.execute("INSERT INTO comments (article_id, author_id, body) VALUES (1, 2, 'first'), (1, 3, 'second'), (2, 1, 'third')")

    const list = await call('GET', '/article?order=-title&limit=10')
    expect(list.status).toBe(200)
    expect(list.json.data).toHaveLength(3)
    expect(list.json.data[2]).toMatchObject({ title: 'A1', author: { username: 'alice', articlesNum: 2 }, comments: [{ body: 'first' }, { body: 'second' }], commentsNum: 2 })
    const checkList = answerValidator(document, '/api/article', 'get')
    expect(checkList(list.json)).toEqual([])

    const user = await call('GET', `/user/${bob?.id}`)
    expect(user.status).toBe(200)
    expect(answerValidator(document, '/api/user/{id}', 'get')(user.json)).toEqual([])

    // The schema is not `{}`: an answer off the document fails it.
    const wrong = structuredClone(list.json)
    wrong.data[0].author.username = 7
    delete wrong.data[1].commentsNum
    wrong.data[2].comments[0].id = 'one'
    expect(checkList(wrong)).toEqual([
      expect.stringMatching(/^\/data\/0\/author\/username must be string/),
      expect.stringMatching(/^\/data\/1 must have required property 'commentsNum'/),
      expect.stringMatching(/^\/data\/2\/comments\/0\/id must be integer/),
    ])
  })

  it('passes redocly lint (recommended) but for the rules needing the user\'s facts (tests/openapi/lint.test.ts)', async () => {
    // no component is unused (`Problem` only when a route answers problem+json)
    const known = /^(info-license|security-defined) /
    expect((await lint(document)).filter((problem) => !known.test(problem))).toEqual([])
  }, CHECK_MS)

  it('still passes the OpenAPI 3.1 validator, and openapi-typescript types compile', async () => {
    const result = await validate(structuredClone(document) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
    const source = astToString(await openapiTS(structuredClone(document) as never))
    expect(source).toMatch(/Articles: \{/)
    await mkdir(out, { recursive: true })
    const file = join(out, 'blog.d.ts')
    await writeFile(file, source)
    const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: false, types: [] })
    expect(ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([])
  }, CHECK_MS)
})
