/**
 * A GET or HEAD never carries a body (fetch cannot send one): a call of a GET
 * endpoint that declares body params is refused with a `ClientError` naming
 * the operation and the params before anything is sent; left out (optional),
 * the call goes out as a plain GET.
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Fw, api, request } from 'fw-api'
import { ClientError, createClient } from 'fw-api/client'

const findParams = { q: request.BodyParam(v.optional(v.string(), 'all')) }
const lookupParams = { term: v.optional(v.string(), 'none') }

class SearchAPI extends api.API {
  @api.get({ data: request.Body(v.object({ q: v.string() })) })
  search({ data }: { data: { q: string } }) {
    return data.q
  }

  @api.get(findParams)
  find({ q }: api.Input<typeof findParams>) {
    return q
  }

  @api.get(lookupParams)
  lookup({ term }: api.Input<typeof lookupParams>) {
    return term
  }
}

const service = new Fw(import.meta.url, { api: SearchAPI })

function recording(): { sent: Request[]; fetch: (request: Request) => Promise<Response> } {
  const sent: Request[] = []
  return { sent, fetch: async (outgoing: Request) => (sent.push(outgoing), service.fetch(outgoing)) }
}

describe('GET calls and body params', () => {
  it('a GET whose input holds body values is refused before sending, naming the operation and the params', async () => {
    const { sent, fetch } = recording()
    const client = createClient<typeof SearchAPI>({ baseURL: 'http://in.process', fetch, document: service.openapi() })
    const refused = await client.search({ data: { q: 'x' } }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ClientError)
    expect(refused).toMatchObject({ status: 0, message: expect.stringMatching(/GET \/search \(search\).*request body.*'data'.*cannot carry a body/) })
    const field = await client.find({ q: 'y' }).catch((error: unknown) => error)
    expect(field).toMatchObject({ status: 0, message: expect.stringContaining("'q'") })
    expect(sent).toHaveLength(0)
  })

  it('a GET whose optional body params are left out is sent without a body', async () => {
    const { sent, fetch } = recording()
    const client = createClient<typeof SearchAPI>({ baseURL: 'http://in.process', fetch, document: service.openapi() })
    expect(await client.find({})).toBe('all')
    expect(await client.lookup({ term: 'z' })).toBe('z')
    expect(sent.map((one) => [one.method, one.body])).toEqual([['GET', null], ['GET', null]])
  })
})
