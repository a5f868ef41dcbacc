import { describe, expect, it } from 'vitest'
import { API, type APIClass } from '../../src/api'
import { instanceClass } from '../../src/compile/exchange'

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
