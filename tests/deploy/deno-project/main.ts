/**
 * A user project on Deno (docs/deploy.md): fw from its package, its own
 * deno.json, no sloppy imports. Serve it with `deno serve --parallel main.ts`.
 */
import * as v from 'valibot'
import { Fw, api } from 'fw-api'

/** Which isolate answers: `deno serve --parallel` runs one per CPU. */
const instance = crypto.randomUUID()

class HelloAPI extends api.API {
  @api.get({ name: v.optional(v.string(), 'world') })
  hello({ name }: { name: string }) {
    return { hello: name, instance }
  }
}

export default new Fw(import.meta.url, { api: HelloAPI, route: '/api' })
