/** src/pipeline/resolve.ts: `resolve` params' values stored in order, waiting only for a resolver that returns a promise. */
import { describe, expect, it } from 'vitest'
import { resolveAll } from '../../src/pipeline/resolve'
import type { RequestContext } from '../../src/request/context'
import type { MarkerSpec } from '../../src/request/markers'

const resolver = (resolve: (context: RequestContext) => unknown): MarkerSpec => ({ kind: 'resolve', hasDefault: false, resolve })

describe('resolveAll', () => {
  it('stores every value synchronously when no resolver returns a promise', () => {
    const context = {} as RequestContext
    const a = resolver(() => 1)
    const b = resolver(() => 'two')
    expect(resolveAll(context, [a, b], 0)).toBeUndefined()
    expect([...(context.resolved ?? new Map())]).toEqual([
      [a, 1],
      [b, 'two'],
    ])
  })

  it('waits for a promise, then goes on in order from the next resolver', async () => {
    const order: string[] = []
    const context = {} as RequestContext
    const first = resolver(async () => (order.push('first'), 'user'))
    const second = resolver((seen) => (order.push('second'), seen.resolved?.get(first)))
    const pending = resolveAll(context, [first, second], 0)
    expect(pending).toBeInstanceOf(Promise)
    await pending
    expect(order).toEqual(['first', 'second'])
    expect(context.resolved?.get(second)).toBe('user')
  })

  it('rejects with a resolver’s throw (its answer, e.g. a 401), and stops there', async () => {
    const context = {} as RequestContext
    let after = 0
    const failing = resolver(async () => {
      throw new Error('401')
    })
    await expect(resolveAll(context, [failing, resolver(() => after++)], 0)).rejects.toThrow('401')
    expect(after).toBe(0)
    expect(() => resolveAll({} as RequestContext, [resolver(() => { throw new Error('sync') })], 0)).toThrow('sync')
  })

  it('starts from the index it is given', () => {
    const context = {} as RequestContext
    const skipped = resolver(() => 'no')
    const run = resolver(() => 'yes')
    resolveAll(context, [skipped, run], 1)
    expect(context.resolved?.has(skipped)).toBe(false)
    expect(context.resolved?.get(run)).toBe('yes')
  })
})
