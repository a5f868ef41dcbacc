/**
 * The one composer (src/pipeline/compose.ts): steps of one shape around an
 * end, composed once; a chain of synchronous steps answers without a
 * promise; errors and rejections reach the step that rescues them.
 */
import { describe, expect, it } from 'vitest'
import { compose, rescued, whenAnswered, type Handler, type Step } from '../../src/pipeline/compose'

interface Trace {
  seen: string[]
}

/** A step that records entering and leaving, synchronous all the way. */
const traced =
  (name: string): Step<Trace> =>
  (next, state) => {
    state.seen.push(`>${name}`)
    return whenAnswered(next(state), (response) => {
      state.seen.push(`<${name}`)
      return response
    })
  }

const ok: Handler<Trace> = (state) => {
  state.seen.push('end')
  return new Response('ok')
}

describe('compose', () => {
  it('runs the steps outermost first around the end, and leaves them innermost first', () => {
    const handler = compose([traced('a'), traced('b'), traced('c')], ok)
    const state: Trace = { seen: [] }
    const answer = handler(state)
    expect(answer).toBeInstanceOf(Response)
    expect(state.seen).toEqual(['>a', '>b', '>c', 'end', '<c', '<b', '<a'])
  })

  it('with no steps, the end itself is the handler', () => {
    expect(compose([], ok)).toBe(ok)
  })

  it('answers synchronously when every step and the end are synchronous; a waiting end makes a promise', async () => {
    const waiting: Handler<Trace> = async () => new Response('later')
    const state: Trace = { seen: [] }
    expect(compose([traced('a')], ok)(state)).toBeInstanceOf(Response)
    const answer = compose([traced('a')], waiting)(state)
    expect(answer).toBeInstanceOf(Promise)
    expect(await (await answer).text()).toBe('later')
  })

  it('a step that does not call next short-circuits the rest; outer steps still see its answer', () => {
    const refuse: Step<Trace> = () => new Response('no', { status: 401 })
    const state: Trace = { seen: [] }
    const answer = compose([traced('a'), refuse, traced('never')], ok)(state) as Response
    expect(answer.status).toBe(401)
    expect(state.seen).toEqual(['>a', '<a'])
  })

  it('composes once: a request allocates no new next functions (the same handler answers many states)', () => {
    const handler = compose([traced('a')], ok)
    for (let index = 0; index < 3; index++) {
      const state: Trace = { seen: [] }
      handler(state)
      expect(state.seen).toEqual(['>a', 'end', '<a'])
    }
  })

  it('binds each step to the handler further in: a request calls the steps themselves, no function of the composer (next first)', () => {
    function outer(next: Handler<Trace>, state: Trace) {
      state.seen.push('outer')
      return next(state)
    }
    const handler = compose([outer], ok)
    expect(handler.name).toBe('bound outer')
    const state: Trace = { seen: [] }
    expect(handler(state)).toBeInstanceOf(Response)
    expect(state.seen).toEqual(['outer', 'end'])
  })
})

describe('rescued', () => {
  const recover = (error: unknown): Response => new Response(String((error as Error).message), { status: 500 })

  it('a synchronous throw is recovered synchronously', () => {
    const answer = rescued({ seen: [] }, () => {
      throw new Error('boom')
    }, recover)
    expect(answer).toBeInstanceOf(Response)
    expect((answer as Response).status).toBe(500)
  })

  it('a rejection is recovered after it settles, with the state handed to recover', async () => {
    const state: Trace = { seen: [] }
    const answer = rescued(state, () => Promise.reject(new Error('late')), (error, given) => {
      given.seen.push('recovered')
      return recover(error)
    })
    expect(answer).toBeInstanceOf(Promise)
    expect(await (await answer).text()).toBe('late')
    expect(state.seen).toEqual(['recovered'])
  })

  it('a recover that throws hands the error on to an outer rescue', () => {
    const handOn: Step<Trace> = (next, state) => rescued(state, next, (error) => {
      throw error
    })
    const boundary: Step<Trace> = (next, state) => rescued(state, next, recover)
    const failing: Handler<Trace> = () => {
      throw new Error('inner')
    }
    const answer = compose([boundary, handOn], failing)({ seen: [] }) as Response
    expect(answer.status).toBe(500)
  })

  it('an answer that is there passes through untouched', () => {
    const response = new Response('fine')
    expect(rescued({ seen: [] }, () => response, recover)).toBe(response)
  })
})
