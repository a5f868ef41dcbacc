/**
 * `@limiter.endpoint` (issue 57): a rate limit on one endpoint whose key reads the endpoint's
 * parsed, converted params — per article slug, per numeric id — counted after its params (a 400
 * is not counted), the headers on its answers, the 429 in its OpenAPI operation only; a key that
 * reads params used as a service plugin fails loudly. Over HTTP on every runtime:
 * tests/runtimes/client-address.test.ts.
 */
import 'fw-api/openapi'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Fw, api } from 'fw-api'
import { rateLimit } from 'fw-api/plugins/rate-limit'

const perSlug = rateLimit({ name: 'comments', limit: 2, window: '1m', key: (_request, { slug }) => `slug:${String(slug)}` })
const perId = rateLimit({ name: 'reads', limit: 1, window: '1m', key: (_request, { id }) => (typeof id === 'number' ? `id:${id}` : undefined) })

class ArticleAPI extends api.API {
  @perSlug.endpoint
  @api.post('{slug}/comments', { slug: v.pipe(v.string(), v.regex(/^[a-z-]+$/)) })
  comment({ slug }: { slug: string }) {
    return { slug }
  }

  @perId.endpoint
  @api.get('by-id/{id}', { id: v.pipe(v.number(), v.integer()) })
  read({ id }: { id: number }) {
    return id
  }

  @api.get
  list() {
    return []
  }
}

const service = new Fw({ api: ArticleAPI })
const post = (slug: string) => Promise.resolve(service.fetch(new Request(`http://localhost/${slug}/comments`, { method: 'POST' })))
const get = (path: string) => Promise.resolve(service.fetch(new Request(`http://localhost/${path}`)))

describe('@limiter.endpoint: a limit keyed on the endpoint\'s params', () => {
  it('counts per slug: the third comment on one article is 429, another article has its own count', async () => {
    const first = await post('hello-world')
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-policy')).toBe('"comments";q=2;w=60')
    expect(first.headers.get('ratelimit')).toBe('"comments";r=1;t=60')
    expect((await post('hello-world')).status).toBe(200)
    const refused = await post('hello-world')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    expect(refused.headers.get('ratelimit')).toBe('"comments";r=0;t=60')
    expect(await refused.text()).not.toMatch(/\n\s+at /)
    expect((await post('another-one')).status).toBe(200)
    // params that fail are a 400 before the limit: not counted
    for (let index = 0; index < 3; index++) expect((await post('NOT_A_SLUG')).status).toBe(400)
    // the other endpoints of the class are not limited
    const listed = await get('list')
    expect(listed.status).toBe(200)
    expect(listed.headers.get('ratelimit')).toBeNull()
  })

  it('the key gets the converted params: "7" and "07" are the same id 7', async () => {
    expect((await get('by-id/7')).status).toBe(200)
    expect((await get('by-id/07')).status).toBe(429)
    expect((await get('by-id/8')).status).toBe(200)
  })

  it('documents the 429 on the limited operations only', () => {
    const paths = service.openapi().paths as Record<string, Record<string, { responses: Record<string, unknown> }>>
    expect(Object.keys(paths['/{slug}/comments']?.post?.responses ?? {})).toContain('429')
    expect(Object.keys(paths['/by-id/{id}']?.get?.responses ?? {})).toContain('429')
    expect(Object.keys(paths['/list']?.get?.responses ?? {})).not.toContain('429')
  })

  it('a key that reads params, used on a service, fails loudly (500 naming the fix), counting nothing', async () => {
    const misused = new Fw({ api: ArticleAPI })
    misused.use(rateLimit({ limit: 1, window: '1m', key: (_request, { slug }) => String(slug) }))
    const answer = await Promise.resolve(misused.fetch(new Request('http://localhost/list')))
    expect(answer.status).toBe(500)
  })
})
