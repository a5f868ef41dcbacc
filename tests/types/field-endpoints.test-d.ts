/**
 * Declarations written once: in the field form the
 * handler's input is inferred from the one `params` declaration — nothing is
 * written twice — and a handler that misuses its input does not compile.
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { api, file, request } from 'fw-api'
import type { createClient } from 'fw-api/client'
import { int } from '../helpers/fixtures'


describe('api.get(params, handler)', () => {
  it('infers the input from params, path and markers', () => {
    class CalcAPI extends api.API {
      add = api.get({ a: int, b: int }, (input) => {
        expectTypeOf(input).toEqualTypeOf<{ readonly a: number; readonly b: number }>()
        return input.a + input.b
      })
      page = api.get('doc/{lang}/{page}', { lang: v.picklist(['en', 'zh']), page: v.optional(int, 1) }, (input) => {
        expectTypeOf(input).toEqualTypeOf<{ readonly lang: 'en' | 'zh'; readonly page: number }>()
        return input
      })
      slug = api.get('{slug}', (input) => {
        expectTypeOf(input).toEqualTypeOf<{ slug: string }>()
        return input.slug
      })
      upload = api.post({ avatar: request.Body(file.Image), tag: request.HeaderParam({ default: null }) }, (input) => {
        expectTypeOf(input).toEqualTypeOf<{ readonly avatar: file.UploadedFile; readonly tag: string | null }>()
        return input.avatar.size
      })
      none = api.get(() => 'pong')
    }
    expectTypeOf<CalcAPI['add']>().toExtend<(input: { a: number; b: number }) => number>()
    expectTypeOf<CalcAPI['add']>().toExtend<api.FieldEndpoint<{ a: number; b: number }, number>>()
    expectTypeOf<CalcAPI['none']>().toExtend<(input: {}) => string>()
  })

  it('the handler sees the class as this (request, common params, other members)', () => {
    class WithThis extends api.API<{ state: { user?: string } }> {
      @request.HeaderParam({ alias: 'X-Unit', default: '' }) unit!: string
      label = api.get({ n: int }, ({ n }) => {
        expectTypeOf(this.request.state.user).toEqualTypeOf<string | undefined>()
        return `${n}${this.unit}`
      })
    }
    expectTypeOf<ReturnType<WithThis['label']>>().toEqualTypeOf<string>()
  })

  it('the typed client calls a field endpoint with its wire input and result', () => {
    class Root extends api.API {
      add = api.get({ a: int, b: int }, ({ a, b }) => a + b)
    }
    const client = {} as ReturnType<typeof createClient<typeof Root>>
    expectTypeOf(client.add({ a: 2, b: 3 })).toEqualTypeOf<Promise<number>>()
    // @ts-expect-error b is a number
    void client.add({ a: 2, b: 'x' })
  })

  it('what must not compile', () => {
    class Wrong extends api.API {
      // @ts-expect-error `a` is a number: no string methods on it
      upper = api.get({ a: int }, ({ a }) => a.toUpperCase())
      // @ts-expect-error `c` is not declared
      missing = api.get({ a: int }, ({ c }) => c)
      // @ts-expect-error a params entry must be a valibot schema or a request marker
      notSchema = api.get({ a: 'number' }, ({ a }) => a)
    }
    void Wrong
  })
})
