/** src/compile/instance.ts: the API class lineage declarations are read along, the instance made at build to find field endpoints, and what the per-request instances are made with. */
import { describe, expect, it } from 'vitest'
import { api } from 'fw-api'
import { API, type APIClass } from '../../src/api'
import { instanceClass, lineage, probe } from '../../src/compile/instance'
import { ImproperlyConfigured } from '../../src/exceptions'

class Base extends api.API {}
class Users extends Base {}

describe('lineage', () => {
  it('lists the API classes from the first one below api.API down to the class', () => {
    expect(lineage(Users)).toEqual([Base, Users])
    expect(lineage(Base)).toEqual([Base])
    expect(lineage(class Plain {})).toEqual([])
  })
})

describe('probe', () => {
  it('makes an instance of a class whose constructor needs nothing', () => {
    expect(probe(Users)).toBeInstanceOf(Users)
  })

  it('gives none for a constructor that needs a request, but lets a build mistake through', () => {
    class NeedsRequest extends api.API {
      readonly user = (this.request as unknown as { state: { user: string } }).state.user
    }
    expect(probe(NeedsRequest)).toBeUndefined()
    class Misdeclared extends api.API {
      constructor() {
        super()
        throw new ImproperlyConfigured('bad field endpoint')
      }
    }
    expect(() => probe(Misdeclared)).toThrow('bad field endpoint')
  })
})

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
