/**
 * src/compile/hook-steps.ts: the steps of an endpoint's hooks — `runBeforeHook` (its own params, a
 * 400 when they fail, then the hook on a copy of the input, `this` the class's instance; a promise
 * only when something is waited for), `afterHookStep` (a value replaces the answer in the hook's
 * template, nothing keeps it, unless the hook read its body: a 500 naming it; what it throws is
 * rendered by the fallback), `errorHookRecover` (the errors it takes answered by its value, the others
 * on outwards). Driven directly on a hand-made exchange and hook steps.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, request } from 'fw-api'
import { rescued, type Handler } from '../../src/pipeline/compose'
import { Exchange } from '../../src/pipeline/exchange'
import { afterHookStep, errorHookRecover, runBeforeHook, type HookStep } from '../../src/pipeline/hook-steps'
import { planParams } from '../../src/compile/params'
import { specsOf } from '../../src/compile/specs'
import { BadRequest, NotFound, PermissionDenied } from '../../src/exceptions'
import { RequestContext } from '../../src/request/context'
import { Renderer } from '../../src/response/render'
import { BARE } from '../../src/response/response'
import type { StandardSchemaV1 } from '../../src/types'

class ItemAPI extends api.API {}

const renderer = (where: string) => new Renderer(BARE, { stringify: JSON.stringify, debug: false, where })

/** A hook step of `kind` calling `method`, with the before hook's `params`. */
function step(kind: 'before' | 'after' | 'handle', method: (this: unknown, ...args: unknown[]) => unknown, extra: { params?: Record<string, unknown>; errors?: Function[] } = {}): HookStep {
  const label = `ItemAPI.${kind}Hook()`
  const params = extra.params
    ? planParams({ where: label, template: '/items', params: specsOf(extra.params, label), common: [], declaredOnly: true, depth: 32 }, [], new Set()).params
    : []
  return {
    hook: { decl: { kind, methodName: `${kind}Hook`, targets: ['*'], errors: extra.errors }, level: 0, method: method as never, template: BARE },
    renderer: renderer(label),
    params,
    label,
  }
}

function exchangeOf(url = 'http://x/items', init: RequestInit = {}): Exchange {
  const parsed = new URL(url)
  const context = new RequestContext(new Request(url, init), parsed.pathname, parsed.search.slice(1), Date.now())
  return new Exchange(context, [], [{ cls: ItemAPI, Instance: ItemAPI }], false)
}

const fallback = renderer('ItemAPI.list()')
const answered = (response: Response): Handler<Exchange> => () => response
const json = async (answer: Response | Promise<Response>) => {
  const done = await answer
  return [done.status, await done.json()]
}

describe('runBeforeHook', () => {
  it('calls the hook synchronously on a copy of the input, as the class’s instance; the hook’s renderer answers respond()', () => {
    const exchange = exchangeOf()
    exchange.input.id = 7
    const seen: unknown[] = []
    const before = step('before', function (this: unknown, input: unknown) {
      seen.push(this, { ...(input as object) })
      ;(input as Record<string, unknown>).id = 'changed'
    })
    expect(runBeforeHook(before, exchange)).toBeUndefined()
    expect(seen[0]).toBe(exchange.at(0))
    expect((seen[0] as ItemAPI).request).toBe(exchange.context)
    expect(seen[1]).toEqual({ id: 7 })
    expect(exchange.input.id).toBe(7)
    expect(exchange.context.responder).toBe(before.renderer.result)
  })

  it('answers a promise for an async hook', async () => {
    let done = false
    const pending = runBeforeHook(
      step('before', async () => {
        await Promise.resolve()
        done = true
      }),
      exchangeOf(),
    )
    expect(pending).toBeInstanceOf(Promise)
    await pending
    expect(done).toBe(true)
  })

  it('reads its own params into the hook’s input, and is a 400 listing them when they fail, before the hook runs', () => {
    const calls: unknown[] = []
    const before = step('before', (input: unknown) => void calls.push(input), { params: { token: request.HeaderParam(v.pipe(v.string(), v.minLength(4))) } })
    runBeforeHook(before, exchangeOf('http://x/items', { headers: { token: 'abcd' } }))
    expect(calls).toEqual([{ token: 'abcd' }])
    let thrown: unknown
    try {
      runBeforeHook(before, exchangeOf('http://x/items', { headers: { token: 'ab' } }))
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(BadRequest)
    expect((thrown as BadRequest).errors.map((issue) => [issue.in, issue.name])).toEqual([['header', 'token']])
    expect(calls).toHaveLength(1)
  })

  it('waits for an async param check, then refuses or calls', async () => {
    const even: StandardSchemaV1<unknown, number> = {
      '~standard': { version: 1, vendor: 'test', validate: async (value) => (Number(value) % 2 === 0 ? { value: Number(value) } : { issues: [{ message: 'odd' }] }) },
    }
    const calls: unknown[] = []
    const before = step('before', (input: unknown) => void calls.push(input), { params: { n: even } })
    await runBeforeHook(before, exchangeOf('http://x/items?n=4'))
    expect(calls).toEqual([{ n: 4 }])
    await expect(runBeforeHook(before, exchangeOf('http://x/items?n=3'))).rejects.toBeInstanceOf(BadRequest)
  })
})

describe('afterHookStep', () => {
  const run = (after: HookStep, response: Response) => afterHookStep(after, fallback)(answered(response), exchangeOf())

  it('keeps the answer when the hook returns nothing; a value replaces it, in the hook’s template', async () => {
    const original = new Response('"kept"', { headers: { 'content-type': 'application/json' } })
    expect(run(step('after', () => undefined), original)).toBe(original)
    expect(await json(run(step('after', () => ({ replaced: true })), original))).toEqual([200, { replaced: true }])
    expect(await json(run(step('after', async () => 'later'), new Response('x')))).toEqual([200, 'later'])
  })

  it('hands the hook the answer, and keeps it when the hook returns it', async () => {
    const seen: Response[] = []
    const original = new Response('x', { status: 201 })
    const answer = run(step('after', (response: unknown) => (seen.push(response as Response), response)), original)
    expect(seen).toEqual([original])
    expect((await answer).status).toBe(201)
  })

  it('is a 500 naming the hook when it read the body and returned nothing', async () => {
    const readBody = step('after', async (response: unknown) => {
      await (response as Response).text()
    })
    const printed: unknown[] = []
    const quiet = new Renderer(BARE, { stringify: JSON.stringify, debug: true, where: 'ItemAPI.list()', onError: (error) => printed.push(error) })
    const answer = await afterHookStep(readBody, quiet)(answered(new Response('body')), exchangeOf())
    expect(answer.status).toBe(500)
    expect(String((await answer.json()).detail)).toContain('ItemAPI.afterHook(): the @api.after hook read the response body and returned nothing')
  })

  it('renders what it throws with the fallback renderer, sync or async', async () => {
    expect(await json(run(step('after', () => { throw new NotFound('gone after') }), new Response('x')))).toEqual([
      404,
      expect.objectContaining({ detail: 'NotFound: gone after' }),
    ])
    expect((await run(step('after', async () => { throw new PermissionDenied('no') }), new Response('x'))).status).toBe(403)
  })
})

describe('errorHookRecover', () => {
  // the recover rescuing what is further in, as a class's miss boundary runs it (compile/misses.ts)
  const errorHookStep = (hook: HookStep) => (next: Handler<Exchange>, exchange: Exchange) => rescued(exchange, next, errorHookRecover(hook))
  const failing = (error: unknown): Handler<Exchange> => () => {
    throw error
  }

  it('answers an error it takes with its value, in its own template', async () => {
    const handle = errorHookStep(step('handle', (error: unknown) => ({ caught: (error as Error).message }), { errors: [NotFound] }))
    expect(await json(handle(failing(new NotFound('no item')), exchangeOf()))).toEqual([200, { caught: 'no item' }])
  })

  it('hands an error it does not take on outwards', () => {
    const handle = errorHookStep(step('handle', () => 'never', { errors: [NotFound] }))
    const denied = new PermissionDenied('no')
    expect(() => handle(failing(denied), exchangeOf())).toThrow(denied)
  })

  it('takes every error without an errors list, a rejection too, and waits for an async value', async () => {
    const handle = errorHookStep(step('handle', async (error: unknown) => `handled ${(error as Error).name}`))
    const rejecting: Handler<Exchange> = () => Promise.reject(new TypeError('async failure'))
    expect(await json(handle(rejecting, exchangeOf()))).toEqual([200, 'handled TypeError'])
  })

  it('passes an answer through untouched', () => {
    const ok = new Response('fine')
    expect(errorHookStep(step('handle', () => 'never'))(answered(ok), exchangeOf())).toBe(ok)
  })
})
