/**
 * Round trips, in-process (`service.fetch`) and over HTTP
 * (`service.run({ port: 0 })`): a nested-date result arrives as strings,
 * optional and defaulted params may be left out, `respond` with a count and
 * with 201; and the document says so (summary, description, tags,
 * deprecated, param descriptions and examples, 201, count/state, SSE,
 * hook-declared errors).
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, createClient } from 'fw-api/client'
import type { RunningServer } from 'fw-api'
import { service, type WireAPI } from './wire'

type Op = { summary?: string; description?: string; tags?: string[]; deprecated?: boolean; parameters?: { name: string; description?: string; example?: unknown; required?: boolean }[]; responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown>; 'x-fw-event-data'?: unknown }> }> }

describe('the document of the wire API', () => {
  const doc = service.openapi()
  const op = (path: string, method: string) => doc.paths[path]?.[method] as unknown as Op

  it('title and version default to the service name and the package version', () => {
    expect(doc.info).toMatchObject({ title: 'notes', version: '0.1.0' })
  })

  it('summary, description, tags, deprecated; the page reads the summary, else the method name', () => {
    expect(op('/api/notes/list', 'get')).toMatchObject({ summary: 'List notes', description: 'Newest first, paginated.', tags: ['notes'] })
    expect(op('/api/notes/health', 'get')).toMatchObject({ summary: 'Health', deprecated: true, tags: ['NotesAPI'] })
    expect(op('/api/notes/either', 'get').summary).toBe('either')
    expect(doc.tags.map((tag) => tag.name)).toEqual(['notes', 'NotesAPI'])
  })

  it('param descriptions and examples from v.description() / v.examples()', () => {
    const tag = op('/api/notes/list', 'get').parameters?.find((param) => param.name === 'tag')
    expect(tag).toMatchObject({ description: 'only notes with this tag', example: 'work', required: false })
  })

  it('respond() results: the declared result schema, count and state in the envelope; 201 for create', () => {
    const list = op('/api/notes/list', 'get').responses['200']?.content?.['application/json']?.schema as { properties: Record<string, Record<string, unknown>>; required: string[] }
    expect(list.properties.data).toMatchObject({ type: 'array', items: { type: 'object', properties: { created: { type: 'string', format: 'date-time' } } } })
    expect(list.properties.count).toMatchObject({ type: ['integer', 'null'] })
    expect(list.properties.state).toBeDefined()
    expect(list.required).toEqual(['data', 'msg', 'state', 'count'])
    const create = op('/api/notes/create', 'post').responses
    expect(Object.keys(create)).toContain('201')
    expect(Object.keys(create)).not.toContain('200')
  })

  it('hook-declared errors on the targets only; SSE as text/event-stream', () => {
    const create = op('/api/notes/create', 'post').responses
    expect(create['403']?.description).toContain('`PermissionDenied` from the before hook `NotesAPI.guard()`')
    expect(create['404']?.description).toContain('`NotFound` from the before hook `NotesAPI.guard()`')
    expect(op('/api/notes/list', 'get').responses['403']).toBeUndefined()
    const ticks = op('/api/notes/ticks', 'get').responses['200']?.content
    expect(Object.keys(ticks ?? {})).toEqual(['text/event-stream'])
    expect(ticks?.['text/event-stream']?.['x-fw-event-data']).toMatchObject({ type: 'object', properties: { n: { type: 'number' } } })
  })
})

function roundTrips(name: string, setup: () => Promise<{ baseURL: string; fetch?: (request: Request) => Response | Promise<Response> }>): void {
  describe(`round trips ${name}`, () => {
    let client: ReturnType<typeof createClient<typeof WireAPI>>
    let raw: (path: string, init?: RequestInit) => Promise<Response>
    beforeAll(async () => {
      const { baseURL, fetch } = await setup()
      client = createClient<typeof WireAPI>({ baseURL, fetch, document: '/api/docs/openapi.json' })
      raw = (path, init) => Promise.resolve((fetch ?? globalThis.fetch)(new Request(`${baseURL}${path}`, init)))
    })

    it('a nested-date result arrives as strings, as typed', async () => {
      const health = await client.notes.health()
      expect(health).toEqual({ ok: true, time: '2025-04-15T16:38:30.000Z', history: [{ at: '2025-04-14T00:00:00.000Z', up: true }], byName: { db: '2025-04-13T00:00:00.000Z' } })
      expect(typeof health.time).toBe('string')
    })

    it('optional and defaulted params may be left out; a date param goes as text', async () => {
      expect((await client.notes.list()).map((note) => note.id)).toEqual([1, 2])
      expect((await client.notes.list({ limit: 1 })).map((note) => note.id)).toEqual([1])
      expect((await client.notes.list({ since: '2025-01-02T00:00:00Z' })).map((note) => note.id)).toEqual([2])
      await expect(client.notes.list({ limit: 0 })).rejects.toBeInstanceOf(ClientError)
    })

    it('respond with a count and a state; respond with 201', async () => {
      const body = (await (await raw('/api/notes/list?tag=work')).json()) as Record<string, unknown>
      expect(body).toMatchObject({ count: 2, state: 1, msg: '' })
      const created = await client.notes.create({ title: 'three' })
      expect(created).toEqual({ id: 3, title: 'three', created: '2025-03-01T00:00:00.000Z' })
      const response = await raw('/api/notes/create', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"four"}' })
      expect(response.status).toBe(201)
      const denied = await raw('/api/notes/create', { method: 'POST', headers: { 'content-type': 'application/json', 'x-deny': '1' }, body: '{"title":"x"}' })
      expect(denied.status).toBe(403)
    })
  })
}

roundTrips('in-process', async () => ({ baseURL: 'http://in.process', fetch: (request) => service.fetch(request) }))

let server: RunningServer | undefined
afterAll(() => server?.close())
roundTrips('over HTTP', async () => {
  server = await service.run({ port: 0, host: '127.0.0.1' })
  return { baseURL: `http://127.0.0.1:${server.port}` }
})
