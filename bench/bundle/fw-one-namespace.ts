/**
 * bench/bundle/fw-one.ts with `api` imported as a module namespace (`import * as api from
 * 'fw-api/api'`), which esbuild tree-shakes member by member: what bench/bundle-floor.mjs
 * measures the core's `api` namespace against (a named import of a re-exported namespace, as the
 * docs write it, is kept whole).
 */
import { Fw } from 'fw-api'
import * as api from 'fw-api/api'
import * as v from 'valibot'

class HelloAPI extends api.API {
  @api.get({ q: v.string() })
  x({ q }: { q: string }) {
    return { hello: q }
  }
}

export default new Fw({ api: HelloAPI })
