/** The one-endpoint Worker with a body (tests/package/bundle-size.test.ts): declaring a body param brings the readers. */
import { api, Fw, request } from 'fw-api'
import * as v from 'valibot'

class NotesAPI extends api.API {
  @api.post({ note: request.Json(v.object({ title: v.string() })) })
  create({ note }: { note: { title: string } }) {
    return { created: note.title }
  }

  @api.post({ title: request.BodyParam(v.string()) })
  field({ title }: { title: string }) {
    return { field: title }
  }
}

export default new Fw({ api: NotesAPI })
