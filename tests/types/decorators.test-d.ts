/**
 * SPEC §2: the method's parameter type is checked against `params`; a mismatch
 * is a compile error on the decorator. Compiled here with standard (TC39)
 * decorators, as tsconfig.json has it; tests/legacy checks the
 * `experimentalDecorators` overloads with the same kind of fixtures.
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { Param, api, file, request } from 'fw-api'

describe('endpoint decorators accept matching methods', () => {
  it('all four forms', () => {
    @api.route('/article')
    class ArticleAPI extends api.API {
      @api.get
      feed() {
        return []
      }

      @api.get('{slug}', { slug: request.SlugPathParam })
      getArticle({ slug }: { slug: string }) {
        return slug
      }

      @api.get('by/{id}')
      byId({ id }: { id: string }) {
        return id
      }

      @api.get({ id: v.number() })
      get({ id }: { id: number }) {
        return id
      }

      @api.post({ data: request.Body(v.object({ title: v.string() })), avatar: request.BodyParam(file.Image) })
      async create({ data, avatar }: { data: { title: string }; avatar: file.UploadedFile }) {
        return [data.title, await avatar.text()]
      }

      @(api.delete('{id}', { id: Param(v.number()) }))
      remove({ id }: { id: number }) {
        return id
      }
    }
    expectTypeOf<ArticleAPI['get']>().parameter(0).toEqualTypeOf<{ id: number }>()
  })

  it('a method may take fewer keys, a wider type, api.Input, or nothing', () => {
    const params = { page: Param(v.number(), { default: 1 }), q: v.string() }
    class A extends api.API {
      @api.get(params)
      list(input: api.Input<typeof params>) {
        return input.page
      }
      @api.get(params)
      some({ q }: { q: string }) {
        return q
      }
      @api.get(params)
      wide({ page }: { page: number | string }) {
        return page
      }
      @api.get(params)
      none() {
        return 1
      }
      @api.get('doc/{lang}/{page}', { lang: v.picklist(['en', 'zh']), page: v.optional(v.number(), 1) })
      getDoc(p: { lang: 'en' | 'zh'; page: number }) {
        return p
      }
    }
    expectTypeOf<A['list']>().parameter(0).toEqualTypeOf<api.Input<typeof params>>()
    expectTypeOf<Omit<Parameters<A['list']>[0], api.WireKey>>().toEqualTypeOf<{ page: number; q: string }>()
  })

  it('async methods and this', () => {
    class A extends api.API {
      @request.HeaderParam({ alias: 'X-Auth-Token' }) authToken!: string
      @request.CookieParam({ default: null }) csrftoken!: string | null

      @api.put('{id}', { id: v.number() })
      async update({ id }: { id: number }) {
        return [id, this.authToken, this.csrftoken, this.request.method]
      }
    }
    expectTypeOf<A['update']>().returns.resolves.toEqualTypeOf<(string | number | null)[]>()
  })
})

describe('endpoint decorators reject mismatches', () => {
  it('a wrong type for a declared key', () => {
    class A extends api.API {
      // @ts-expect-error id is a number, not a string
      @api.get({ id: v.number() })
      m({ id }: { id: string }) {
        return id
      }

      // @ts-expect-error slug is a string
      @api.get('{slug}', { slug: request.SlugPathParam })
      s({ slug }: { slug: number }) {
        return slug
      }

      // @ts-expect-error the template param is a string
      @api.get('{id}')
      t({ id }: { id: number }) {
        return id
      }

      // @ts-expect-error a cookie with a null default may be null
      @api.get({ c: request.CookieParam({ default: null }) })
      c({ c }: { c: string }) {
        return c
      }

      // @ts-expect-error the body is a file
      @api.post({ img: request.Body(file.Image) })
      f({ img }: { img: string }) {
        return img
      }
    }
    expectTypeOf<A>().toBeObject()
  })

  it('a required key that is not declared', () => {
    class A extends api.API {
      // @ts-expect-error `other` is not in params
      @api.get({ id: v.number() })
      m({ id, other }: { id: number; other: string }) {
        return [id, other]
      }

      // @ts-expect-error bare form gives no params
      @api.get
      bare({ id }: { id: number }) {
        return id
      }

      // @ts-expect-error `page` is not in the template
      @api.get('{slug}')
      p({ page }: { page: string }) {
        return page
      }
    }
    expectTypeOf<A>().toBeObject()
  })
})
