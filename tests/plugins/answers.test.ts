/**
 * What a plugin documents, through ONE mechanism (`Plugin.answers`, `api.PluginAnswer`): an
 * answer without content (conditional's 304), an exception it throws listed with the route's
 * declared errors (`error`: the rate limit's 429, merged with the endpoint's own declaration),
 * and headers it puts on every answer, the success too (`everyAnswerHeaders`). On a service and
 * on a class; the document served over HTTP by `service.fetch`.
 */
import 'fw-api/openapi'
import { describe, expect, it } from 'vitest'
import { Fw, api, exceptions } from 'fw-api'
import { rateLimit } from 'fw-api/plugins/rate-limit'

type Responses = Record<string, { description: string; headers?: Record<string, unknown>; content?: unknown }>

/** A quota plugin of one's own: it throws `TooManyRequests` and puts `X-Quota-Left` on every answer. */
class Quota extends api.Plugin {
  override readonly answers: readonly api.PluginAnswer[] = [
    {
      status: 429,
      description: 'Too Many Requests: the quota is used up',
      error: exceptions.TooManyRequests,
      by: 'quota',
      everyAnswerHeaders: { 'X-Quota-Left': 'Requests left today' },
    },
    { status: 203, description: 'From the quota cache', methods: ['GET'], empty: true, by: 'quota' },
  ]
}

class Items extends api.API {
  @api.get
  list() {
    return []
  }

  @api.doc({ errors: [exceptions.TooManyRequests] })
  @api.post
  add() {
    return 'added'
  }
}

@api.plugin(new Quota())
class Limited extends api.API {
  @api.get
  stats() {
    return 1
  }
}

class Root extends api.API {
  static items = Items
  static limited = Limited
}

/** The operation's responses, read from the document the service serves. */
async function responsesOf(service: Fw, path: string, method: 'get' | 'post'): Promise<Responses> {
  const served = await service.fetch(new Request('http://localhost/docs/openapi.json'))
  expect(served.status).toBe(200)
  const document = (await served.json()) as { paths: Record<string, Record<string, { responses: Responses }>> }
  const operation = document.paths[path]?.[method]
  if (!operation) throw new Error(`no ${method} ${path} in the document`)
  return operation.responses
}

describe('Plugin.answers: what a plugin documents', () => {
  it('on a service: the exception with the declared errors, the empty answer, the headers on every answer', async () => {
    const service = new Fw({ api: Root, docs: true }).use(new Quota())
    const list = await responsesOf(service, '/items/list', 'get')
    expect(list['429']?.description).toBe('Declared: `TooManyRequests` from quota')
    expect(list['429']?.content).toBeDefined()
    expect(list['203']).toEqual({ description: 'From the quota cache (quota)' })
    expect(list['200']?.headers?.['X-Quota-Left']).toEqual({ description: 'Requests left today', schema: { type: 'string' } })
    // the endpoint's own declaration and the plugin's: one 429, both named; not an empty answer on a POST
    const add = await responsesOf(service, '/items/add', 'post')
    expect(add['429']?.description).toBe('Declared: `TooManyRequests` raised by the endpoint; `TooManyRequests` from quota')
    expect(add['203']).toBeUndefined()
  })

  it('on a class: its routes only', async () => {
    const service = new Fw({ api: Root, docs: true })
    expect(Object.keys((await responsesOf(service, '/limited/stats', 'get'))['200']?.headers ?? {})).toEqual(['X-Quota-Left'])
    expect((await responsesOf(service, '/limited/stats', 'get'))['429']?.description).toBe('Declared: `TooManyRequests` from quota')
    expect((await responsesOf(service, '/items/list', 'get'))['429']).toBeUndefined()
  })

  it('the rate limit documents through it, and through nothing else', () => {
    const limiter = rateLimit({ limit: 2, window: '1m', name: 'api' })
    expect(limiter.answers).toEqual([
      expect.objectContaining({ status: 429, error: exceptions.TooManyRequests, by: 'rateLimit(api)' }),
    ])
    expect(limiter.answers[0]?.everyAnswerHeaders).toEqual({
      'RateLimit-Policy': 'The limit: "api";q=2;w=60',
      RateLimit: 'What is left: "api";r=<remaining>;t=<seconds to reset>',
    })
    expect('documentedErrors' in limiter).toBe(false)
  })
})
