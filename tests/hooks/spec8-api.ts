/**
 * SPEC §8's example, as written (plus the `Article`, `ArticleIn` and `find`
 * it assumes), served by one service: tests/hooks/spec8.test.ts calls it
 * in-process and over real HTTP.
 */
import * as v from 'valibot'
import { Fw, api, exceptions, request, response } from 'fw-api'

interface Article {
  slug: string
  title: string
}
const ArticleIn = v.object({ title: v.string() })
type ArticleIn = v.InferOutput<typeof ArticleIn>
const articles = new Map<string, Article>([['hello-world', { slug: 'hello-world', title: 'Hello' }]])
async function find(slug: string): Promise<Article | undefined> {
  await Promise.resolve()
  return articles.get(slug)
}

class WrapResponse extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
  static stateKey = 'state'            // optional: a business state code
  static countKey = 'count'            // optional: a total count (pagination)
}

export class ArticleAPI extends api.API {
  article?: Article

  @api.get('{slug}', { slug: request.SlugPathParam })
  getArticle() { return this.article }

  @api.put('{slug}', { slug: request.SlugPathParam, body: request.Body(ArticleIn) })
  update({ body }: { body: ArticleIn }) { /* ... */ return { ...this.article, ...body } }

  @api.before('getArticle', 'update')        // targets: method names, mounted API classes, or '*'
  async loadArticle({ slug }: { slug: string }) {   // hooks declare params exactly like endpoints
    this.article = await find(slug)
    if (!this.article) throw new exceptions.NotFound('article not found')
  }

  @api.after('*')
  stamp(res: Response) { res.headers.set('server-timestamp', String(this.request.time.getTime())); return res }

  @api.handle('*', exceptions.NotFound, exceptions.PermissionDenied)   // targets, then error classes
  onMissing(error: exceptions.HttpError) { return this.respond(null, { status: 404, state: 40400, message: error.message }) }

  @api.response(WrapResponse)               // per-endpoint template; `@api.response(null)` = bare result
  @api.get
  stats() { return { total: 3 } }
}

export const service = new Fw(import.meta.url, { api: ArticleAPI, route: '/article' })
