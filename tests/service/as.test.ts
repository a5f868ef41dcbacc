/**
 * `API.__as__` (SPEC §6) from the `fw-api/api` entry alone: the public `api.API` carries the
 * hidden service itself (src/service/as.ts), so importing the package root first is not needed
 * and importing it registers nothing.
 */
import 'fw-api/adapters'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { API } from '../../src/api'
import { get } from '../../src/api/decorators'
import { BaseAPI, isAPIClass } from '../../src/api/api'
import { ImproperlyConfigured } from '../../src/exceptions'

class SumAPI extends API {
  @get({ a: v.number(), b: v.number() })
  add({ a, b }: { a: number; b: number }) {
    return a + b
  }
}
class OtherAPI extends API {}

const servers: http.Server[] = []
afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))))

describe('API.__as__ from the fw-api/api entry', () => {
  it('is the API class users extend, a BaseAPI fw knows API classes by', () => {
    expect(isAPIClass(SumAPI)).toBe(true)
    expect(isAPIClass(API)).toBe(false) // as before: `new Fw({ api: api.API })` is refused
    expect(new SumAPI()).toBeInstanceOf(BaseAPI)
    expect(Object.hasOwn(API, '__as__')).toBe(true)
    expect(Object.hasOwn(BaseAPI, '__as__')).toBe(false)
  })

  it('makes its hidden service and answers over HTTP, then refuses a second one', async () => {
    const server = http.createServer(SumAPI.__as__(http, '/calc'))
    servers.push(server)
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
    const { port } = server.address() as AddressInfo
    const response = await fetch(`http://127.0.0.1:${port}/calc/add?a=1&b=2`)
    expect(response.status).toBe(200)
    expect(await response.json()).toBe(3)
    expect(() => OtherAPI.__as__(http, '/other')).toThrow(ImproperlyConfigured)
    expect(() => OtherAPI.__as__(http, '/other')).toThrow(/already called in this process \(for SumAPI\)/)
  })
})
