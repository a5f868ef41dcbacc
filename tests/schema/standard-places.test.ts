/**
 * Every place that takes a schema takes a zod or arktype schema (SPEC §3.6):
 * wire names inside their objects, `request.Headers/Cookies/Query/Body`,
 * files next to text fields in a multipart form, a template's
 * `static result` and `{ doc: { result } }` — answered in-process and over
 * real HTTP (Node), and described in the OpenAPI document.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { debugService, service } from './standard-places.fixture'

type Send = (request: Request) => Promise<Response>

function form(avatarField = 'avatar'): FormData {
  const body = new FormData()
  body.append('name', 'ada')
  body.append(avatarField, new File(['hello'], 'a.png', { type: 'image/png' }))
  return body
}

async function answer(send: Send, request: Request): Promise<{ status: number; json: unknown }> {
  const response = await send(request)
  return { status: response.status, json: await response.json() }
}

function detail(result: { json: unknown }): unknown {
  return (result.json as { detail?: unknown }).detail
}

function suite(name: string, setup: () => Promise<{ send: Send; origin: string; close?: () => Promise<void> }>): void {
  describe.each(['zod', 'arktype'])(`${name}: %s`, (library) => {
    let send: Send = async () => new Response(null, { status: 599 })
    let origin = ''
    let close: (() => Promise<void>) | undefined
    beforeAll(async () => ({ send, origin, close } = await setup()))
    afterAll(() => close?.())
    const at = (path: string, init?: RequestInit) => new Request(`${origin}/${library}${path}`, init)

    it('request.Headers reads a field by the alias set in the object (Field.alias) and the rest in kebab-case', async () => {
      expect(await answer(send, at('/headers', { headers: { 'X-Auth-Token': 'abcd', 'trace-id': 't1' } }))).toEqual({ status: 200, json: { authToken: 'abcd', traceId: 't1' } })
      expect(await answer(send, at('/headers', { headers: { 'x-auth-token': 'abcd' } }))).toEqual({ status: 200, json: { authToken: 'abcd' } })
      const unaliased = await answer(send, at('/headers', { headers: { authToken: 'abcd' } }))
      expect(unaliased.status).toBe(400)
      // the missing field is named by its wire name, as for valibot (tests/schema/standard-field.test.ts)
      expect(detail(unaliased)).toBe("BadRequest: parse item: ['head'] failed: parse item: ['X-Auth-Token'] failed: required item missing")
      expect((await answer(send, at('/headers', { headers: { 'x-auth-token': 'abc' } }))).status).toBe(400)
    })

    it('request.Cookies reads an aliased cookie and converts an integer', async () => {
      expect(await answer(send, at('/cookies', { headers: { cookie: 'session-id=s1; n=2.7' } }))).toEqual({ status: 200, json: { sid: 's1', n: 2 } })
      expect((await answer(send, at('/cookies', { headers: { cookie: 'sid=s1; n=2' } }))).status).toBe(400)
    })

    it('request.Query reads an aliased key (converted before the library validates)', async () => {
      expect(await answer(send, at('/query?page-size=3.9'))).toEqual({ status: 200, json: { pageSize: 3 } })
      expect((await answer(send, at('/query?pageSize=3'))).status).toBe(400)
      expect((await answer(send, at('/query?page-size=0'))).status).toBe(400)
    })

    it('request.Body reads an aliased field from JSON and from a form', async () => {
      const json = at('/body', { method: 'POST', body: JSON.stringify({ 'user-name': 'ada', age: '36' }), headers: { 'content-type': 'application/json' } })
      expect(await answer(send, json)).toEqual({ status: 200, json: { userName: 'ada', age: 36 } })
      expect(await answer(send, at('/body', { method: 'POST', body: new URLSearchParams({ 'user-name': 'ada', age: '36' }) }))).toEqual({ status: 200, json: { userName: 'ada', age: 36 } })
      const refused = await answer(send, at('/body', { method: 'POST', body: JSON.stringify({ userName: 'ada', age: 1 }), headers: { 'content-type': 'application/json' } }))
      expect(refused.status).toBe(400)
      expect(detail(refused)).toBe("BadRequest: parse item: ['user'] failed: parse item: ['user-name'] failed: required item missing")
    })

    it('a multipart form: a file field of the library next to text fields, as one object or as body params', async () => {
      const expected = { status: 200, json: { name: 'ada', file: 'a.png', size: 5 } }
      expect(await answer(send, at('/upload', { method: 'POST', body: form() }))).toEqual(expected)
      expect(await answer(send, at('/fields', { method: 'POST', body: form() }))).toEqual(expected)
      expect(await answer(send, at('/mixed', { method: 'POST', body: form() }))).toEqual({ status: 200, json: { name: 'ada', size: 5 } })
    })

    it('a file part in a text field is refused as it arrives (400), a text in the file field is the library’s 400', async () => {
      const fileAsName = new FormData()
      fileAsName.append('name', new File(['x'], 'n.txt'))
      fileAsName.append('avatar', new File(['x'], 'a.png'))
      const refused = await answer(send, at('/upload', { method: 'POST', body: fileAsName }))
      expect(refused).toMatchObject({ status: 400, json: { detail: "BadRequest: field 'name' does not take a file" } })
      const textAsFile = new FormData()
      textAsFile.append('name', 'ada')
      textAsFile.append('avatar', 'not a file')
      const invalid = await answer(send, at('/upload', { method: 'POST', body: textAsFile }))
      expect(invalid.status).toBe(400)
      expect(detail(invalid)).toMatch(/^BadRequest: parse item: \['form'\] failed: parse item: \['avatar'\] failed: /)
    })
  })

  describe.each(['zodResult', 'arkResult'])(`${name}: %s`, (prefix) => {
    let send: Send = async () => new Response(null, { status: 599 })
    let origin = ''
    let close: (() => Promise<void>) | undefined
    beforeAll(async () => ({ send, origin, close } = await setup()))
    afterAll(() => close?.())

    it('a template whose static result is the library’s schema answers in its envelope', async () => {
      expect(await answer(send, new Request(`${origin}/${prefix}/note?id=2.5`))).toEqual({ status: 200, json: { data: { id: 2, tags: [] } } })
    })
  })
}

suite('in-process', async () => ({ send: async (request) => await service.fetch(request), origin: 'http://localhost' }))

suite('over HTTP (Node)', async () => {
  const server = await service.run({ port: 0, host: '127.0.0.1' })
  return { send: (request) => fetch(request), origin: `http://127.0.0.1:${server.port}`, close: () => server.close() }
})

describe.each(['zodResult', 'arkResult'])('debug mode checks a result by its template’s schema: %s', (prefix) => {
  it('a result the schema refuses is a 500 naming the library’s reason; a matching one passes', async () => {
    const wrong = await debugService.fetch(new Request(`http://localhost/${prefix}/wrong`))
    expect(wrong.status).toBe(500)
    expect(((await wrong.json()) as { detail: string }).detail).toMatch(/result does not match its template's result schema: \S/)
    expect((await debugService.fetch(new Request(`http://localhost/${prefix}/note?id=1`))).status).toBe(200)
  })
})

type Parameter = { name: string; in: string; required: boolean; schema: Record<string, unknown> }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> }
  responses: Record<string, { content: Record<string, { schema: { properties: Record<string, unknown> } }> }>
}

describe.each(['zod', 'arktype'])('OpenAPI of every place, %s', (library) => {
  const document = service.openapi() as unknown as { paths: Record<string, Record<string, Operation>> }
  const operation = (path: string, method: string): Operation => document.paths[`/${library}${path}`]?.[method] as Operation
  const params = (path: string) =>
    Object.fromEntries((operation(path, 'get').parameters ?? []).map((param) => [`${param.in} ${param.name}`, { required: param.required, schema: param.schema }]))

  it('header, cookie and query params are named by their aliases, optional ones not required, alias keywords dropped', () => {
    expect(params('/headers')).toEqual({
      'header X-Auth-Token': { required: true, schema: { type: 'string', minLength: 4, maxLength: 4 } },
      'header trace-id': { required: false, schema: { type: 'string' } },
    })
    expect(params('/cookies')).toMatchObject({ 'cookie session-id': { required: true, schema: { type: 'string' } }, 'cookie n': { required: true } })
    expect(params('/query')).toMatchObject({ 'query page-size': { required: true, schema: { type: 'number', minimum: 1 } } })
    expect(JSON.stringify(document.paths)).not.toMatch(/"(x-)?alias"/)
  })

  it('a body object lists its properties by their wire names', () => {
    const schema = operation('/body', 'post').requestBody?.content['application/json']?.schema
    expect(Object.keys(schema?.properties as object).sort()).toEqual(['age', 'user-name'])
    expect([...(schema?.required as string[])].sort()).toEqual(['age', 'user-name'])
  })

  it.each(['/upload', '/fields', '/mixed'])('a form holding a file (%s) is multipart only, the file a binary string', (path) => {
    const content = operation(path, 'post').requestBody?.content ?? {}
    expect(Object.keys(content)).toEqual(['multipart/form-data'])
    expect(content['multipart/form-data']?.schema).toMatchObject({ properties: { avatar: { type: 'string', format: 'binary' }, name: { type: 'string' } } })
  })
})

describe.each([
  ['zod', 'zodResult'],
  ['arktype', 'arkResult'],
])('OpenAPI of results, %s', (_library, prefix) => {
  const document = service.openapi() as unknown as { paths: Record<string, Record<string, Operation>> }
  const result = (path: string) => document.paths[`/${prefix}${path}`]?.get?.responses['200']?.content['application/json']?.schema.properties.data as Record<string, unknown>

  it('a static result is described by its output side (a defaulted field is always there)', () => {
    expect(result('/note')).toMatchObject({ type: 'object', properties: { id: { type: 'integer' }, tags: { type: 'array' } }, required: ['id', 'tags'] })
  })

  it('`{ doc: { result } }` describes the result with the library’s schema', () => {
    expect(result('/listed')).toMatchObject({ type: 'array', maxItems: 10, items: { type: 'integer' } })
  })
})
