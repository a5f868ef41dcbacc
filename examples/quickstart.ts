// The README's 30-second example, verbatim (tests/readme.test.ts keeps them equal).
import { Fw, api, conf, request, response } from 'fw-api'
import * as v from 'valibot'

const int = v.pipe(v.number(), v.integer())

class CalcAPI extends api.API {
  static response = class extends response.Response {
    static resultKey = 'data'
    static messageKey = 'msg'
  }

  @api.get({ a: int, b: int })                       // GET /api/calc/add?a=1.5&b=2.1
  add({ a, b }: { a: number; b: number }) {          // → {"data":3,"msg":""}
    return a + b
  }

  @api.get('{slug}', { slug: request.SlugPathParam }) // GET /api/calc/hello-world
  echo({ slug }: { slug: string }) { return slug }
}

class RootAPI extends api.API {
  static calc = CalcAPI
}

const service = new Fw(import.meta.url, { api: RootAPI, route: '/api' })
service.use(new conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))

export { service }
