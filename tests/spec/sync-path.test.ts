/**
 * The synchronous fast path: an endpoint that reads no
 * body, has no hooks and returns no promise is answered without a
 * promise; declaring hooks (or a body, or an async method) makes
 * only those endpoints asynchronous. A plugin (service or class) waits only
 * when a step of it does: one with synchronous steps (a request id, a
 * MemoryStore rate limit) costs no promise per request.
 */
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, plugins, request } from 'fw-api'
import { MemoryStore, rateLimit } from 'fw-api/plugins/rate-limit'

class Plain extends api.API {
  @api.get('users/{id}', { id: v.pipe(v.number(), v.integer()), q: request.QueryParam({ default: '' }) })
  user({ id }: { id: number }) { return { id } }
  @api.get
  async later() { return 1 }
  @api.post({ name: request.BodyParam })
  create() { return 1 }
}
class Hooked extends Plain {
  @api.after('user')
  stamp() {}
}

const get = (service: Fw, path: string, method = 'GET') => service.fetch(new Request(`http://localhost${path}`, { method }))

describe('synchronous fast path', () => {
  it('a plain endpoint, a 404 and a 405 answer synchronously', () => {
    const service = new Fw(import.meta.url, { api: Plain })
    for (const [path, method] of [['/users/3', 'GET'], ['/users/x', 'GET'], ['/nowhere', 'GET'], ['/users/3', 'DELETE'], ['/users/3', 'HEAD']] as const) {
      expect(get(service, path, method), `${method} ${path}`).toBeInstanceOf(Response)
    }
  })

  it('async methods, bodies and hooks answer with a promise', async () => {
    const plain = new Fw(import.meta.url, { api: Plain })
    expect(get(plain, '/later')).toBeInstanceOf(Promise)
    expect(get(plain, '/create', 'POST')).toBeInstanceOf(Promise)
    const hooked = new Fw(import.meta.url, { api: Hooked })
    expect(get(hooked, '/users/3')).toBeInstanceOf(Promise)
    expect(get(hooked, '/later')).toBeInstanceOf(Promise) // async method
    expect((await get(hooked, '/users/3')).status).toBe(200)
  })

  it('plugins with synchronous steps answer synchronously; an asynchronous step answers with a promise', async () => {
    const withPlugin = new Fw(import.meta.url, { api: Plain }).use(new plugins.RequestId())
    const answered = get(withPlugin, '/users/3')
    expect(answered).toBeInstanceOf(Response)
    expect((answered as Response).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    expect(get(withPlugin, '/later')).toBeInstanceOf(Promise) // async method
    const limited = new Fw(import.meta.url, { api: Plain }).use(rateLimit({ limit: 1, window: '1m', key: () => 'k', store: MemoryStore() }))
    const first = get(limited, '/users/3')
    expect(first).toBeInstanceOf(Response)
    expect((first as Response).headers.get('ratelimit')).toBe('"default";r=0;t=60')
    const refused = get(limited, '/users/3') // past the limit: the 429, synchronously too
    expect(refused).toBeInstanceOf(Response)
    expect((refused as Response).status).toBe(429)
    class Later extends api.Plugin {
      override async processRequest() {}
    }
    const waiting = new Fw(import.meta.url, { api: Plain }).use(new Later()).use(new plugins.RequestId())
    const pending = get(waiting, '/users/3')
    expect(pending).toBeInstanceOf(Promise)
    expect((await pending).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    @api.plugin(new plugins.RequestId())
    class ClassPlugin extends Plain {}
    expect(get(new Fw(import.meta.url, { api: ClassPlugin }), '/users/3')).toBeInstanceOf(Response)
  })
})
