/**
 * src/response/envelope.ts: the texts of an enveloped template (`static resultKey = 'data'` …) —
 * a result's text concatenated from parts serialised once and equal, byte for byte, to the
 * object's JSON for every set of keys; `respond()`'s message, state and count filled in; failures
 * in the envelope only when it has a key to say what failed (else problem+json, `failure`
 * undefined); the failure object built instead when the keys cannot be written in order.
 */
import { describe, expect, it } from 'vitest'
import type { ParamIssue } from '../../src/exceptions/http'
import { envelopeText, failsEnveloped } from '../../src/response/envelope'
import { type EnvelopeFields, failureObject } from '../../src/response/failure'

const stringify = (value: unknown): string => JSON.stringify(value)
const issue: ParamIssue = { in: 'query', name: 'page', path: ['page'], message: 'not a number' }
const KEYS = ['resultKey', 'messageKey', 'stateKey', 'countKey'] as const

/** Every template of the four success keys (16), each named by its key. */
function everyTemplate(): EnvelopeFields[] {
  return Array.from({ length: 16 }, (_, bits) => {
    const template: Record<string, unknown> = { enveloped: true }
    KEYS.forEach((key, index) => {
      if (bits & (1 << index)) template[key] = key.replace('Key', '')
    })
    return template as unknown as EnvelopeFields
  })
}

/** The object a result's text must serialise (the reference the concatenation is checked against). */
function okObject(template: EnvelopeFields, value: unknown, init: { message?: string; state?: unknown; count?: number } = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  if (template.resultKey) body[template.resultKey] = value ?? null
  if (template.messageKey) body[template.messageKey] = init.message ?? ''
  if (template.stateKey) body[template.stateKey] = init.state ?? null
  if (template.countKey) body[template.countKey] = init.count ?? null
  return body
}

describe('failsEnveloped', () => {
  it('is true for an envelope with a message or an errors key, else false (its failures are problem+json)', () => {
    expect(failsEnveloped({ enveloped: true, messageKey: 'msg' })).toBe(true)
    expect(failsEnveloped({ enveloped: true, errorsKey: 'errors' })).toBe(true)
    expect(failsEnveloped({ enveloped: true, messageKey: '', errorsKey: undefined })).toBe(false)
    expect(failsEnveloped({ enveloped: true })).toBe(false)
    expect(failsEnveloped({ enveloped: false, messageKey: 'msg', errorsKey: 'errors' })).toBe(false)
  })
})

describe('envelopeText(...).ok', () => {
  it('writes, for every set of keys, the text of the object, byte for byte', () => {
    for (const template of everyTemplate()) {
      const text = envelopeText(template, stringify)
      for (const value of [3, 'a "quoted" text', { nested: [1, null] }, null, undefined, false, 0, ''])
        expect(text.ok(value, undefined), JSON.stringify(template)).toBe(JSON.stringify(okObject(template, value)))
    }
  })

  it('fills in respond()’s message, state and count, and reads an init with none of them as the plain success', () => {
    const text = envelopeText({ enveloped: true, resultKey: 'data', messageKey: 'msg', stateKey: 'state', countKey: 'count' }, stringify)
    expect(text.ok([1], { message: 'made', state: 7, count: 1 })).toBe('{"data":[1],"msg":"made","state":7,"count":1}')
    expect(text.ok(undefined, { state: 0 })).toBe('{"data":null,"msg":"","state":0,"count":null}')
    expect(text.ok(1, { status: 201, message: '' })).toBe('{"data":1,"msg":"","state":null,"count":null}')
    for (const template of everyTemplate())
      expect(envelopeText(template, stringify).ok('x', { message: 'm', count: 2 })).toBe(JSON.stringify(okObject(template, 'x', { message: 'm', count: 2 })))
  })

  it('escapes key names as JSON and serialises values with the given stringify', () => {
    const odd = envelopeText({ enveloped: true, resultKey: 'da"ta\n', messageKey: '</script>' }, stringify)
    expect(JSON.parse(odd.ok('v', undefined))).toEqual({ 'da"ta\n': 'v', '</script>': '' })
    const bigints = (value: unknown): string => JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item))
    expect(envelopeText({ enveloped: true, resultKey: 'data' }, bigints).ok(10n ** 20n, undefined)).toBe('{"data":"100000000000000000000"}')
    expect(() => envelopeText({ enveloped: true, resultKey: 'data' }, stringify).ok(1n, undefined)).toThrow(TypeError)
  })
})

describe('envelopeText(...).failure', () => {
  it('is undefined when the envelope has no key for the message or the errors', () => {
    expect(envelopeText({ enveloped: true, resultKey: 'data', stateKey: 'state' }, stringify).failure).toBeUndefined()
  })

  it('writes the failure in the envelope: the result null, the message, the errors listed', () => {
    const failure = envelopeText({ enveloped: true, resultKey: 'data', messageKey: 'msg', errorsKey: 'errors' }, stringify).failure
    expect(failure?.(400, 'BadRequest', 'BadRequest: page', [issue])).toBe(
      '{"data":null,"msg":"BadRequest: page","errors":[{"in":"query","name":"page","path":["page"],"message":"not a number"}]}',
    )
  })

  it('builds the failure object when the keys cannot be written in order (repeated, an index, __proto__)', () => {
    for (const keys of [
      { resultKey: 'x', messageKey: 'x' },
      { resultKey: '0', messageKey: 'msg' },
      { messageKey: 'msg', errorsKey: '__proto__' },
    ]) {
      const template: EnvelopeFields = { enveloped: true, ...keys }
      const failure = envelopeText(template, stringify).failure
      expect(failure?.(404, 'NotFound', 'NotFound: /x', [issue]), JSON.stringify(keys)).toBe(stringify(failureObject(template, 'NotFound: /x', [issue])))
    }
  })
})
