/**
 * src/pipeline/exchange.ts: one request's state through one endpoint — the class instances made
 * on demand, one per class per request, with the common params and the request on each.
 */
import { describe, expect, it } from 'vitest'
import { API } from '../../src/api'
import type { BaseAPI } from '../../src/api/api'
import { bareInstanceClass, contextOfExchange, Exchange, type LevelMaker } from '../../src/pipeline/exchange'
import { RequestContext } from '../../src/request/context'

class Outer extends API {}
class Inner extends Outer {}

const levels: LevelMaker[] = [
  { cls: Outer, Instance: Outer as unknown as new () => BaseAPI },
  { cls: Inner, Instance: Inner as unknown as new () => BaseAPI },
]

function contextOf(url: string): RequestContext {
  const parsed = new URL(url)
  return new RequestContext(new Request(url), parsed.pathname, parsed.search.slice(1), Date.now())
}

describe('Exchange', () => {
  it('makes the instance of a class level once, on first use, with the common params and the request', () => {
    const context = contextOf('http://x/a?q=1')
    const exchange = new Exchange(context, ['a'], levels, false)
    exchange.common.tenant = 't1'
    const inner = exchange.at(1)
    expect(inner).toBeInstanceOf(Inner)
    expect(inner.request).toBe(context)
    expect((inner as unknown as { tenant: string }).tenant).toBe('t1')
    expect(exchange.at(1)).toBe(inner)
    const outer = exchange.at(0)
    expect(outer).toBeInstanceOf(Outer)
    expect(outer).not.toBeInstanceOf(Inner)
    expect(exchange.pathValues).toEqual(['a'])
    expect(contextOfExchange(exchange)).toBe(context)
  })

  it('with endpointInstanceOnly, makes the endpoint’s instance up front and puts the common params on it', () => {
    const context = contextOf('http://x/b')
    const exchange = new Exchange(context, [], levels, true)
    const instance = exchange.at(1)
    expect(instance).toBeInstanceOf(Inner)
    expect(instance.request).toBe(context)
    expect(exchange.common).toBe(instance as unknown as Record<string, unknown>)
    exchange.common.tenant = 't2'
    expect((instance as unknown as { tenant: string }).tenant).toBe('t2')
    expect(exchange.at(0)).toBe(instance)
  })

  it('keeps no state between requests: each exchange makes its own instances', () => {
    const first = new Exchange(contextOf('http://x/1'), [], levels, false)
    const second = new Exchange(contextOf('http://x/2'), [], levels, false)
    expect(first.at(1)).not.toBe(second.at(1))
    expect(first.body).toBeUndefined()
    expect(first.input).not.toBe(second.input)
  })
})

describe('bareInstanceClass', () => {
  it('makes instances of the class’s prototype, with no own key, without running its constructor', () => {
    let constructed = 0
    class Counted extends API {
      constructor() {
        super()
        constructed++
      }
    }
    const Bare = bareInstanceClass(Counted.prototype as unknown as BaseAPI)
    const instance = new Bare()
    expect(instance).toBeInstanceOf(Counted)
    expect(Object.getPrototypeOf(instance)).toBe(Counted.prototype)
    expect(Reflect.ownKeys(instance)).toStrictEqual([])
    expect(constructed).toBe(0)
    expect(new Bare()).not.toBe(instance)
  })
})
