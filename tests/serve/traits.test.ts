/**
 * The runtime's ways, found once at build (serve/traits.ts; body/framing.ts, the framing check an
 * endpoint's body read makes): the only runtime sniffing on the request path.
 */
import { describe, expect, it } from 'vitest'
import { bunFraming, runtimeFraming, workersFraming } from '../../src/body/framing'
import { fromFramingServer } from '../../src/body/stream'
import { runtimeTraits } from '../../src/serve/traits'

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

describe('runtimeTraits and runtimeFraming on Node', () => {
  it('neither puts the Host in the URL nor shares Headers objects; frames by the server argument alone', () => {
    const traits = runtimeTraits()
    expect(traits.hostInUrl).toBe(false)
    expect(traits.headersObject).toBe(false)
    expect('framing' in traits).toBe(false) // the body support's (body/framing.ts), not the service's
    const delivered = Object.assign(new Request('http://test.local/', { method: 'POST', body: 'x' }), { cf: {} })
    // no check of its own: body/read.ts asks the server argument (`fromFramingServer`), no call per body into body/framing.ts
    const framing = runtimeFraming()
    expect(framing).toBeUndefined()
    const framed = framing?.(delivered, undefined) ?? fromFramingServer(undefined)
    expect(framed).toBe(false) // the Workers platform's mark means nothing off workerd
  })
})
