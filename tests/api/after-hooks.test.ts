/**
 * After hooks (SPEC §8): they receive the Response as the
 * target's own nearest template rendered it — a hook's `@api.response` only
 * renders what the hook returns — and a hook that consumed the body and
 * returned nothing is a 500 naming the hook, never an unusable Response.
 */
import { describe, expect, it } from 'vitest'
import { Fw, api, response } from 'fw-api'
import { call } from '../helpers/client'

class ClassEnvelope extends response.Response {
  static resultKey = 'data'
  static messageKey = 'msg'
}
class EndpointEnvelope extends response.Response {
  static resultKey = 'item'
}
class HookEnvelope extends response.Response {
  static resultKey = 'hooked'
}

const seen: unknown[] = []

class ChildAPI extends api.API {
  @api.get
  leaf() {
    return 'leaf'
  }

  @api.after('leaf')
  consume(r: Response) {
    return void r.text()
  }
}

class HooksAPI extends api.API {
  static response = ClassEnvelope
  static child = ChildAPI

  @api.get
  plain() {
    return 1
  }

  @api.response(EndpointEnvelope)
  @api.get
  own() {
    return 2
  }

  @api.get
  replaced() {
    return 3
  }

  @api.get
  reader() {
    return 4
  }

  @api.get
  cloned() {
    return 5
  }

  @api.get
  passed() {
    return 6
  }

  // The hook's own template must not change what it receives.
  @api.response(HookEnvelope)
  @api.after('plain', 'own')
  async look(r: Response) {
    seen.push(await r.clone().json())
  }

  @api.response(HookEnvelope)
  @api.after('replaced')
  async rewrap(r: Response) {
    const body = (await r.json()) as { data: number }
    return body.data * 10
  }

  @api.after('reader')
  async lock(r: Response) {
    r.body?.getReader()
  }

  @api.after('cloned')
  async peek(r: Response) {
    seen.push(await r.clone().text())
  }

  @api.after('passed')
  async read(r: Response) {
    await r.arrayBuffer()
  }

  // Onion order: the child's failing hook runs first; this one sees its 500.
  @api.after(ChildAPI)
  outer(r: Response) {
    seen.push(r.status)
  }
}

const service = new Fw({ api: HooksAPI })

describe('after hooks receive the target\'s own rendering', () => {
  it("the class template, not the hook's @api.response", async () => {
    seen.length = 0
    expect((await call(service, 'GET /plain')).body).toEqual({ data: 1, msg: '' })
    expect(seen).toEqual([{ data: 1, msg: '' }])
  })

  it("the endpoint's own @api.response", async () => {
    seen.length = 0
    expect((await call(service, 'GET /own')).body).toEqual({ item: 2 })
    expect(seen).toEqual([{ item: 2 }])
  })

  it("a returned value is rendered with the hook's template", async () => {
    expect(await call(service, 'GET /replaced')).toMatchObject({ status: 200, body: { hooked: 30 } })
  })

  it('reading a clone and returning nothing keeps the response', async () => {
    seen.length = 0
    expect(await call(service, 'GET /cloned')).toMatchObject({ status: 200, body: { data: 5, msg: '' } })
    expect(seen).toEqual(['{"data":5,"msg":""}'])
  })
})

describe('an after hook that consumed the body and returned nothing', () => {
  it.each([
    ['/passed', 'HooksAPI.read()'],
    ['/reader', 'HooksAPI.lock()'],
  ])('%s → 500 naming %s', async (path, hook) => {
    const result = await call(service, `GET ${path}`)
    expect(result.status).toBe(500)
    expect(result.text).toContain(`${hook}: the @api.after hook read the response body and returned nothing`)
    expect(result.text).not.toContain('unusable')
  })

  it("a sub-API's hook: the parent's after hooks see the 500", async () => {
    seen.length = 0
    const result = await call(service, 'GET /child/leaf')
    expect(result.status).toBe(500)
    expect(result.text).toContain('ChildAPI.consume()')
    expect(seen).toEqual([500])
  })
})
