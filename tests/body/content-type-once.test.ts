/** A body's Content-Type is read and parsed once: shared by the choice among body plans and the reading. */
import { describe, expect, it } from 'vitest'
import { service } from '../hooks/utilmeta-api'

async function contentTypeReads(init: RequestInit): Promise<{ status: number; reads: number }> {
  const request = new Request('http://localhost/test/multi_body', { method: 'POST', ...init })
  let reads = 0
  const get = request.headers.get.bind(request.headers)
  Object.defineProperty(request.headers, 'get', {
    value: (name: string) => {
      if (name.toLowerCase() === 'content-type') reads++
      return get(name)
    },
  })
  const response = await service.fetch(request)
  return { status: response.status, reads }
}

describe('Content-Type', () => {
  it('is read once for an endpoint with several whole-body params', async () => {
    const form = await contentTypeReads({ body: 'name=form', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(form).toEqual({ status: 200, reads: 1 })
    const json = await contentTypeReads({ body: '{"name":"json","operation":"post","params":{}}', headers: { 'content-type': 'application/json; charset=utf-8' } })
    expect(json).toEqual({ status: 200, reads: 1 })
  })
})
