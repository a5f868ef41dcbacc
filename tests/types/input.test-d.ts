/**
 * What `api.Input` (and so every endpoint's parameter type) derives from a
 * `params` declaration (SPEC §2, §3). `api.Input` also carries the wire
 * input under `api.WireKey` for the typed client (SPEC §9.1, checked in
 * tests/client/wire.test-d.ts); `Received` here is what the method receives.
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { Field, Param, api, file, request } from 'fw-api'

/** What the method receives: `api.Input` without its type-only wire key. */
type Received<P, Path extends string = ''> = Omit<api.Input<P, Path>, api.WireKey>

describe('api.Input from schemas', () => {
  it('maps each valibot schema to its output', () => {
    const params = { id: v.number(), tags: v.array(v.string()), flag: v.boolean() }
    expectTypeOf<Received<typeof params>>().toEqualTypeOf<{ id: number; tags: string[]; flag: boolean }>()
  })
  it('uses the output (not input) of transforms and defaults', () => {
    const params = {
      page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
      lang: v.picklist(['en', 'zh']),
      len: v.pipe(v.string(), v.transform((s) => s.length)),
    }
    expectTypeOf<Received<typeof params>>().toEqualTypeOf<{ page: number; lang: 'en' | 'zh'; len: number }>()
  })
  it('Field with a default makes the object field non-optional on output', () => {
    const schema = v.object({ a: Field(v.number(), { alias: 'A', default: 1 }), b: Field(v.string(), { alias: 'B' }) })
    expectTypeOf<Received<{ body: typeof schema }>>().toEqualTypeOf<{ body: { a: number; b: string } }>()
  })
  it('is empty for no params', () => {
    expectTypeOf<Received<{}>>().toEqualTypeOf<{}>()
  })
})

describe('api.Input from markers', () => {
  it('path markers are strings', () => {
    const params = { slug: request.SlugPathParam, path: request.FilePathParam, code: request.PathParam({ regex: '[a-z]+' }) }
    expectTypeOf<Received<typeof params>>().toEqualTypeOf<{ slug: string; path: string; code: string }>()
  })
  it('a marker with a schema gives the schema output', () => {
    const params = { n: request.PathParam(v.pipe(v.number(), v.integer())), q: request.QueryParam(v.boolean(), { alias: 'Q' }) }
    expectTypeOf<Received<typeof params>>().toEqualTypeOf<{ n: number; q: boolean }>()
  })
  it('whole-object markers give their schema output', () => {
    const Q = v.object({ lang: v.picklist(['en', 'zh']), page: v.optional(v.number(), 1) })
    const params = {
      query: request.Query(Q),
      headers: request.Headers(v.object({ meta: v.record(v.string(), v.unknown()) })),
      cookies: request.Cookies(v.object({ sessionid: v.string() })),
    }
    expectTypeOf<Received<typeof params>>().toEqualTypeOf<{
      query: { lang: 'en' | 'zh'; page: number }
      headers: { meta: Record<string, unknown> }
      cookies: { sessionid: string }
    }>()
  })
  it('Param and marker defaults join the output type', () => {
    const params = {
      page: Param(v.number(), { default: 1 }),
      clsName: Param(v.string(), { alias: 'class' }),
      csrftoken: request.CookieParam({ default: null }),
      token: request.HeaderParam({ alias: 'X-Auth-Token' }),
      views: request.BodyParam(v.number(), { default: 0 }),
    }
    expectTypeOf<Received<typeof params>>().toEqualTypeOf<{
      page: number
      clsName: string
      csrftoken: string | null
      token: string
      views: number
    }>()
  })
  it('body markers', () => {
    const params = {
      avatar: request.Body(file.Image),
      sized: request.Body(file.Image({ maxSize: 1024 })),
      html: request.Body(v.string(), { maxLength: 10_000, contentType: 'text/html' }),
      user: request.Json(v.object({ name: v.string() })),
      form: request.Form(v.object({ files: v.array(file.File) })),
    }
    expectTypeOf<Received<typeof params>>().toEqualTypeOf<{
      avatar: file.UploadedFile
      sized: file.UploadedFile
      html: string
      user: { name: string }
      form: { files: file.UploadedFile[] }
    }>()
  })
})

describe('api.Input with a path template', () => {
  it('adds undeclared template params as strings', () => {
    expectTypeOf<Received<{}, '{slug}'>>().toEqualTypeOf<{ slug: string }>()
    expectTypeOf<Received<{ page: v.NumberSchema<undefined> }, 'doc/{lang}/{page}'>>().toEqualTypeOf<{ lang: string; page: number }>()
  })
  it('TemplateParams lists the names', () => {
    expectTypeOf<api.TemplateParams<'a/{x}/b/{y}'>>().toEqualTypeOf<'x' | 'y'>()
    expectTypeOf<api.TemplateParams<'plain'>>().toEqualTypeOf<never>()
  })
})
