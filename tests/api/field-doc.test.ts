/**
 * SPEC §9.1: field endpoints equal methods. `api.get(path?,
 * params?, handler, { doc })` takes every `@api.doc` option: the document
 * says it (summary, tags, status, description, deprecated, errors, hidden)
 * and the server answers it (a DELETE with `{ status: 204 }` answers 204 with
 * no body), in-process and over HTTP; the typed client calls a field
 * endpoint leaving defaulted params out. A wrong `{ doc }` or option is
 * refused when the service is built.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, exceptions, request, type RunningServer } from 'fw-api'
import { createClient } from 'fw-api/client'

const int = v.pipe(v.number(), v.integer())
const notes = new Map<number, string>([[1, 'one'], [2, 'two']])

class FieldNotesAPI extends api.API {
  list = api.get({ limit: v.optional(int, 10) }, ({ limit }) => [...notes.values()].slice(0, limit), {
    doc: { summary: 'List notes', description: 'Oldest first.', tags: ['notes'] },
  })

  add = api.post({ title: request.BodyParam(v.string()), tag: request.BodyParam(v.optional(v.string(), '')) }, ({ title, tag }) => {
    notes.set(notes.size + 100, title)
    return { title, tag }
  }, { doc: { status: 201, summary: 'Add a note' } })

  remove = api.del('{id}', { id: int }, ({ id }) => {
    if (!notes.delete(id)) throw new exceptions.NotFound(`no note ${id}`)
  }, { doc: { status: 204, summary: 'Delete a note', tags: ['notes'], deprecated: true, errors: [exceptions.NotFound] } })

  secret = api.get(() => 'hidden', { doc: { hidden: true } })

  plain = api.get(() => 'plain')
}

class FieldRootAPI extends api.API {
  static notes = FieldNotesAPI
}

const service = new Fw(import.meta.url, { name: 'field-notes', api: FieldRootAPI, route: '/api', docs: true })

type Op = { summary?: string; description?: string; tags?: string[]; deprecated?: boolean; responses: Record<string, { description?: string; content?: unknown }> }

describe('{ doc } on a field endpoint is in the document', () => {
  const doc = service.openapi()
  const op = (path: string, method: string): Op => doc.paths[path]?.[method] as unknown as Op

  it('summary, description, tags, deprecated, as @api.doc gives them on a method', () => {
    expect(op('/api/notes/list', 'get')).toMatchObject({ summary: 'List notes', description: 'Oldest first.', tags: ['notes'] })
    expect(op('/api/notes/{id}', 'delete')).toMatchObject({ summary: 'Delete a note', tags: ['notes'], deprecated: true })
    expect(op('/api/notes/plain', 'get')).toMatchObject({ summary: 'plain', tags: ['FieldNotesAPI'] })
    expect(Object.keys(op('/api/notes/add', 'post').responses)).toContain('201')
  })

  it('status 204 is the documented success, without 200; declared errors documented', () => {
    const responses = op('/api/notes/{id}', 'delete').responses
    expect(Object.keys(responses)).toContain('204')
    expect(Object.keys(responses)).not.toContain('200')
    expect(responses['404']?.description).toContain('NotFound')
  })

  it('hidden leaves it out of the document; it is still served', async () => {
    expect(doc.paths['/api/notes/secret']).toBeUndefined()
    const response = await service.fetch(new Request('http://in.process/api/notes/secret'))
    expect(response.status).toBe(200)
  })
})

function answers(name: string, setup: () => Promise<{ baseURL: string; fetch?: (request: Request) => Response | Promise<Response> }>): void {
  describe(`the server answers what { doc } says, ${name}`, () => {
    let baseURL = ''
    let send: (path: string, init?: RequestInit) => Promise<Response>
    let client: ReturnType<typeof createClient<typeof FieldRootAPI>>
    beforeAll(async () => {
      const target = await setup()
      baseURL = target.baseURL
      send = (path, init) => Promise.resolve((target.fetch ?? globalThis.fetch)(new Request(`${baseURL}${path}`, init)))
      client = createClient<typeof FieldRootAPI>({ baseURL, fetch: target.fetch, document: '/api/docs/openapi.json' })
    })

    it('a DELETE declared { status: 204 } answers 204 with no body; a miss is the declared 404', async () => {
      notes.set(7, 'seven')
      const deleted = await send('/api/notes/7', { method: 'DELETE' })
      expect(deleted.status).toBe(204)
      expect(await deleted.text()).toBe('')
      const missing = await send('/api/notes/7', { method: 'DELETE' })
      expect(missing.status).toBe(404)
    })

    it('the typed client leaves defaulted params out and reads a 204 as no result', async () => {
      expect(await client.notes.list()).toEqual([...notes.values()])
      expect(await client.notes.list({ limit: 1 })).toEqual([...notes.values()].slice(0, 1))
      expect(await client.notes.add({ title: 'new' })).toEqual({ title: 'new', tag: '' })
      const added = await send('/api/notes/add', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"x"}' })
      expect(added.status).toBe(201)
      notes.set(8, 'eight')
      expect(await client.notes.remove({ id: 8 })).toBeUndefined()
      expect(notes.has(8)).toBe(false)
    })
  })
}

answers('in-process', async () => ({ baseURL: 'http://in.process', fetch: (request) => service.fetch(request) }))

let server: RunningServer | undefined
afterAll(() => server?.close())
answers('over HTTP', async () => {
  server = await service.run({ port: 0, host: '127.0.0.1' })
  return { baseURL: `http://127.0.0.1:${server.port}` }
})

describe('a wrong { doc } or option is refused at build', () => {
  const build = (cls: api.APIClass) => () => new Fw(import.meta.url, { api: cls }).openapi()

  it('a non-success status, as @api.doc refuses it', () => {
    class Bad extends api.API {
      gone = api.del(() => null, { doc: { status: 404 } })
    }
    expect(build(Bad)).toThrow(exceptions.ImproperlyConfigured)
    expect(build(Bad)).toThrow(/status: 404.*200–299/)
  })

  it('an unknown option names itself and the one option', () => {
    class Bad extends api.API {
      // @ts-expect-error `summary` belongs in `doc`
      gone = api.get(() => null, { summary: 'x' })
    }
    expect(build(Bad)).toThrow(/unknown option 'summary'.*\{ doc \}/)
  })

  it('@api.doc on a field names the option to use', () => {
    expect(() => {
      class Bad extends api.API {
        // @ts-expect-error @api.doc goes on a method or a class
        @api.doc({ summary: 'x' }) gone = api.get(() => null)
      }
      return Bad
    }).toThrow(/api\.get\(params, handler, \{ doc: \{ … \} \}\)/)
  })
})
