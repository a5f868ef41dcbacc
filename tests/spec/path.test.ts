import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, request } from 'fw-api'
import { call } from '../helpers/client'

// SPEC §2.2, verbatim.
class RootAPI extends api.API {
  @api.get('doc/{lang}/{page}', {
    lang: v.picklist(['en', 'zh']),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
  })
  getDoc(p: { lang: 'en' | 'zh'; page: number }) {
    return p
  }
  // GET /doc/en → {"lang":"en","page":1}; GET /doc/en/3 → page 3
  // GET /doc → 404; GET /doc/fr/3 → 400; GET /doc/en/0 → 400

  @api.get('item/{code}', { code: request.PathParam({ regex: '[a-z]{1,9}' }) })
  getItem({ code }: { code: string }) {
    return code
  } // GET /item/ABC → 400

  @api.get('file/{path}', { path: request.FilePathParam })
  getFile({ path }: { path: string }) {
    return path
  } // GET /file/a/b/README.md → "a/b/README.md"
}

describe('SPEC §2.2 path params', () => {
  const service = new Fw(import.meta.url, { api: RootAPI })

  it('fills a trailing param default when absent', async () => {
    expect(await call(service, 'GET /doc/en')).toMatchObject({ status: 200, body: { lang: 'en', page: 1 } })
    expect((await call(service, 'GET /doc/en/3')).body).toEqual({ lang: 'en', page: 3 })
  })
  it('gives 404 without the required param and 400 for bad values', async () => {
    expect((await call(service, 'GET /doc')).status).toBe(404)
    expect((await call(service, 'GET /doc/fr/3')).status).toBe(400)
    const zero = await call(service, 'GET /doc/en/0')
    expect(zero.status).toBe(400)
    expect(zero.body).toMatchObject({ status: 400, errors: [{ in: 'path', name: 'page', path: ['page'] }] })
  })
  it('checks a custom regex after the structural match', async () => {
    expect((await call(service, 'GET /item/abc')).body).toBe('abc')
    expect((await call(service, 'GET /item/ABC')).status).toBe(400)
  })
  it('matches the rest of the path for FilePathParam', async () => {
    const res = await call(service, 'GET /file/a/b/README.md')
    expect(res.text).toBe('"a/b/README.md"')
  })
  it('decodes percent-encoded values and refuses broken ones', async () => {
    expect((await call(service, 'GET /file/a%20b.txt')).body).toBe('a b.txt')
    expect((await call(service, 'GET /item/%E0%A4%A')).status).toBe(400)
  })
})

describe('class routes with params', () => {
  @api.route('user/{userId}')
  class UserAPI extends api.API {
    @request.PathParam(v.pipe(v.number(), v.integer())) userId!: number

    @api.get
    profile() {
      return { user: this.userId }
    }
    @api.get('posts/{postId}', { postId: v.number() })
    postOf({ postId }: { postId: number }) {
      return [this.userId, postId]
    }
  }
  class Root extends api.API {
    static users = UserAPI
  }
  const service = new Fw(import.meta.url, { api: Root })

  it('reads class-route params as common params', async () => {
    expect((await call(service, 'GET /user/5/profile')).body).toEqual({ user: 5 })
    expect((await call(service, 'GET /user/5/posts/9')).body).toEqual([5, 9])
    expect((await call(service, 'GET /user/x/profile')).status).toBe(400)
  })
})
