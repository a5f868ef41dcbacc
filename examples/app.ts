/**
 * The example service: every feature of SPEC §2–§5 in one place. Runtime
 * entry points (examples/server.ts, examples/worker.ts) import `service` from here.
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { Fw, api, conf, exceptions, file, plugins, request, response, Field, Param } from 'fw-api'
// XML bodies are an opt-in entry (the article endpoint reads them).
import 'fw-api/xml'

class Envelope extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
}

const int = v.pipe(v.number(), v.integer())

/** §4/§5: envelope, int conversion, the BadRequest message, conf.Time. */
class CalcAPI extends api.API {
  static response = Envelope

  @api.get({ a: int, b: int })
  add({ a, b }: { a: number; b: number }) {
    return a + b
  }

  @api.get
  time() {
    return new Date('2025-04-15T16:38:30Z')
  }

  @api.doc({ summary: 'Create a value', status: 201, result: v.object({ value: v.number() }) })
  @api.post({ value: request.BodyParam(v.number()) })
  created({ value }: { value: number }) {
    return this.respond({ value }, { status: 201, message: 'created', headers: { 'x-created': String(value) } })
  }

  @api.get('missing/{id}')
  missing({ id }: { id: string }) {
    throw new exceptions.NotFound(`no item ${id}`)
  }

  @api.get
  crash() {
    throw new Error('database password is hunter2') // never shown without `debug: true`
  }

  @api.get({ code: int })
  status({ code }: { code: number }) {
    return this.respond(null, { status: code })
  }

  @api.doc({ contentType: 'text/plain' }) // its own Response: documented as text, not JSON
  @api.get
  raw() {
    return new Response('plain text', { headers: { 'content-type': 'text/plain' } })
  }
}

/** §2: the article API of the contract. */
@api.route('/article')
class ArticleAPI extends api.API {
  static response = Envelope

  @api.get
  feed() {
    return []
  }

  @api.get('{slug}', { slug: request.SlugPathParam })
  getArticle({ slug }: { slug: string }) {
    return slug
  }

  @api.get({ id: v.number() })
  get({ id }: { id: number }) {
    return id
  }
}

const listParams = {
  q: request.QueryParam(v.pipe(v.string(), v.description('free text')), { alias: 'search', default: '' }),
  tags: v.optional(v.array(v.string()), []),
  limit: v.optional(v.pipe(int, v.description('at most this many'), v.examples([10])), 10),
}

/** §2.2: path params. */
class DocsAPI extends api.API {
  @api.get('doc/{lang}/{page}', {
    lang: v.picklist(['en', 'zh']),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
  })
  getDoc(p: { lang: 'en' | 'zh'; page: number }) {
    return p
  }

  @api.get('item/{code}', { code: request.PathParam({ regex: '[a-z]{1,9}' }) })
  getItem({ code }: { code: string }) {
    return code
  }

  @api.get('file/{path}', { path: request.FilePathParam })
  getFile({ path }: { path: string }) {
    return path
  }
}

/** §3.2: query params. */
class QueryAPI extends api.API {
  @api.get({
    clsName: Param(v.string(), { alias: 'class' }),
    page: Param(int, { alias: '@page', default: 1 }),
  })
  alias({ clsName, page }: { clsName: string; page: number }) {
    return { [clsName]: page }
  }

  @api.get({ query: request.Query(v.object({ lang: v.picklist(['en', 'zh']), page: v.optional(v.pipe(int, v.minValue(1)), 1) })) })
  doc({ query }: { query: { lang: 'en' | 'zh'; page: number } }) {
    return query
  }

  @api.get({ filter: v.object({ tag: v.string() }) })
  search({ filter }: { filter: { tag: string } }) {
    return filter.tag
  }

  /** `api.Input`: the typed client may leave out every param here (all have defaults). */
  @api.doc({ summary: 'Search with defaults', description: 'Every param is optional on the wire.' })
  @api.get(listParams)
  list({ q, tags, limit }: api.Input<typeof listParams>) {
    return { q, tags, limit }
  }
}

/** §3.5: headers and cookies, common params. */
class SecureAPI extends api.API {
  @request.HeaderParam({ alias: 'X-Auth-Token' }) authToken!: string
  @request.CookieParam({ required: true }) sessionid!: string
  @request.CookieParam({ default: null }) csrftoken!: string | null

  @api.post({
    headers: request.Headers(
      v.object({
        authToken: Field(v.pipe(v.string(), v.length(12)), { alias: 'X-Auth-Token' }),
        meta: Field(v.record(v.string(), v.unknown()), { alias: 'X-Meta-Data' }),
      }),
    ),
  })
  operation({ headers }: { headers: { authToken: string; meta: Record<string, unknown> } }) {
    return [headers.authToken, headers.meta, this.sessionid, this.csrftoken]
  }

  @api.get({ xTestHeader: request.HeaderParam(int) })
  kebab({ xTestHeader }: { xTestHeader: number }) {
    return xTestHeader
  }

  @api.get({ jar: request.Cookies(v.object({ sessionid: v.string(), theme: v.optional(v.picklist(['light', 'dark']), 'light') })) })
  jar({ jar }: { jar: { sessionid: string; theme: 'light' | 'dark' } }) {
    return jar
  }
}

const Article = v.object({ title: v.string(), views: v.optional(int, 0), published: v.optional(v.boolean(), false) })

/** §3.3–§3.4: bodies and files. */
class BodyAPI extends api.API {
  @api.post({ data: request.Body(Article) })
  article({ data }: { data: v.InferOutput<typeof Article> }) {
    return data
  }

  @api.post({ data: request.Json(Article) })
  json({ data }: { data: v.InferOutput<typeof Article> }) {
    return data
  }

  @api.post({ data: request.Form(v.object({ name: v.string(), age: v.optional(int) })) })
  form({ data }: { data: { name: string; age?: number } }) {
    return data
  }

  @api.post({ items: request.Body(v.array(Article)) })
  batch({ items }: { items: v.InferOutput<typeof Article>[] }) {
    return items.map((item) => item.views)
  }

  @api.post({ title: request.BodyParam(v.string()), views: request.BodyParam(int, { default: 0 }) })
  fields({ title, views }: { title: string; views: number }) {
    return { title, views }
  }

  @api.post({ html: request.Body(v.string(), { maxBytes: 100, contentType: 'text/html' }) })
  html({ html }: { html: string }) {
    return html.length
  }

  @api.post({ form: request.Form(v.object({ name: v.string(), files: v.pipe(v.array(file.File), v.maxLength(3)) })) })
  async upload({ form }: { form: { name: string; files: file.UploadedFile[] } }) {
    return { name: form.name, files: await Promise.all(form.files.map(async (f) => ({ name: f.name, size: f.size, text: await f.text() }))) }
  }

  @api.post({ image: request.Body(file.Image({ maxBytes: 1024 })) })
  image({ image }: { image: file.UploadedFile }) {
    return { type: image.type, size: image.size }
  }
}

/** §8: a template with a business state code and a total count. */
class Wrap extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
  static stateKey = 'state'
  static countKey = 'count'
}

const notes = new Map([['first', 'hello']])
let closedStreams = 0 // iterators of `/hooks/forever` closed so far (each client disconnect closes one)

/** §8: a sub-API without a template: its results are rendered by HooksAPI's. */
class NoteAPI extends api.API {
  @api.get('{name}')
  read() {
    return this.request.state.note
  }
}

/** §8: hooks on endpoints and on a sub-API, templates, per-request state, server-sent events. */
class HooksAPI extends api.API {
  static response = Wrap
  static notes = NoteAPI

  @api.before(NoteAPI, { name: request.PathParam })
  load({ name }: { name: string }) {
    const note = notes.get(name)
    if (note === undefined) throw new exceptions.NotFound(`no note ${name}`)
    this.request.state.note = note
  }

  @api.get
  list() {
    return this.respond([...notes.keys()], { state: 1, count: notes.size })
  }

  @api.doc({ errors: [exceptions.PermissionDenied] })
  @api.get
  fail(): never {
    throw new exceptions.PermissionDenied('nope')
  }

  @api.handle('*', exceptions.PermissionDenied)
  denied(error: exceptions.PermissionDenied) {
    return this.respond(null, { status: 403, state: 40300, message: error.message })
  }

  @api.after('*')
  stamp(res: Response) {
    res.headers.set('x-hooked', '1')
  }

  @api.response(null)
  @api.get
  bare() { return { bare: true } }

  @api.doc({ events: true })
  @api.get
  events() {
    return response.sse([{ event: 'tick', data: { n: 1 } }, { event: 'tick', id: '2', data: { n: 2 } }, 'two\nlines'], { retry: 1000 })
  }

  @api.doc({ events: true })
  @api.get
  forever() {
    async function* ticks() {
      try {
        for (let n = 0; ; n++) {
          yield { data: n }
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      } finally {
        closedStreams++
      }
    }
    return response.sse(ticks(), { heartbeat: 10 })
  }

  @api.response(null)
  @api.get
  closed() {
    return closedStreams
  }
}

/** The root API of the example service. */
export class RootAPI extends api.API {
  static calc = CalcAPI
  static article = ArticleAPI
  static docs = api.mount(DocsAPI, '')
  static query = QueryAPI
  static secure = SecureAPI
  static body = BodyAPI
  static hooks = HooksAPI

  @api.get
  ping() {
    return 'pong'
  }
}

/** The example service, as every runtime entry point serves it. */
export const service = new Fw(import.meta.url, { name: 'example', api: RootAPI, route: '/api', docs: true })
service.use(conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
service.use(plugins.RequestId())
service.use(plugins.CORS({ allowOrigin: ['https://example.com'], exposeHeaders: ['x-request-id'] }))
