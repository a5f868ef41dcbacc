/**
 * A service declaring every param kind of SPEC §2.2–§3.5 and the response
 * features of §8 the document reads (`static result`, `stateKey`, `countKey`),
 * for the document tests. No envelope on `PlainAPI`: its errors are problem+json.
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { Fw, api, file, request, response, Field, Param } from 'fw-api'
import 'fw-api/xml'
import { int } from '../helpers/fixtures'


class Paged extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
  static errorsKey = 'errors'
  static stateKey = 'state'
  static countKey = 'count'
  static result = v.array(v.object({ id: int, name: v.string() }))
}

type Node = { name: string; children: Node[] }
const NodeSchema: v.GenericSchema<Node> = v.object({ name: v.string(), children: v.array(v.lazy(() => NodeSchema)) })

/** Path params of every form, a class-route param and common params. */
@api.route('/user/{userId}')
class UserAPI extends api.API {
  static response = Paged
  @request.PathParam(int) userId!: number
  @request.HeaderParam({ alias: 'X-Auth-Token' }) token!: string
  @request.CookieParam({ default: null }) session!: string | null

  @api.get('item/{code}', { code: request.PathParam({ regex: '[a-z]{1,9}' }) })
  item({ code }: { code: string }) {
    return [{ id: this.userId, name: code }]
  }

  @api.get('file/{path}', { path: request.FilePathParam })
  file({ path }: { path: string }) {
    return path
  }

  @api.get('post/{slug}', { slug: request.SlugPathParam })
  article({ slug }: { slug: string }) {
    return slug
  }

  @api.get('doc/{lang}/{page}', { lang: v.picklist(['en', 'zh']), page: v.optional(v.pipe(int, v.minValue(1)), 1) })
  doc(p: { lang: 'en' | 'zh'; page: number }) {
    return p
  }
}

/** Query, header and cookie params, single and whole-object. */
class ParamsAPI extends api.API {
  @api.get({
    clsName: Param(v.string(), { alias: 'class' }),
    page: Param(int, { alias: '@page', default: 1 }),
    q: request.QueryParam(v.string(), { alias: 'search', default: '' }),
    tags: v.optional(v.array(v.string()), []),
    flag: v.optional(v.boolean()),
    since: v.optional(v.date()),
    filter: v.optional(v.object({ tag: v.string() })),
    kind: v.optional(v.union([v.literal('a'), v.literal('b')])),
  })
  query(input: { clsName: string; page: number; q: string; tags: string[]; flag?: boolean; since?: Date; filter?: { tag: string }; kind?: 'a' | 'b' }) {
    return input
  }

  @api.get({ query: request.Query(v.object({ lang: v.picklist(['en', 'zh']), page: v.optional(v.pipe(int, v.minValue(1)), 1) })) })
  whole({ query }: { query: { lang: 'en' | 'zh'; page: number } }) {
    return query
  }

  @api.get({
    xTestHeader: request.HeaderParam(int),
    meta: request.HeaderParam(v.record(v.string(), v.unknown()), { alias: 'X-Meta-Data', required: false }),
    headers: request.Headers(v.object({ trace: Field(v.pipe(v.string(), v.length(12)), { alias: 'X-Trace' }), acceptLanguage: v.optional(v.string()) })),
    theme: request.CookieParam(v.picklist(['light', 'dark']), { default: 'light' }),
    jar: request.Cookies(v.object({ sid: v.string() })),
  })
  headers(input: {
    xTestHeader: number
    meta?: Record<string, unknown>
    headers: { trace: string; acceptLanguage?: string }
    theme: 'light' | 'dark'
    jar: { sid: string }
  }) {
    return input
  }
}

const Article = v.object({ title: Field(v.string(), { alias: 'Title' }), views: v.optional(int, 0), tree: v.optional(NodeSchema) })

/** Every body form. No envelope: errors are application/problem+json. */
class PlainAPI extends api.API {
  @api.post({ data: request.Body(Article) })
  any({ data }: { data: v.InferOutput<typeof Article> }) {
    return data
  }

  @api.put({ data: request.Json(Article) })
  json({ data }: { data: v.InferOutput<typeof Article> }) {
    return data
  }

  @api.patch({ data: request.Form(v.object({ name: v.string() })) })
  form({ data }: { data: { name: string } }) {
    return data
  }

  @api.post({ items: request.Body(v.array(Article)) })
  batch({ items }: { items: v.InferOutput<typeof Article>[] }) {
    return items.length
  }

  @api.post({ title: request.BodyParam(v.string()), views: request.BodyParam(int, { default: 0 }) })
  fields(input: { title: string; views: number }) {
    return input
  }

  @api.post({ html: request.Body(v.string(), { maxLength: 100, contentType: 'text/html' }) })
  html({ html }: { html: string }) {
    return html.length
  }

  @api.post({ form: request.Form(v.object({ name: v.string(), avatar: file.Image({ maxSize: 1024 }), docs: v.pipe(v.array(file.File), v.maxLength(3)) })) })
  upload({ form }: { form: { name: string; avatar: file.UploadedFile; docs: file.UploadedFile[] } }) {
    return form.name
  }

  @api.post({ image: request.Body(file.Image({ maxSize: 1024 })) })
  image({ image }: { image: file.UploadedFile }) {
    return image.size
  }

  @api.del('{id}', { id: int })
  remove({ id }: { id: number }) {
    return id
  }
}

/** The root: mounts, a same-named method in two classes (unique operationIds), a method named `get`. */
export class FixtureAPI extends api.API {
  static user = UserAPI
  static params = ParamsAPI
  static plain = api.mount(PlainAPI, 'plain')
  static other = api.mount(PlainAPI, 'other')

  get({ id }: { id?: number }) {
    return id ?? 0
  }
}

export const fixture = new Fw(import.meta.url, { name: 'fixture', api: FixtureAPI, route: '/v1', docs: true })
