/**
 * src/utils/body-source.ts: a response that holds its body as given hands it over under
 * `BODY_SOURCE`; the JSON text of fw's latest answers is known once a plugin asked
 * (`keepRenderedBodies`); any other response (a Web one, a method that is not a function) gives
 * undefined.
 */
import { describe, expect, it } from 'vitest'
import { BODY_SOURCE, bodySource, keepRenderedBodies } from '../../src/utils/body-source'

describe('bodySource', () => {
  it('reads the body a response holds as given, called on that response', () => {
    const response = new Response('ignored')
    const held = Object.assign(response, {
      [BODY_SOURCE](this: Response) {
        return this === response ? '{"id":1}' : 'wrong receiver'
      },
    })
    expect(bodySource(held)).toBe('{"id":1}')
  })

  it('passes bytes and an empty body through as they are', () => {
    const bytes = new Uint8Array([1, 2, 3])
    expect(bodySource(Object.assign(new Response(null), { [BODY_SOURCE]: () => bytes }))).toBe(bytes)
    expect(bodySource(Object.assign(new Response(null), { [BODY_SOURCE]: () => null }))).toBeNull()
  })

  it('gives undefined for a Web response, and for a key that is not a method', () => {
    expect(bodySource(new Response('text'))).toBeUndefined()
    expect(bodySource(Object.assign(new Response('x'), { [BODY_SOURCE]: 'not a function' }))).toBeUndefined()
  })

  it("keeps fw's rendered JSON as its answer's source only once asked, never for a light response", () => {
    const before = new Response('{"a":1}')
    expect(bodySource(before)).toBeUndefined() // nobody asked: nothing kept
    const keep = keepRenderedBodies()
    const response = new Response('{"a":1}')
    keep(response, '{"a":1}')
    expect(bodySource(response)).toBe('{"a":1}')
    expect(bodySource(before)).toBeUndefined()
    expect(bodySource(new Response(null))).toBeUndefined()
    // a light response hands over its own source, whatever text is given beside it
    const light = Object.assign(new Response('x'), { [BODY_SOURCE]: () => 'held' })
    keep(light, 'rendered')
    expect(bodySource(light)).toBe('held')
  })

  it('knows the latest few answers only, and never writes to the response', () => {
    const keep = keepRenderedBodies()
    const answers = Array.from({ length: 10 }, (_, index) => {
      const answer = new Response(`${index}`)
      keep(answer, `${index}`)
      return answer
    })
    expect(bodySource(answers[9] as Response)).toBe('9')
    expect(bodySource(answers[6] as Response)).toBe('6')
    expect(bodySource(answers[0] as Response)).toBeUndefined() // read from its stream instead
    const own = (value: object): (string | symbol)[] => Reflect.ownKeys(value)
    expect(own(answers[9] as Response)).toEqual(own(new Response('x')))
  })
})
