/**
 * SPEC §9: the OpenAPI 3.1 document, for the example service and for a
 * fixture declaring every param kind. It passes a real validator
 * (@readme/openapi-parser), openapi-typescript turns it into TypeScript that
 * type-checks, and its details match what the router and parsers do.
 */
import 'fw-api/openapi'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { validate } from '@readme/openapi-parser'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { service } from '../../examples/app'
import { fixture } from './fixture'

type Json = Record<string, any>
const out = fileURLToPath(new URL('../.tmp/openapi/', import.meta.url))

/** Generate types with openapi-typescript and type-check them with tsc (strict). */
async function typesCompile(doc: object, name: string): Promise<string[]> {
  const source = astToString(await openapiTS(structuredClone(doc) as never))
  await mkdir(out, { recursive: true })
  const file = join(out, `${name}.d.ts`)
  await writeFile(file, source)
  const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: false, types: [] })
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
}

const operations = (doc: Json): [string, string, Json][] =>
  Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.entries(item as Json).map(([method, op]) => [path, method, op as Json] as [string, string, Json]))

describe.each([
  ['example', () => service.openapi() as Json],
  ['fixture', () => fixture.openapi() as Json],
])('%s document', (name, build) => {
  it('passes the OpenAPI 3.1 validator', async () => {
    const result = await validate(structuredClone(build()) as never)
    expect(result.valid ? [] : result.errors).toEqual([])
    expect(result.specification).toBe('OpenAPI')
    expect(build().openapi).toBe('3.1.0')
  })

  it('gives openapi-typescript types that compile', async () => {
    expect(await typesCompile(build(), name)).toEqual([])
  }, 60_000)

  it('has unique operationIds, a tag per class, every error status', () => {
    const ops = operations(build())
    const ids = ops.map(([, , op]) => op.operationId as string)
    expect(new Set(ids).size).toBe(ids.length)
    for (const [, , op] of ops) {
      expect(op.tags).toHaveLength(1)
      for (const status of ['404', '405', '500']) expect(op.responses[status], `${op.operationId} ${status}`).toBeDefined()
      if (op.parameters || op.requestBody) expect(op.responses['400']).toBeDefined()
      if (op.requestBody) expect([op.responses['413'], op.responses['415']]).not.toContain(undefined)
    }
  })
})

describe('example document', () => {
  const doc = service.openapi() as Json
  const op = (path: string, method = 'get'): Json => doc.paths[path][method]
  const param = (path: string, name: string, method = 'get'): Json => op(path, method).parameters.find((p: Json) => p.name === name)

  it('documents all 36 endpoints with <dotted mount path>.<method> ids (and getDoc without its optional page)', () => {
    const ids = operations(doc).map(([, , o]) => o.operationId).sort()
    expect(ids).toHaveLength(37)
    // The optional trailing `page` is documented as both paths.
    expect(op('/api/doc/{lang}')).toMatchObject({ operationId: 'getDoc.without.page', parameters: [{ name: 'lang', in: 'path', required: true }] })
    expect(op('/api/doc/{lang}')['x-fw-call']).toBe('docs.getDoc') // one call; the client keeps the first path
    expect(ids).toEqual(expect.arrayContaining(['article.getArticle', 'article.get', 'calc.add', 'getDoc', 'getFile', 'ping', 'secure.operation', 'body.upload']))
    expect(op('/api/article/{slug}')['x-fw-call']).toBe('article.getArticle')
    expect(op('/api/doc/{lang}/{page}')['x-fw-call']).toBe('docs.getDoc') // mounted at '' under the field `docs`
    expect(doc.tags.map((t: Json) => t.name)).toEqual(['CalcAPI', 'ArticleAPI', 'DocsAPI', 'QueryAPI', 'SecureAPI', 'BodyAPI', 'NoteAPI', 'HooksAPI', 'RootAPI'])
  })

  it('documents path params: regex as pattern, FilePathParam, optional tail', () => {
    expect(param('/api/item/{code}', 'code').schema.pattern).toBe('^(?:[a-z]{1,9})$')
    expect(param('/api/article/{slug}', 'slug').schema.pattern).toContain('[a-zA-Z0-9]+')
    expect(param('/api/file/{path}', 'path')['x-fw-match']).toBe('rest')
    const page = param('/api/doc/{lang}/{page}', 'page')
    // An integer param truncates a decimal, so it is documented as the number it accepts.
    expect(page).toMatchObject({ in: 'path', required: true, schema: { type: 'number', minimum: 1, default: 1, description: 'An integer: a decimal is accepted and truncated toward zero (`1.5` → 1) before its bounds are checked.' } })
    expect(param('/api/doc/{lang}/{page}', 'lang').schema.enum).toEqual(['en', 'zh'])
  })

  it('documents query params by wire name with wire types and defaults', () => {
    expect(param('/api/calc/add', 'a')).toMatchObject({ in: 'query', required: true, schema: { type: 'number', description: 'An integer: a decimal is accepted and truncated toward zero (`1.5` → 1) before its bounds are checked.' } })
    expect(param('/api/query/alias', 'class')).toMatchObject({ required: true, 'x-fw-source': [{ key: 'clsName' }] })
    expect(param('/api/query/alias', '@page')).toMatchObject({ required: false, schema: { type: 'number', default: 1 } })
    expect(param('/api/query/search', 'filter').schema).toMatchObject({ type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'object', required: ['tag'] } })
    expect(param('/api/query/doc', 'lang')).toMatchObject({ in: 'query', required: true, 'x-fw-source': [{ key: 'query', field: 'lang' }] })
    expect(param('/api/query/list', 'tags').schema).toMatchObject({ type: 'array', items: { type: 'string' }, default: [] })
  })

  it('documents headers and cookies, common ones included', () => {
    const names = op('/api/secure/operation', 'post').parameters.map((p: Json) => `${p.in}:${p.name}`)
    expect(names).toEqual(['header:X-Auth-Token', 'header:X-Meta-Data', 'cookie:sessionid', 'cookie:csrftoken'])
    expect(param('/api/secure/operation', 'X-Meta-Data', 'post').schema.contentMediaType).toBe('application/json')
    expect(param('/api/secure/operation', 'csrftoken', 'post')).toMatchObject({ required: false, schema: { default: null } })
    expect(param('/api/secure/kebab', 'x-test-header').schema.type).toBe('number')
    // The common `X-Auth-Token` (any string) and the `request.Headers` field (12 characters) are both enforced.
    expect(param('/api/secure/operation', 'X-Auth-Token', 'post').schema).toEqual({ type: 'string', minLength: 12, maxLength: 12 })
  })

  it('documents every body form with its content types', () => {
    const content = (path: string): Json => op(path, 'post').requestBody.content
    expect(Object.keys(content('/api/body/article'))).toEqual(['application/json', 'application/xml', 'text/xml', 'application/x-www-form-urlencoded', 'multipart/form-data'])
    expect(Object.keys(content('/api/body/json'))).toEqual(['application/json'])
    expect(Object.keys(content('/api/body/form'))).toEqual(['multipart/form-data', 'application/x-www-form-urlencoded'])
    expect(content('/api/body/batch')['application/json'].schema.type).toBe('array')
    // The limit counts bytes, so it is no `maxLength` (characters) but the body's `x-fw-max-bytes`.
    expect(content('/api/body/html')['text/html'].schema).toEqual({ type: 'string' })
    expect(op('/api/body/html', 'post').requestBody).toMatchObject({ 'x-fw-max-bytes': 100, description: expect.stringContaining('At most 100 bytes') })
    expect(content('/api/body/image')).toEqual({ 'image/*': { schema: { type: 'string', format: 'binary' } } })
    const upload = content('/api/body/upload')
    expect(Object.keys(upload)).toEqual(['multipart/form-data'])
    expect(upload['multipart/form-data'].schema.properties.files).toMatchObject({ type: 'array', items: { format: 'binary' }, maxItems: 3 })
    expect(content('/api/body/fields')['application/json'].schema).toMatchObject({ properties: { title: { type: 'string' }, views: { type: 'number', default: 0, description: 'An integer: a decimal is accepted and truncated toward zero (`1.5` → 1) before its bounds are checked.' } }, required: ['title'] })
  })

  it('documents the envelope on success and on errors', () => {
    const add = op('/api/calc/add')
    expect(add.responses['200'].content['application/json'].schema).toMatchObject({ type: 'object', required: ['data', 'msg'] })
    expect(doc.components.responses[add.responses['400'].$ref.split('/').pop()].content['application/json'].schema.properties).toEqual({ data: { type: 'null' }, msg: expect.any(Object) })
    // DocsAPI has no envelope: errors are problem+json
    const getDoc = op('/api/doc/{lang}/{page}')
    expect(doc.components.responses[getDoc.responses['400'].$ref.split('/').pop()].content).toHaveProperty(['application/problem+json'])
    // `@api.response(null)` is the endpoint's; a 405 on its path renders with the class's envelope.
    const bare = op('/api/hooks/bare')
    expect(doc.components.responses[bare.responses['404'].$ref.split('/').pop()].content).toHaveProperty(['application/problem+json'])
    expect(doc.components.responses[bare.responses['405'].$ref.split('/').pop()].content['application/json'].schema.required).toEqual(['data', 'msg'])
  })
})

describe('fixture document', () => {
  const doc = fixture.openapi() as Json
  const op = (path: string, method = 'get'): Json => doc.paths[path][method]

  it('types the result with the template\'s static result, with state and count keys', () => {
    const schema = op('/v1/user/{userId}/item/{code}').responses['200'].content['application/json'].schema
    expect(schema.properties.data).toMatchObject({ type: 'array', items: { properties: { id: { type: 'integer' } } } })
    expect(Object.keys(schema.properties)).toEqual(['data', 'msg', 'state', 'count'])
  })

  it('documents the class-route param as a common path param, and multipart files with encoding', () => {
    expect(op('/v1/user/{userId}/item/{code}').parameters[0]).toMatchObject({ name: 'userId', in: 'path', schema: { type: 'number' }, 'x-fw-source': [{ key: 'userId', target: 'instance' }] })
    const upload = op('/v1/plain/upload', 'post').requestBody.content['multipart/form-data']
    expect(upload.encoding).toEqual({ avatar: { contentType: 'image/*' } })
    expect(upload.schema.properties.avatar).toMatchObject({ type: 'string', format: 'binary' })
  })

  it('uses Field aliases as wire names and moves recursive schemas to components', () => {
    const schema = op('/v1/plain/any', 'post').requestBody.content['application/json'].schema
    expect(schema.required).toEqual(['Title'])
    expect(JSON.stringify(schema)).toContain('#/components/schemas/Schema0')
    expect(doc.components.schemas.Schema0).toBeDefined()
  })

  it('keeps operationIds unique when one class is mounted twice', () => {
    expect(op('/v1/plain/any', 'post').operationId).toBe('plain.any')
    expect(op('/v1/other/any', 'post').operationId).toBe('other.any')
    expect(op('/v1').operationId).toBe('get')
  })
})
