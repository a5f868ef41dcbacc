/** The one-endpoint Worker of SPEC §5.2, in fw: one class, one GET with one valibot query param. */
import { api, Fw } from 'fw-api'
import * as v from 'valibot'

class HelloAPI extends api.API {
  @api.get({ q: v.string() })
  x({ q }: { q: string }) {
    return { hello: q }
  }
}

export default new Fw({ api: HelloAPI })
