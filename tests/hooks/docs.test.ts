/**
 * The examples of docs/hooks.md, as written there, run.
 */
import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { Fw, api, exceptions, plugins, request, response } from 'fw-api'
import { call } from '../helpers/client'

describe('docs/hooks.md examples', () => {
  it('Hooks', async () => {
    class NoteAPI extends api.API {
      @api.get('{name}')
      read() { return this.request.state.note }          // set by the parent's before hook
    }

    class HooksAPI extends api.API {
      static notes = NoteAPI

      @api.before(NoteAPI, { name: request.PathParam })   // targets, then (optionally) the hook's own params
      load({ name }: { name: string }) {
        if (name === 'secret') throw new exceptions.PermissionDenied('not yours')
        this.request.state.note = `note ${name}`
      }

      @api.after('*')                                     // every endpoint and sub-API of the class
      stamp(res: Response) { res.headers.set('x-hooked', '1') }

      @api.handle('*', exceptions.PermissionDenied)        // targets, then error classes (none = every error)
      denied(error: exceptions.PermissionDenied) { return this.respond(null, { status: 403, message: error.message }) }
    }

    const service = new Fw(import.meta.url, { api: HooksAPI })
    const a = await call(service, 'GET /notes/a')
    expect(a).toMatchObject({ status: 200, body: 'note a' })
    expect(a.headers.get('x-hooked')).toBe('1')
    const secret = await call(service, 'GET /notes/secret')
    expect(secret).toMatchObject({ status: 403, body: null })
    expect(secret.headers.get('x-hooked')).toBe('1')
  })

  it('Response templates', async () => {
    class Wrap extends response.Response {
      static resultKey = 'data'
      static messageKey = 'msg'
      static stateKey = 'state'
      static countKey = 'count'
      static errorsKey = 'errors'
    }
    class Created extends response.Response {
      static resultKey = 'item'
      static status = 201
    }
    class Sub extends api.API {
      @api.get
      one() { return 1 }
    }
    class ItemsAPI extends api.API {
      static response = Wrap
      static sub = Sub

      @api.get
      list() { return this.respond([1, 2], { count: 42, state: 0, message: 'ok', headers: { 'x-page': '1' } }) }

      @api.response(Created)
      @api.post
      create() { return { id: 3 } }

      @api.response(null)
      @api.get
      raw() { return { raw: true } }
    }
    const service = new Fw(import.meta.url, { api: ItemsAPI })
    expect((await call(service, 'GET /sub/one')).body).toEqual({ data: 1, msg: '', state: null, count: null })
    expect((await call(service, 'GET /list')).body).toEqual({ data: [1, 2], msg: 'ok', state: 0, count: 42 })
    expect(await call(service, 'POST /create')).toMatchObject({ status: 201, body: { item: { id: 3 } } })
    expect((await call(service, 'GET /raw')).body).toEqual({ raw: true })
  })

  it('Server-sent events', async () => {
    let closed = false
    class EventsAPI extends api.API {
      @api.get
      ticks() {
        async function* source() {
          try {
            for (let n = 1; ; n++) {
              yield { event: 'tick', id: String(n), data: { n } }
              await new Promise((resolve) => setTimeout(resolve, 5))
            }
          } finally {
            closed = true
          }
        }
        return response.sse(source(), { retry: 3000, heartbeat: 15000 })
      }
    }
    const res = await new Fw(import.meta.url, { api: EventsAPI }).fetch(new Request('http://localhost/ticks'))
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let text = ''
    while (!text.includes('id: 2')) text += decoder.decode((await reader.read()).value)
    expect(text.startsWith('retry: 3000\n\nevent: tick\nid: 1\ndata: {"n":1}\n\n')).toBe(true)
    await reader.cancel()
    await vi.waitFor(() => expect(closed).toBe(true), { timeout: 1000 })
  })

  it('Plugins', async () => {
    class Auth extends api.Plugin {
      override processRequest(request: Request, ctx: api.API['request']) {
        if (!request.headers.get('authorization')) return new Response('login first', { status: 401 })
        ctx.state.user = 'ann'
        return undefined
      }
    }
    class PublicAPI extends api.API {
      @api.get
      whoami() { return [this.request.id, this.request.state.user] }
    }
    @api.plugin(new Auth())
    class PrivateAPI extends api.API {
      static open = PublicAPI
    }
    const lines: string[] = []
    const service = new Fw(import.meta.url, { api: PrivateAPI, cors: { origin: ['https://app.example'] } })
    service.use(new plugins.RequestId())
    service.use(new plugins.Logger({ sink: (line) => lines.push(line) }))
    expect((await call(service, 'GET /open/whoami')).status).toBe(401)
    const ok = await call(service, 'GET /open/whoami', { headers: { authorization: 'x', 'x-request-id': 'r-1', origin: 'https://app.example' } })
    expect(ok).toMatchObject({ status: 200, body: ['r-1', 'ann'] })
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect(lines).toHaveLength(2)
  })

  it('Several whole-body params', async () => {
    class Both extends api.API {
      @api.post({
        data: request.Json(v.optional(v.object({ name: v.string() }))),
        form: request.Form(v.optional(v.object({ name: v.string() }))),
      })
      both({ data, form }: { data?: { name: string }; form?: { name: string } }) { return [data ?? null, form ?? null] }
    }
    const service = new Fw(import.meta.url, { api: Both })
    expect((await call(service, 'POST /both', { json: { name: 'j' } })).body).toEqual([{ name: 'j' }, null])
    expect((await call(service, 'POST /both', { body: 'name=f', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).body).toEqual([null, { name: 'f' }])
    expect((await call(service, 'POST /both', { body: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(415)
  })
})
