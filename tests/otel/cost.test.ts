/**
 * Issue 58 #1's cost: with no SDK registered, `otel()` does nothing beyond one check per request
 * (its spans are the API's no-op: nothing recorded, no context entered), and a plugin that only
 * scopes the rest (fw's AROUND step, as `otel()` and the ORM's request carrier are) keeps a
 * synchronous endpoint synchronous: no promise hop is added to every request.
 */
import { trace } from '@opentelemetry/api'
import { api, Fw } from 'fw-api'
import { otel } from 'fw-api/otel'
import { describe, expect, it } from 'vitest'

class Ping extends api.API {
  @api.get
  ping() {
    return trace.getActiveSpan() === undefined ? 'no span' : 'span'
  }
}

describe('otel() without an SDK', () => {
  it('answers a synchronous endpoint synchronously, with no active span', async () => {
    const service = new Fw(import.meta.url, { api: Ping }).use(otel())
    const answer = service.fetch(new Request('http://x/ping'))
    expect(answer).toBeInstanceOf(Response)
    expect(await (answer as Response).json()).toBe('no span')
  })
})
