/**
 * src/serve/traits.ts: the runtime's ways, found once at build — the only runtime sniffing on the
 * request path (the framing check an endpoint's body read makes: tests/body/framing.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { runtimeFraming } from '../../src/body/framing'
import { fromFramingServer } from '../../src/body/stream'
import { runtimeTraits } from '../../src/serve/traits'

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
