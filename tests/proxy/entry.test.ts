/**
 * SPEC §5.2: `trustProxy` is read by the opt-in entry `fw-api/proxy`; without it the option is
 * `ImproperlyConfigured` at `new Fw()`, naming the import (this file never imports the entry).
 */
import { describe, expect, it } from 'vitest'
import { Fw, api, exceptions } from 'fw-api'

class PingAPI extends api.API {
  @api.get
  ping() {
    return this.request.ip ?? null
  }
}

describe('trustProxy without fw-api/proxy', () => {
  it("is ImproperlyConfigured, naming `import 'fw-api/proxy'`", () => {
    expect(() => new Fw({ api: PingAPI, trustProxy: ['10.0.0.0/8'] })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => new Fw({ api: PingAPI, trustProxy: 1 })).toThrow(/import 'fw-api\/proxy'/)
  })

  it('no trustProxy (or false) needs no entry: this.request.ip is the peer', async () => {
    const service = new Fw({ api: PingAPI, trustProxy: false })
    const answer = await service.fetch(new Request('http://x/ping', { headers: { 'x-forwarded-for': '6.6.6.6' } }), { incoming: { socket: { remoteAddress: '192.0.2.4' } } })
    expect(await answer.json()).toBe('192.0.2.4')
  })
})
