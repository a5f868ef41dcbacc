/**
 * src/body/framing.ts: how an endpoint that reads a body recognises a request its server framed by
 * the Content-Length — Bun's server by identity after one recognition, the Workers platform's
 * requests by their `cf` properties; found once per endpoint (on Node: none, tests/serve/traits).
 */
import { describe, expect, it } from 'vitest'
import { bunFraming, workersFraming } from '../../src/body/framing'

const request = new Request('http://test.local/', { method: 'POST', body: 'x' })

describe('bunFraming: one check per endpoint that reads a body', () => {
  it('recognises a Bun server once, then by identity (no property reads per body)', () => {
    const fromFramingServer = bunFraming()
    let reads = 0
    const server = {
      port: 1,
      get requestIP() {
        reads++
        return () => null
      },
      upgrade: () => false,
    }
    expect(fromFramingServer(request, server)).toBe(true)
    const once = reads
    expect(fromFramingServer(request, server)).toBe(true)
    expect(fromFramingServer(request, server)).toBe(true)
    expect(reads).toBe(once)
    expect(fromFramingServer(request, {})).toBe(false)
  })

  it('keeps its server to itself: another endpoint recognises it afresh', () => {
    const server = { requestIP: () => null, upgrade: () => false }
    expect(bunFraming()(request, server)).toBe(true)
    expect(bunFraming()(request, undefined)).toBe(false)
    expect(bunFraming()(request, { remoteAddr: {}, completed: Promise.resolve() })).toBe(true)
  })
})

describe('workersFraming', () => {
  it("takes a request carrying the platform's cf properties as framed, a Request built in code not", () => {
    const delivered = Object.assign(new Request('http://test.local/', { method: 'POST', body: 'x' }), { cf: { colo: 'AMS' } })
    expect(workersFraming(delivered, { MY_KV: {} })).toBe(true)
    expect(workersFraming(request, { MY_KV: {} })).toBe(false)
    expect(workersFraming(Object.assign(request.clone(), { cf: null }), undefined)).toBe(false)
  })
})
