/**
 * Issue #57's acceptance: `contract()` stays green on the example service with SPEC §14's
 * plugins on — secure headers, compression (every request asks for gzip), conditional requests
 * (every request carries a precondition that holds) and a rate limit small enough that most
 * requests are refused (8 an hour per method and path): the 429 the limit answers, and the 304 / 412 conditional() can answer,
 * are in the document of every operation they cover.
 */
import { describe, expect, it } from 'vitest'
import { Fw, conf, plugins } from 'fw-api'
import { compress } from 'fw-api/plugins/compress'
import { conditional } from 'fw-api/plugins/conditional'
import { rateLimit } from 'fw-api/plugins/rate-limit'
import { secureHeaders } from 'fw-api/plugins/secure-headers'
import { contract, type ExpectedDifference } from 'fw-api/testing'
import { RootAPI } from '../../examples/app'

/** What the example does on purpose (as tests/testing/contract.test.ts lists it). */
const EXPECTED: ExpectedDifference[] = [
  { operation: 'calc.crash', kind: 'server-error', status: 500, reason: 'throws on purpose: shows that a 500 hides its text without `debug`' },
  { operation: 'calc.status', kind: 'server-error', status: 500, reason: 'answers the status its `code` param names; a code outside 200–599 is a 500 by design' },
]

// examples/app.ts's service as it is made there (a new one: the example's own is shared by other
// test files in this process), with the traffic plugins
const service = new Fw(import.meta.url, { name: 'example', api: RootAPI, route: '/api', docs: true })
  .use(conf.Time({ datetimeFormat: '%Y-%m-%d %H:%M:%S', useTz: false }))
  .use(plugins.RequestId())
  .use(plugins.CORS({ allowOrigin: ['https://example.com'], exposeHeaders: ['x-request-id'] }))
  .use(secureHeaders())
  .use(compress({ threshold: 0 }))
  .use(conditional())
  .use(rateLimit({ limit: 8, window: '1h', key: (request) => `${request.method} ${request.path}` }))

describe('contract() on examples/app.ts with the traffic plugins on', () => {
  it('the 429, 304 and 412 are documented where they can happen', () => {
    const document = service.openapi()
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations as Record<string, { responses?: Record<string, unknown> }>)) {
        const statuses = Object.keys(operation.responses ?? {})
        expect(statuses, `${method} ${path}`).toContain('429')
        if (method === 'get') expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['304', '412']))
      }
    }
    // the service's plugins run before routing: their 429 and 412 are the root's (problem+json),
    // not the calc class's {"data","msg"} envelope its own errors use
    const add = document.paths['/api/calc/add']?.get as { responses: Record<string, { content?: Record<string, unknown> }> }
    expect(Object.keys(add.responses['429']?.content ?? {})).toEqual(['application/problem+json'])
    expect(Object.keys(add.responses['412']?.content ?? {})).toEqual(['application/problem+json'])
  })

  it('every operation answers as documented, most of them 429 past the limit', async () => {
    const report = await contract(service, { runs: 15, seed: 38, expected: EXPECTED, headers: { 'if-match': '*' } })
    expect(report.operations).toBe(37)
    expect(report.differences).toEqual([])
  }, 90_000)
})
