import { Fw, api } from 'fw-api'
import 'fw-api/openapi' // the document and the docs page (docs: true)
import * as v from 'valibot'

const greet = { name: v.optional(v.pipe(v.string(), v.maxLength(100)), 'world') }

class HelloAPI extends api.API {
  // GET /api/hello/greet?name=Ada → {"message":"Hello, Ada!"}
  @api.get(greet)
  greet({ name }: api.Input<typeof greet>) {
    return { message: `Hello, ${name}!` }
  }
}

/** The API tree: each static field is a sub-API at that path. */
export class RootAPI extends api.API {
  static hello = HelloAPI

  @api.get // GET /api/health → "ok"
  health() {
    return 'ok'
  }
}

/** The service (docs page at /api/docs); src/server.ts starts it, tests call service.fetch. */
export const service = new Fw(import.meta.url, { name: '{{name}}', api: RootAPI, route: '/api', docs: true })
