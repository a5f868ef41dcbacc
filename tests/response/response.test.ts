/** src/response/response.ts: response templates — a subclass's keys read into a template, `null` the bare one. */
import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { BARE, declaredTemplate, isResponseClass, Response, resultCheck, templateOf } from '../../src/response/response'

class Envelope extends Response {
  static resultKey = 'data'
  static messageKey = 'msg'
}
class Listed extends Envelope {
  static errorsKey = 'errors'
}
class ErrorsOnly extends Response {
  static errorsKey = 'errors'
}

describe('isResponseClass', () => {
  it('is true for Response and its subclasses at any depth', () => {
    expect(isResponseClass(Response)).toBe(true)
    expect(isResponseClass(Envelope)).toBe(true)
    expect(isResponseClass(Listed)).toBe(true)
  })

  it('is false for anything else', () => {
    class Unrelated {}
    for (const value of [Unrelated, new Envelope(), {}, null, undefined, 'Response', globalThis.Response]) expect(isResponseClass(value)).toBe(false)
  })
})

describe('templateOf', () => {
  it('reads the keys a class declares, inherited ones included', () => {
    expect(templateOf(Listed)).toMatchObject({ cls: Listed, resultKey: 'data', messageKey: 'msg', errorsKey: 'errors', enveloped: true })
  })

  it('is enveloped only when a key wraps the result (errorsKey alone does not)', () => {
    expect(templateOf(ErrorsOnly).enveloped).toBe(false)
    expect(templateOf(Response).enveloped).toBe(false)
  })
})

describe('declaredTemplate', () => {
  it('gives a subclass’s template, the bare one for null, undefined for anything else', () => {
    expect(declaredTemplate(Envelope)?.resultKey).toBe('data')
    expect(declaredTemplate(null)).toBe(BARE)
    expect(declaredTemplate(undefined)).toBeUndefined()
    expect(declaredTemplate({ resultKey: 'data' })).toBeUndefined()
  })

  it('reads the template through the class (its `~fwTemplate`: no template code in a bundle without a Response class)', () => {
    expect(Response['~fwTemplate']).toBe(templateOf)
    expect(declaredTemplate(Listed)).toEqual(templateOf(Listed))
    class Marked extends Response {
      static override '~fwTemplate' = (): typeof BARE => BARE
    }
    expect(declaredTemplate(Marked)).toBe(BARE)
  })

  it('keeps the bare template frozen (shared by every endpoint)', () => {
    expect(Object.isFrozen(BARE)).toBe(true)
    expect(BARE.enveloped).toBe(false)
  })
})

describe('resultCheck', () => {
  class Counted extends Response {
    static result = v.object({ count: v.number() })
  }

  it('names what is wrong with a result for the template’s schema, nothing when it fits', () => {
    const check = resultCheck(templateOf(Counted))
    expect(check?.({ count: 'x' })).toMatch(/^result does not match its template's result schema: \S/)
    expect(check?.({ count: 1 })).toBeUndefined()
  })

  it('is none without a result schema, and comes with the class (no check code in a bundle without one)', () => {
    expect(resultCheck(templateOf(Envelope))).toBeUndefined()
    expect(resultCheck(BARE)).toBeUndefined()
    expect(Response['~fwResultCheck']).toBe(resultCheck)
  })
})
