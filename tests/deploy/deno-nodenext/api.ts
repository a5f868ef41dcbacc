/** The service of a project written for Node's NodeNext resolution (docs/deploy.md, "Deno"). */
import * as v from 'valibot'
import { Fw, api } from 'fw-api'

class HelloAPI extends api.API {
  @api.get({ name: v.optional(v.string(), 'world') })
  hello({ name }: { name: string }) {
    return { hello: name }
  }
}

export const service = new Fw(import.meta.url, { api: HelloAPI, route: '/api' })
