/**
 * The API of the wire-type checks: nested dates, optional and
 * defaulted params, `this.respond` with a count and 201, files, SSE. Used by
 * tests/client/wire.test-d.ts (types) and tests/client/wire.test.ts (round
 * trips in-process and over HTTP).
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { Fw, api, exceptions, request, response } from 'fw-api'

class Page extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
  static countKey = 'count'
  static stateKey = 'state'
}

export const Note = v.object({ id: v.number(), title: v.string(), created: v.date() })
export type Note = v.InferOutput<typeof Note>

const notes: Note[] = [
  { id: 1, title: 'one', created: new Date('2025-01-01T00:00:00Z') },
  { id: 2, title: 'two', created: new Date('2025-01-02T00:00:00Z') },
]

export const listParams = {
  tag: v.optional(v.pipe(v.string(), v.description('only notes with this tag'), v.examples(['work']))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)), 10),
  since: v.optional(v.date()),
}

const createParams = { title: request.BodyParam(v.pipe(v.string(), v.minLength(1))), pinned: request.BodyParam(v.boolean(), { default: false }) }

export class NotesAPI extends api.API {
  static response = Page

  @api.doc({ summary: 'List notes', description: 'Newest first, paginated.', tags: ['notes'], result: v.array(Note) })
  @api.get(listParams)
  list({ tag, limit, since }: api.Args<typeof listParams>) {
    const found = notes.filter((note) => !since || note.created >= since).slice(0, limit)
    return this.respond(found, { count: notes.length, state: tag ? 1 : 0 })
  }

  @api.doc({ summary: 'Create a note', status: 201, result: Note })
  @api.post(createParams)
  create({ title }: api.Args<typeof createParams>) {
    const note = { id: notes.length + 1, title, created: new Date('2025-03-01T00:00:00Z') }
    return this.respond(note, { status: 201 })
  }

  @api.doc({ errors: [exceptions.PermissionDenied, exceptions.NotFound] })
  @api.before('create')
  guard() {
    if (this.request.headers.get('x-deny') === '1') throw new exceptions.PermissionDenied('read-only')
  }

  @api.doc({ summary: 'Health', deprecated: true })
  @api.get
  health() {
    return { ok: true, time: new Date('2025-04-15T16:38:30Z'), history: [{ at: new Date('2025-04-14T00:00:00Z'), up: true }], byName: { db: new Date('2025-04-13T00:00:00Z') } as Record<string, Date> }
  }

  @api.get
  either(): { kind: 'a'; at: Date } | { kind: 'b'; count: number } {
    return { kind: 'a', at: new Date('2025-01-01T00:00:00Z') }
  }

  @api.response(null)
  @api.get
  blob() {
    return new File(['hi'], 'hi.txt', { type: 'text/plain' })
  }

  @api.response(null)
  @api.get
  raw() {
    return new Response('raw', { headers: { 'content-type': 'text/plain' } })
  }

  @api.doc({ summary: 'Ticks', events: v.object({ n: v.number() }) })
  @api.get
  ticks() {
    return response.sse([{ event: 'tick', data: { n: 1 } }])
  }
}

export class WireAPI extends api.API {
  static notes = NotesAPI
}

export const service = new Fw(import.meta.url, { name: 'notes', api: WireAPI, route: '/api', docs: true })
