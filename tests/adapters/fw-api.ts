/** The contract's calc API (SPEC §5–§6 examples), shared by the integration tests. */
import * as v from 'valibot'
import { api, request } from 'fw-api'
import { Envelope, int } from '../helpers/fixtures'

const Article = v.object({ title: v.string(), views: v.optional(int, 0) })

export class CalcAPI extends api.API {
  static response = Envelope

  @api.get({ a: int, b: int })
  add({ a, b }: { a: number; b: number }) {
    return a + b
  }

  @api.get
  time() {
    return new Date(Date.UTC(2025, 3, 15, 16, 38, 30))
  }

  @api.post({ data: request.Body(Article) })
  article({ data }: { data: v.InferOutput<typeof Article> }) {
    return data
  }
}
