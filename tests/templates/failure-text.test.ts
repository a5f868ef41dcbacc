/**
 * Failure answers are written by concatenating parts serialised
 * once per template (src/response/failure.ts). Every combination of envelope
 * keys (odd names included), messages and error lists gives exactly the bytes
 * of serialising the answer's object, with `JSON.stringify` and with
 * `conf.Time`'s stringify; keys that an object would reorder or drop fall
 * back to the object.
 */
import { describe, expect, it } from 'vitest'
import { conf, exceptions, response } from 'fw-api'
import { problem, type ParamIssue } from '../../src/exceptions/http'
import { envelopeFailure, failureObject, problemFailure } from '../../src/response/failure'
import { Renderer } from '../../src/response/render'
import { templateOf } from '../../src/response/response'

const NAMES = ['data', 'msg', 'state', 'count', 'errors', 'with "quote"', 'é\u2028', 'x\\y']
const MESSAGES = ['', 'BadRequest', "BadRequest: parse item: ['user'] failed: Invalid email: Received \"not-an-email\"", '\u0000\ud800 end', 'a'.repeat(500)]
const issue = (index: number): ParamIssue => ({ in: 'body', name: `f${index}`, path: [`f${index}`, index], message: `bad "${index}"` })
const ERRORS: ParamIssue[][] = [[], [issue(1)], Array.from({ length: 150 }, (_, index) => issue(index))]
const STRINGIFIES = { json: (value: unknown) => JSON.stringify(value), time: (value: unknown) => new conf.Time({}).stringify(value) }

/** Every template of up to five keys drawn from `names` (each key role present or not). */
function* templates(names: readonly string[]): Generator<response.EnvelopeKeys> {
  for (let mask = 1; mask < 32; mask++) {
    const pick = (bit: number, offset: number): string | undefined => (mask & (1 << bit) ? names[(bit + offset) % names.length] : undefined)
    for (let offset = 0; offset < names.length; offset += 3) {
      yield { resultKey: pick(0, offset), messageKey: pick(1, offset), stateKey: pick(2, offset), countKey: pick(3, offset), errorsKey: pick(4, offset) }
    }
  }
}

function classOf(keys: response.EnvelopeKeys): response.ResponseClass {
  return Object.assign(class extends response.Response {}, keys)
}

describe('failure texts equal the serialised objects', () => {
  for (const [label, stringify] of Object.entries(STRINGIFIES)) {
    it(`enveloped templates (${label})`, () => {
      let compared = 0
      for (const keys of templates(NAMES)) {
        const template = templateOf(classOf(keys))
        if (!template.enveloped) continue
        const text = envelopeFailure(template, stringify)
        expect(text, JSON.stringify(keys)).toBeTypeOf('function')
        for (const message of MESSAGES) {
          for (const errors of ERRORS) {
            expect(text?.(400, 'BadRequest', message, errors)).toBe(stringify(failureObject(template, message, errors)))
            compared++
          }
        }
      }
      expect(compared).toBeGreaterThan(1000)
    })

    it(`problem+json (${label})`, () => {
      const text = problemFailure(stringify)
      for (const status of [400, 404, 413, 422, 500, 503, 418, 599]) {
        for (const message of MESSAGES) {
          for (const errors of ERRORS) {
            // twice: the cached head per status gives the same text
            for (let round = 0; round < 2; round++) expect(text(status, 'Teapot', message, errors)).toBe(stringify(problem(status, 'Teapot', message, errors.slice(0, 100))))
          }
        }
      }
    })
  }

  it('keys an object would reorder or drop are left to the object', async () => {
    const cases: [response.EnvelopeKeys, string][] = [
      [{ resultKey: 'data', messageKey: '0' }, '{"0":"BadRequest: bad","data":null}'],
      [{ resultKey: '__proto__', messageKey: 'msg' }, '{"msg":"BadRequest: bad"}'],
      [{ resultKey: 'same', messageKey: 'same' }, '{"same":"BadRequest: bad"}'],
    ]
    for (const [keys, expected] of cases) {
      const template = templateOf(classOf(keys))
      expect(envelopeFailure(template, JSON.stringify)).toBeUndefined()
      const renderer = new Renderer(template, { stringify: (value) => JSON.stringify(value), debug: false, where: 'test' })
      expect(await renderer.invalid('bad', []).text()).toBe(expected)
    }
  })

  it('the renderer answers with the same bytes (400 and a thrown error, enveloped and bare)', async () => {
    const options = { stringify: (value: unknown) => JSON.stringify(value), debug: false, where: 'test' }
    const enveloped = templateOf(classOf({ resultKey: 'data', messageKey: 'msg', errorsKey: 'errors' }))
    const renderer = new Renderer(enveloped, options)
    const errors = [issue(1)]
    expect(await renderer.invalid('parse item failed', errors).text()).toBe(JSON.stringify({ data: null, msg: 'BadRequest: parse item failed', errors }))
    expect(await renderer.error(new exceptions.NotFound('no 42')).text()).toBe('{"data":null,"msg":"NotFound: no 42","errors":[]}')
    const bare = new Renderer(undefined, options)
    const answer = bare.invalid('parse item failed', errors)
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    expect(await answer.text()).toBe(JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'BadRequest: parse item failed', errors }))
  })
})
