/**
 * One API module exercising every decorator form (SPEC §2, §3.5). It is not
 * run as is: tests/legacy/legacy.test.ts compiles it with TypeScript both with
 * `experimentalDecorators: true` (NestJS projects) and with standard
 * decorators, then runs the same requests against each result.
 *
 * Excluded from tsconfig.json (it must compile under either setting); the
 * legacy test type-checks it under both.
 */
import * as v from 'valibot'
import { Fw, Param, api, request, response } from 'fw-api'

class Envelope extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
}

/** Common params declared on a base class reach subclasses and every mounted sub-API. */
class BaseAPI extends api.API {
  @request.HeaderParam({ alias: 'X-Auth-Token' }) authToken!: string
  @request.CookieParam({ required: true }) sessionid!: string
  @request.CookieParam({ default: null }) csrftoken!: string | null

  @api.get
  ping() {
    return 'pong'
  }
}

@api.route('/article')
class ArticleAPI extends api.API {
  static response = Envelope

  @api.get // bare form: GET /article/feed
  feed() {
    return ['a', 'b']
  }

  @api.get('{slug}', { slug: request.SlugPathParam }) // (path, params)
  getArticle({ slug }: { slug: string }) {
    return slug
  }

  @api.get({ id: v.number() }) // (params), on an HTTP-named method: GET /article?id=
  get({ id }: { id: number }) {
    return id
  }
}

/** No `@api.route`: mounted at its field name. HTTP-named methods decorated and not. */
class CommentAPI extends api.API {
  get() {
    return 'all comments'
  }

  put() {
    return 'replaced'
  }

  @api.post({ text: request.BodyParam(v.string()), score: request.BodyParam(v.number(), { default: 0 }) })
  post({ text, score }: { text: string; score: number }) {
    return { text, score }
  }

  @api.delete({ id: v.pipe(v.number(), v.integer()) })
  delete({ id }: { id: number }) {
    return `deleted ${id}`
  }
}

@api.route('/ignored') // api.mount's route wins over this
class UserAPI extends api.API {
  @api.get('{id}', { id: v.pipe(v.number(), v.integer()) })
  one({ id }: { id: number }) {
    return { id, token: this.token }
  }

  // a common param declared on a mounted sub-API (bare marker, kebab-case name)
  @request.HeaderParam xUserAgentId!: string

  private get token(): string {
    return this.xUserAgentId
  }

  @api.put('{id}/name') // (path) form: the template param is a string
  rename({ id }: { id: string }) {
    return `renamed ${id}`
  }
}

/** `@api.hidden` on a class, `@api.doc({ status })` on a method: out of the document, 202 answered. */
@api.hidden
class HiddenAPI extends api.API {
  @api.doc({ status: 202, summary: 'accepted' })
  @api.get
  stats() {
    return 'queued'
  }
}

export class RootAPI extends BaseAPI {
  static hidden = HiddenAPI
  static article = ArticleAPI
  static comments = CommentAPI
  static user = api.mount(UserAPI, 'users')

  @api.hidden
  @api.get
  internal() {
    return 'internal'
  }

  @api.get
  me() {
    return { token: this.authToken, session: this.sessionid, csrf: this.csrftoken, method: this.request.method, path: this.request.path }
  }

  @api.get('doc/{lang}/{page}', {
    lang: v.picklist(['en', 'zh']),
    page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
  })
  getDoc(p: { lang: 'en' | 'zh'; page: number }) {
    return p
  }

  @api.get({ clsName: Param(v.string(), { alias: 'class' }), page: Param(v.pipe(v.number(), v.integer()), { alias: '@page', default: 1 }) })
  alias({ clsName, page }: { clsName: string; page: number }) {
    return { [clsName]: page }
  }

  @api.post('echo', { data: request.Body(v.object({ title: v.string(), views: v.optional(v.number(), 0) })) })
  echo({ data }: { data: { title: string; views: number } }) {
    return this.respond(data, { status: 201 })
  }
}

export const service = new Fw(import.meta.url, { api: RootAPI })
