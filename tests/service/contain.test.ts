/**
 * src/service/contain.ts: a mounted fetch handler contained — whatever it throws, rejects with or
 * answers that is no Response is the service's own error answer; its Responses go out framed.
 */
import { describe, expect, it } from 'vitest'
import { HttpError, InternalServerError } from '../../src/exceptions'
import type { Renderer } from '../../src/response/render'
import { containHandler } from '../../src/service/contain'

/** A renderer that records the errors it is given and answers with their status. */
function renderer(): { value: Renderer; errors: unknown[] } {
  const errors: unknown[] = []
  const value = { error: (error: unknown) => (errors.push(error), new Response('error', { status: error instanceof HttpError ? error.status : 500 })) }
  return { value: value as unknown as Renderer, errors }
}
const request = new Request('http://h/legacy/x')

describe('containHandler', () => {
  it('passes a Response through, framed (a Content-Length fw cannot vouch for dropped)', async () => {
    const { value } = renderer()
    const handler = containHandler(() => new Response('ok', { headers: { 'transfer-encoding': 'chunked' } }), value, '/legacy')
    const answer = (await handler(request, undefined, undefined)) as Response
    expect(await answer.text()).toBe('ok')
    expect(answer.headers.get('transfer-encoding')).toBeNull()
  })

  it('answers a throw and a rejection with the service’s error answer', async () => {
    const thrown = renderer()
    const failure = new Error('boom')
    expect(((await containHandler(() => { throw failure }, thrown.value, '/legacy')(request, undefined, undefined)) as Response).status).toBe(500)
    expect(thrown.errors).toEqual([failure])
    const rejected = renderer()
    expect(((await containHandler(async () => Promise.reject(failure), rejected.value, '/legacy')(request, undefined, undefined)) as Response).status).toBe(500)
    expect(rejected.errors).toEqual([failure])
  })

  it('answers a value that is no Response with a 500 naming the mount and what it answered', async () => {
    for (const [answer, said] of [[{ ok: true }, 'an object (Object)'], [null, 'null'], ['text', 'string'], [Object.create(null), 'an object (no prototype)']] as const) {
      const { value, errors } = renderer()
      await containHandler(async () => answer as never, value, '/legacy')(request, undefined, undefined)
      expect(errors[0]).toBeInstanceOf(InternalServerError)
      expect((errors[0] as Error).message).toBe(`the app mounted at /legacy answered ${said}, not a Response`)
    }
  })
})
