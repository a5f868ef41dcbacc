// The README's 30-second example, verbatim (tests/readme.test.ts keeps them equal; every route is also served by examples/app.ts).
import { Fw, api, conf, request, response } from 'fw-api'
import 'fw-api/serve'
import * as v from 'valibot'

const int = v.pipe(v.number(), v.integer())

class Envelope extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
}

class CalcAPI extends api.API {
  static response = Envelope

  // GET /api/calc/add?a=1.5&b=2.1 → {"data":3,"msg":""}; a and b are typed from the params (number)
  add = api.get({ a: int, b: int }, ({ a, b }) => a + b)

  @api.get                                      // GET /api/calc/time
  time() {                                      // → {"data":"2025-04-15 16:38:30","msg":""}
    return new Date('2025-04-15T16:38:30Z')
  }
}

@api.route('/article')
class ArticleAPI extends api.API {
  static response = Envelope

  // GET /api/article/hello-world → {"data":"hello-world","msg":""}
  getArticle = api.get('{slug}', { slug: request.SlugPathParam }, ({ slug }) => slug)
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
