/**
 * src/response/render.ts: `Renderer`, every response an endpoint sends from its template — a
 * result as JSON (bare or enveloped), a `Response` passed through, a Blob / File / stream framed,
 * what cannot be sent as JSON (a bigint, a function, an async iterable, a cycle, a status outside
 * 200–599, a result its schema refuses in debug) a 500 naming who renders; anything thrown as
 * problem+json (or the envelope's failure), a 5xx hidden unless `debug` and told to `onError`.
 * Driven directly, in-process.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { response } from 'fw-api'
import { BadRequest, HttpError, NotFound } from '../../src/exceptions'
import { Renderer, renderedListener, type RenderOptions } from '../../src/response/render'
import { BARE, templateOf, type ResponseClass, type Template } from '../../src/response/response'
import { Envelope } from '../helpers/fixtures'

const renderer = (template: Template = BARE, options: Partial<RenderOptions> = {}) =>
  new Renderer(template, { stringify: JSON.stringify, debug: false, where: 'ItemsAPI.item()', ...options })

const problem = async (answer: Response) => ({ status: answer.status, type: answer.headers.get('content-type'), body: await answer.json() })

describe('Renderer.result', () => {
  it('sends a result as JSON with the template’s status; undefined as null', async () => {
    const bare = renderer()
    const sent = bare.result({ id: 1 })
    expect(sent.status).toBe(200)
    expect(sent.headers.get('content-type')).toBe('application/json')
    expect(await sent.text()).toBe('{"id":1}')
    expect(await bare.result(undefined).text()).toBe('null')
    class Created extends response.Response {
      static status = 201
    }
    expect(renderer(templateOf(Created as ResponseClass)).result('made').status).toBe(201)
  })

  it('takes the status and headers of respond(); a no-body status sends no body', async () => {
    const sent = renderer().result([1], { status: 202, headers: { 'x-count': '1' } })
    expect(sent.status).toBe(202)
    expect(sent.headers.get('x-count')).toBe('1')
    expect(sent.headers.get('content-type')).toBe('application/json')
    const empty = renderer().result('ignored', { status: 204 })
    expect(empty.status).toBe(204)
    expect(await empty.text()).toBe('')
  })

  it('wraps the result in the envelope', async () => {
    expect(await renderer(templateOf(Envelope as ResponseClass)).result(3).text()).toBe('{"data":3,"msg":""}')
  })

  it('passes a Response through as it is', () => {
    const own = new Response('own', { status: 418 })
    expect(renderer().result(own)).toBe(own)
  })

  it('frames binary results: a Blob with its type and size, a File as an attachment, a stream as octets', async () => {
    const blob = renderer().result(new Blob(['abc'], { type: 'text/csv' }))
    expect([blob.headers.get('content-type'), blob.headers.get('content-length')]).toEqual(['text/csv', '3'])
    const file = renderer().result(new File(['x'], 'rapport été.pdf'))
    expect(file.headers.get('content-type')).toBe('application/octet-stream')
    expect(file.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''rapport%20%C3%A9t%C3%A9.pdf")
    const kept = renderer().result(new File(['x'], 'a.txt'), { headers: { 'content-disposition': 'inline' } })
    expect(kept.headers.get('content-disposition')).toBe('inline')
    const streamed = renderer().result(new Blob(['hello']).stream())
    expect(streamed.headers.get('content-type')).toBe('application/octet-stream')
    expect(await streamed.text()).toBe('hello')
  })

  it('is a 500 naming who renders for what cannot be sent as JSON', async () => {
    const errors: unknown[] = []
    const bare = renderer(BARE, { debug: true, onError: (error) => errors.push(error) })
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    async function* numbers() {
      yield 1
    }
    for (const [value, named] of [
      [10n, 'returned a bigint'],
      [() => 1, 'returned a function'],
      [Symbol('s'), 'returned a symbol'],
      [numbers(), 'returned an async iterable (wrap it in response.sse(...) or a ReadableStream)'],
      [cycle, 'result cannot be serialised as JSON'],
    ] as const) {
      const answer = await problem(bare.result(value))
      expect(answer.status, named).toBe(500)
      expect(answer.body.detail).toContain(`ItemsAPI.item(): ${named}`)
    }
    expect(errors).toHaveLength(5)
  })

  it('is a 500 for a status outside 200–599 given to respond()', async () => {
    for (const status of [199, 600, 200.5, Number.NaN]) {
      const answer = await problem(renderer(BARE, { debug: true }).result('x', { status }))
      expect(answer.status).toBe(500)
      expect(answer.body.detail).toContain('is outside 200–599')
    }
  })

  it('checks the result against the template’s result schema in debug only', async () => {
    class Counted extends response.Response {
      static result = v.object({ count: v.number() })
    }
    const template = templateOf(Counted as ResponseClass)
    expect((await problem(renderer(template, { debug: true }).result({ count: 'x' }))).body.detail).toContain("result does not match its template's result schema")
    expect(renderer(template, { debug: true }).result({ count: 1 }).status).toBe(200)
    expect(renderer(template).result({ count: 'x' }).status).toBe(200)
  })
})

describe('Renderer.error', () => {
  it('sends an HttpError as problem+json with its status, title, message and headers; onError not told', async () => {
    const errors: unknown[] = []
    const bare = renderer(BARE, { onError: (error) => errors.push(error) })
    const answer = bare.error(new NotFound('no such item'))
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    expect(await answer.json()).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'NotFound: no such item' })
    const limited = bare.error(new HttpError('slow down', { status: 429, headers: { 'retry-after': '3' } }))
    expect(limited.headers.get('retry-after')).toBe('3')
    expect(errors).toEqual([])
  })

  it('hides a thrown error’s text in a 500 unless debug, and tells onError', async () => {
    const errors: unknown[] = []
    const thrown = new TypeError('secret detail')
    const hidden = await problem(renderer(BARE, { onError: (error) => errors.push(error) }).error(thrown))
    expect(hidden.status).toBe(500)
    expect(JSON.stringify(hidden.body)).not.toContain('secret detail')
    expect(errors).toEqual([thrown])
    const shown = await problem(renderer(BARE, { debug: true }).error(thrown))
    expect(shown.body.detail).toContain('TypeError: secret detail')
  })

  it('names a thrown non-error in debug, even one String() cannot convert', async () => {
    expect((await problem(renderer(BARE, { debug: true }).error('just text'))).body.detail).toContain('thrown: just text')
    const bare = await problem(renderer(BARE, { debug: true }).error(Object.create(null)))
    expect(bare.status).toBe(500)
    expect(bare.body.detail).toContain('thrown: [object Object]')
  })

  it('renders failures in the envelope when the template has one', async () => {
    const answer = renderer(templateOf(Envelope as ResponseClass)).error(new NotFound('gone'))
    expect(answer.status).toBe(404)
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(await answer.json()).toEqual({ data: null, msg: 'NotFound: gone' })
  })
})

describe('Renderer.invalid', () => {
  it('is the same response as error(new BadRequest(message, { errors }))', async () => {
    const errors = [{ in: 'query' as const, name: 'page', path: ['page'], message: 'invalid number' }]
    const bare = renderer()
    const fast = bare.invalid('bad page', errors)
    const slow = bare.error(new BadRequest('bad page', { errors }))
    expect(fast.status).toBe(400)
    expect(await fast.text()).toBe(await slow.text())
    expect(await bare.invalid('', []).json()).toMatchObject({ detail: 'BadRequest' })
  })
})

describe('Renderer: bound steps', () => {
  it('result and error work unbound (handed on as callbacks)', async () => {
    const { result, error } = renderer()
    expect(await result(1).text()).toBe('1')
    expect(error(new NotFound()).status).toBe(404)
  })
})

describe('renderedListener', () => {
  it('hears each answer made from JSON text with that text, and none without a body', async () => {
    const heard: [Response, string][] = []
    const before = renderedListener.hear
    renderedListener.hear = (answer, text) => heard.push([answer, text])
    try {
      const plain = renderer().result({ id: 1 })
      const extra = renderer().result([1], { status: 202, headers: { 'x-count': '1' } })
      const empty = renderer().result(null, { status: 204 })
      expect(heard).toEqual([
        [plain, '{"id":1}'],
        [extra, '[1]'],
      ])
      expect(await plain.text()).toBe('{"id":1}') // the answer itself, its body unread
      expect(empty.status).toBe(204)
    } finally {
      renderedListener.hear = before
    }
  })

  it('is nobody by default: an answer is made the same without one', async () => {
    expect(renderedListener.hear).toBeUndefined()
    expect(await renderer().result({ id: 1 }).text()).toBe('{"id":1}')
  })
})
