/**
 * src/response/failure.ts: the failure text of a template, written from parts serialised once —
 * its keys in the template's order, at most MAX_LISTED_ERRORS items listed, undefined (the object
 * is built instead) for keys an object would reorder or drop. The byte-for-byte comparison with
 * the serialised object over every template is tests/templates/failure-text.test.ts.
 */
import { describe, expect, it } from 'vitest'
import type { ParamIssue } from '../../src/exceptions/http'
import { envelopeFailure, failureObject, MAX_LISTED_ERRORS, problemFailure } from '../../src/response/failure'
import type { Template } from '../../src/response/response'

const stringify = (value: unknown): string => JSON.stringify(value)
const issue = (index: number): ParamIssue => ({ in: 'query', name: `q${index}`, path: [`q${index}`], message: 'bad' })
const envelope = (keys: Partial<Template>): Template => ({ enveloped: true, ...keys })

describe('envelopeFailure', () => {
  it('writes the declared keys in order: the result, state and count null, the message, the errors', () => {
    const text = envelopeFailure(envelope({ resultKey: 'data', messageKey: 'msg', stateKey: 'state', countKey: 'count', errorsKey: 'errors' }), stringify)
    expect(text?.(400, 'BadRequest', 'BadRequest: no', [issue(1)])).toBe(
      '{"data":null,"msg":"BadRequest: no","state":null,"count":null,"errors":[{"in":"query","name":"q1","path":["q1"],"message":"bad"}]}',
    )
  })

  it('leaves out what the template does not declare', () => {
    const text = envelopeFailure(envelope({ messageKey: 'error' }), stringify)
    expect(text?.(404, 'NotFound', 'NotFound: x', [issue(1)])).toBe('{"error":"NotFound: x"}')
  })

  it('escapes the message and odd key names as JSON', () => {
    const text = envelopeFailure(envelope({ resultKey: 'with "quote"', messageKey: 'm' }), stringify)
    const written = text?.(400, 'BadRequest', 'line\nbreak "q"', []) ?? ''
    expect(JSON.parse(written)).toEqual({ 'with "quote"': null, m: 'line\nbreak "q"' })
  })

  it(`lists at most ${MAX_LISTED_ERRORS} failing items`, () => {
    const text = envelopeFailure(envelope({ messageKey: 'msg', errorsKey: 'errors' }), stringify)
    const many = Array.from({ length: 150 }, (_, index) => issue(index))
    const written = JSON.parse(text?.(400, 'BadRequest', 'x', many) ?? '{}') as { errors: unknown[] }
    expect(written.errors).toHaveLength(MAX_LISTED_ERRORS)
  })

  it('gives undefined for keys an object would reorder or drop (repeated, an array index, __proto__)', () => {
    expect(envelopeFailure(envelope({ resultKey: 'data', messageKey: 'data' }), stringify)).toBeUndefined()
    expect(envelopeFailure(envelope({ resultKey: 'data', messageKey: '0' }), stringify)).toBeUndefined()
    expect(envelopeFailure(envelope({ resultKey: '__proto__', messageKey: 'm' }), stringify)).toBeUndefined()
    expect(envelopeFailure(envelope({ resultKey: 'data', messageKey: '01' }), stringify)).toBeDefined()
  })
})

describe('problemFailure', () => {
  const text = problemFailure(stringify)

  it('writes RFC 9457 problem+json: the status table’s title, the detail, the errors when any', () => {
    expect(JSON.parse(text(422, 'UnprocessableEntity', 'bad input', [issue(1)]))).toEqual({
      type: 'about:blank',
      title: 'Unprocessable Content',
      status: 422,
      detail: 'bad input',
      errors: [issue(1)],
    })
    expect(text(404, 'NotFound', 'gone', [])).toBe('{"type":"about:blank","title":"Not Found","status":404,"detail":"gone"}')
  })

  it('titles a status outside the table by the error’s name, and never caches that title', () => {
    expect(JSON.parse(text(499, 'ClientGone', 'x', [])).title).toBe('ClientGone')
    expect(JSON.parse(text(499, 'Other', 'x', [])).title).toBe('Other')
  })

  it(`lists at most ${MAX_LISTED_ERRORS} failing items`, () => {
    const many = Array.from({ length: 101 }, (_, index) => issue(index))
    expect((JSON.parse(text(400, 'BadRequest', 'x', many)) as { errors: unknown[] }).errors).toHaveLength(MAX_LISTED_ERRORS)
  })
})

describe('failureObject', () => {
  it('builds the same body as an object (the reference of the texts above)', () => {
    const template = envelope({ resultKey: 'data', messageKey: 'msg', errorsKey: 'errors' })
    const errors = [issue(1)]
    expect(failureObject(template, 'm', errors)).toEqual({ data: null, msg: 'm', errors })
    expect(JSON.stringify(failureObject(template, 'm', errors))).toBe(envelopeFailure(template, stringify)?.(400, 'BadRequest', 'm', errors))
  })
})
