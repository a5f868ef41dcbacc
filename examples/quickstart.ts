// The README's 30-second example, verbatim (tests/readme.test.ts keeps them equal; every route is also served by examples/app.ts).
import { Fw, api, conf, request, response } from 'fw-api'
import * as v from 'valibot'

const int = v.pipe(v.number(), v.integer())

class Envelope extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
}

class CalcAPI extends api.API {
  static response = Envelope

  @api.get({ a: int, b: int })                  // GET /api/calc/add?a=1.5&b=2.1
  add({ a, b }: { a: number; b: number }) {     // → {"data":3,"msg":""}
    return a + b
  }

  @api.get                                      // GET /api/calc/time
  time() {                                      // → {"data":"2025-04-15 16:38:30","msg":""}
    return new Date('2025-04-15T16:38:30Z')
  }
}

@api.route('/article')
class ArticleAPI extends api.API {
  static response = Envelope

  @api.get('{slug}', { slug: request.SlugPathParam }) // GET /api/article/hello-world
  getArticle({ slug }: { slug: string }) {            // → {"data":"hello-world","msg":""}
    return slug
  }
}

class RootAPI extends api.API {
  static calc = CalcAPI          // mounted at /calc (the field name)
  static article = ArticleAPI    // mounted at its @api.route

  @api.get                       // GET /api/ping → "pong" (no envelope: bare result)
  ping() {
    return 'pong'
  }
}

const service = new Fw(import.meta.url, { api: RootAPI, route: '/api' })
service.use(conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))

export { service }
