/**
 * Types of SPEC §8's decorators and of marker options.
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { api, exceptions, request, response } from 'fw-api'

describe('marker options in the types', () => {
  it('required: false adds undefined', () => {
    const params = { h: request.HeaderParam({ required: false }), c: request.CookieParam(v.number(), { required: false }), d: request.HeaderParam({ default: 0 }) }
    expectTypeOf<Omit<api.Input<typeof params>, api.WireKey>>().toEqualTypeOf<{ h: string | undefined; c: number | undefined; d: string | 0 }>()
  })
})

describe('common-param fields are checked against their marker', () => {
  it('a field type that does not accept the marker output is an error', () => {
    class Ok extends api.API {
      @request.HeaderParam(v.number()) n!: number
      @request.CookieParam({ default: null }) csrftoken!: string | null
      @request.HeaderParam({ required: false }) maybe?: string
      @request.HeaderParam wide!: unknown
    }
    class Wrong extends api.API {
      // @ts-expect-error: the header is a number
      @request.HeaderParam(v.number()) n!: string
      // @ts-expect-error: the cookie may be null
      @request.CookieParam({ default: null }) csrftoken!: string
    }
    expectTypeOf(Ok).toBeObject()
    expectTypeOf(Wrong).toBeObject()
  })
})

describe('hook decorators', () => {
  it('decorate methods of any shape, with targets and error classes', () => {
    class Sub extends api.API {}
    class Hooked extends api.API {
      static sub = Sub
      @api.get
      one() { return 1 }
      @api.before('one', Sub, { token: request.HeaderParam })
      load(_input: { token: string }) {}
      @api.after('*')
      stamp(res: Response) { return res }
      @api.handle('*', exceptions.NotFound, exceptions.PermissionDenied)
      caught(error: exceptions.HttpError) { return error.message }
      @api.response(null)
      @api.get
      bare() { return 1 }
    }
    expectTypeOf(Hooked).toBeObject()
  })

  it('method-name targets must be methods of the class', () => {
    class Checked extends api.API {
      @api.get
      one() { return 1 }
      // @ts-expect-error: 'two' is not a method
      @api.after('one', 'two')
      hook() {}
      @api.handle('one', '*', exceptions.NotFound)
      ok() {}
    }
    expectTypeOf(Checked).toBeObject()
  })

  it('@api.response takes a template class or null', () => {
    class Wrap extends response.Response {
      static resultKey = 'data'
    }
    expectTypeOf(api.response(Wrap)).toBeFunction()
    // @ts-expect-error: not a template
    api.response(3)
  })

  it('respond() takes state and count', () => {
    expectTypeOf<Parameters<api.API['respond']>[1]>().toMatchTypeOf<{ status?: number; message?: string; state?: unknown; count?: number; headers?: HeadersInit } | undefined>()
  })
})

describe('whole-body markers take only the options they honour', () => {
  it('Body: contentType and maxLength; Json/Form: maxLength', () => {
    request.Body(v.string(), { contentType: 'text/html', maxLength: 10 })
    request.Json(v.object({}), { maxLength: 10 })
    // @ts-expect-error: Json's content type is fixed
    request.Json(v.object({}), { contentType: 'text/plain' })
    // @ts-expect-error: a whole body has no alias
    request.Body(v.object({}), { alias: 'x' })
    // @ts-expect-error: Form has no default option
    request.Form(v.object({}), { default: {} })
  })
})
