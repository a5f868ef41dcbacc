/**
 * SPEC §9.1: the typed client takes `orm.Query` fields as
 * optional, under their wire names (tests/client/input.test-d.ts); here, what
 * it sends for them agrees with the document: `{ query: { '@page': 2 } }`
 * goes out as `?@page=2`, and a call without the query sends none.
 */
import 'fw-api/openapi'
import { describe, expect, it } from 'vitest'
import { Fw, api, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import { createClient } from 'fw-api/client'
import { articles } from '../../examples/blog/tables'

const ArticleQuery = orm.Query(articles, { title: orm.Filter('title', 'icontains'), limit: orm.Limit({ max: 50 }), page: orm.Page({ alias: '@page' }) })

class SearchAPI extends api.API {
  search = api.get({ query: request.Query(ArticleQuery) }, ({ query }) => String(query.title))
}

const service = new Fw(import.meta.url, { api: SearchAPI })

describe('orm.Query fields from the typed client', () => {
  it('go out under their wire names; all may be left out', async () => {
    const sent: string[] = []
    const fetch = async (input: Request): Promise<Response> => {
      sent.push(new URL(input.url).search)
      return Response.json({ result: 'ok' })
    }
    const client = createClient<typeof SearchAPI>({ baseURL: 'http://in.process', fetch, document: service.openapi() })
    await client.search({ query: { title: 'news', limit: 10, '@page': 2 } })
    await client.search()
    expect(sent).toEqual(['?title=news&limit=10&%40page=2', ''])
  })
})
