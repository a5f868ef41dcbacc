/**
 * src/pipeline/exchange.ts: one request's state through one endpoint — the class instances made
 * on demand, one per class per request, with the common params and the request on each — and
 * what those instances are made with (`instanceClass`, chosen at build).
 */
import { describe, expect, it } from 'vitest'
import { API, type APIClass } from '../../src/api'
import type { BaseAPI } from '../../src/api/api'
import { contextOfExchange, Exchange, instanceClass, type LevelMaker } from '../../src/pipeline/exchange'
import { RequestContext } from '../../src/request/context'

// What esbuild and Bun write for a class with decorators and no constructor of its own: the helper
// is `__runInitializers` in esbuild's output and `__runInitializers_<suffix>` in Bun's.
let _init: unknown
function __runInitializers(_state: unknown, _kind: number, _self: object): void {}
function __runInitializers_cst8seht(_state: unknown, _kind: number, _self: object): void {}

class EsbuildLowered extends API {
  constructor() {
    super(...(arguments as unknown as []))
    __runInitializers(_init, 5, this)
  }
}
class BunLowered extends API {
  constructor() {
    super(...(arguments as unknown as []))
    __runInitializers_cst8seht(_init, 5, this)
  }
}
class WithField extends API {
  count = 1
}
class WithConstructor extends API {
  constructor() {
    super()
    Object.defineProperty(this, 'ready', { value: true })
  }
}

const made = (cls: new () => API) => instanceClass(cls as unknown as APIClass, new cls())

describe('instanceClass: a per-request instance without the constructor chain where nothing is initialised', () => {
  it('skips the constructor a decorator lowering writes, esbuild’s and Bun’s alike', () => {
    for (const cls of [EsbuildLowered, BunLowered]) {
      const Instance = made(cls)
      expect(Instance).not.toBe(cls)
      const instance = new Instance()
      expect(instance).toBeInstanceOf(cls)
      expect(Reflect.ownKeys(instance)).toStrictEqual([])
    }
  })

  it('runs a constructor that initialises something', () => {
    expect(made(WithField)).toBe(WithField)
    expect(made(WithConstructor)).toBe(WithConstructor)
  })
})

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
