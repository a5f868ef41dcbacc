/**
 * A user project on Cloudflare Workers (docs/deploy.md): the service is the
 * module's default export; bindings are typed by the project's `Env`.
 */
import * as v from 'valibot'
import { Fw, api } from 'fw-api'

/** The bindings wrangler.toml declares (`npx wrangler types` can write this for you). */
export interface Env {
  GREETING: string
}

// One way to type the bindings: the class declares them, `this.request.env` is `Env`.
class HelloAPI extends api.API<{ env: Env }> {
  @api.get({ name: v.optional(v.string(), 'world') })
  hello({ name }: { name: string }) {
    return `${this.request.env.GREETING}, ${name}`
  }
}

export default new Fw(import.meta.url, { api: HelloAPI, route: '/api' })
