/**
 * The synchronous fast path: an endpoint that reads no
 * body, has no hooks or plugins and returns no promise is answered without a
 * promise; declaring hooks or plugins (or a body, or an async method) makes
 * only those endpoints asynchronous.
 */
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, plugins, request } from 'fw-api'

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

  it('async methods, bodies, hooks and plugins answer with a promise', async () => {
    const plain = new Fw(import.meta.url, { api: Plain })
    expect(get(plain, '/later')).toBeInstanceOf(Promise)
    expect(get(plain, '/create', 'POST')).toBeInstanceOf(Promise)
    const hooked = new Fw(import.meta.url, { api: Hooked })
    expect(get(hooked, '/users/3')).toBeInstanceOf(Promise)
    expect(get(hooked, '/later')).toBeInstanceOf(Promise) // async method
    expect((await get(hooked, '/users/3')).status).toBe(200)
    const withPlugin = new Fw(import.meta.url, { api: Plain }).use(new plugins.RequestId())
    expect(get(withPlugin, '/users/3')).toBeInstanceOf(Promise)
  })
})
