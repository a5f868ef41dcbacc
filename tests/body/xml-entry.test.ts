/**
 * XML bodies are the `fw-api/xml` entry's (SPEC §5.2): the core alone answers an
 * XML body 415 and documents no XML; importing the entry accepts and documents it.
 * This file imports the entry only halfway through (files get fresh modules).
 */
import { describe, expect, it } from 'vitest'
import { Fw, api, request } from 'fw-api'
import 'fw-api/openapi'
import * as v from 'valibot'
import { call } from '../helpers/client'

class ArticleAPI extends api.API {
  @api.post({ data: request.Body(v.object({ title: v.string() })) })
  article({ data }: { data: { title: string } }) {
    return data
  }
}

const XML = { 'content-type': 'application/xml' }

describe('XML bodies without and with fw-api/xml', () => {
  it('the core alone: an XML body is 415 naming what it accepts; the document lists no XML', async () => {
    const service = new Fw({ api: ArticleAPI })
    const answer = await call(service, 'POST /article', { body: '<a><title>t</title></a>', headers: XML })
    expect(answer.status).toBe(415)
    expect(JSON.stringify(answer.body)).toContain('JSON or form data')
    const json = await call(service, 'POST /article', { body: '{"title":"t"}', headers: { 'content-type': 'application/json' } })
    expect(json.status).toBe(200)
    const content = service.openapi().paths['/article']?.post?.requestBody
    expect(JSON.stringify(content)).not.toContain('xml')
  })

  it("after `import 'fw-api/xml'`: parsed, and documented", async () => {
    await import('fw-api/xml')
    const service = new Fw({ api: ArticleAPI })
    const answer = await call(service, 'POST /article', { body: '<a><title>t</title></a>', headers: XML })
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ title: 't' })
    const content = service.openapi().paths['/article']?.post?.requestBody
    expect(JSON.stringify(content)).toContain('application/xml')
  })
})
