/**
 * An endpoint with nothing around it is composed of fewer steps (no error
 * plugin, params failures rendered without an `Error`) than one with a
 * plugin's `handleError` (pipeline/chain.ts). A `handleError` that lets
 * every error pass changes nothing, so both must answer every request byte
 * for byte alike.
 */
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, exceptions, request } from 'fw-api'

class Items extends api.API {
  @request.QueryParam({ default: 'none' }) tag!: string

  @api.get('items/{id}', { id: v.pipe(v.number(), v.integer()), q: request.QueryParam({ default: '' }) })
  item({ id, q }: { id: number; q: string }) {
    return { id, q, tag: this.tag }
  }

  @api.get
  async later() {
    return [this.request.path]
  }

  @api.get
  async missing(): Promise<never> {
    throw new exceptions.NotFound('no such thing')
  }

  @api.get
  broken(): never {
    throw new Error('boom')
  }

  @api.get
  made() {
    return this.respond({ made: true }, { status: 201, headers: { 'x-made': '1' } })
  }

  @api.get
  raw() {
    return new Response('raw', { status: 202 })
  }

  @api.post('users', { user: request.Body(v.object({ name: v.pipe(v.string(), v.minLength(2)) })) })
  create({ user }: { user: { name: string } }) {
    return { created: user.name, tag: this.tag }
  }
}

/** Lets every error pass: the endpoint's own rendering answers, as without it. */
class PassErrors extends api.Plugin {
  override handleError(): undefined {
    return undefined
  }
}

const limits = { queryParams: 3, bodyBytes: 64 }
const requests: [string, RequestInit?][] = [
  ['/items/3?q=a&tag=t'],
  ['/items/x'],
  ['/items/3?a=1&b=2&c=3&d=4'],
  ['/later'],
  ['/missing'],
  ['/broken'],
  ['/made'],
  ['/raw'],
  ['/users?tag=u', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"ann"}' }],
  ['/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"a"}' }],
  ['/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' }],
  ['/users', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }],
  ['/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x'.repeat(100) }) }],
  ['/users', { method: 'POST' }],
]

async function answer(service: Fw, [path, init]: [string, RequestInit?]): Promise<unknown> {
  const response = await service.fetch(new Request(`http://localhost${path}`, init))
  return { status: response.status, headers: [...response.headers], body: await response.text() }
}

describe('the direct pipeline', () => {
  it('answers as the general pipeline does', async () => {
    const direct = new Fw(import.meta.url, { api: Items, limits })
    const general = new Fw(import.meta.url, { api: Items, limits }).use(new PassErrors())
    const errors = console.error
    console.error = () => {} // the 500s are logged by both
    try {
      const statuses: number[] = []
      for (const item of requests) {
        const expected = await answer(general, item)
        expect(await answer(direct, item), item[0]).toEqual(expected)
        statuses.push((expected as { status: number }).status)
      }
      expect(statuses).toEqual([200, 400, 400, 200, 404, 500, 201, 202, 200, 400, 400, 415, 413, 400])
    } finally {
      console.error = errors
    }
  })
})
