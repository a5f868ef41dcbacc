/**
 * The common answers (200 JSON, and 400/404/… without extra headers) share
 * one ResponseInit per status and type (response/render.ts): a Response
 * copies its init's headers, so changing one answer's headers (an after hook,
 * a plugin, the caller) never shows in the next answer.
 */
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api } from 'fw-api'

class SharedAPI extends api.API {
  @api.get
  ok() {
    return 1
  }

  @api.get({ n: v.pipe(v.number(), v.integer()) })
  number({ n }: { n: number }) {
    return n
  }
}

describe('shared response inits', () => {
  const service = new Fw(import.meta.url, { api: SharedAPI })
  const get = async (path: string): Promise<Response> => service.fetch(new Request(`http://h${path}`))

  it('a changed answer leaves the next one as it was', async () => {
    for (const [path, status] of [['/ok', 200], ['/number?n=x', 400], ['/missing', 404]] as const) {
      const first = await get(path)
      expect(first.status).toBe(status)
      const type = first.headers.get('content-type')
      first.headers.set('content-type', 'text/plain')
      first.headers.set('x-changed', '1')
      const next = await get(path)
      expect(next.status).toBe(status)
      expect(next.headers.get('content-type')).toBe(type)
      expect(next.headers.get('x-changed')).toBeNull()
    }
  })
})
