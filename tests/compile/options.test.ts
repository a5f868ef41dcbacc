/** src/compile/options.ts: how build-time messages name an endpoint; which plugins see an error. */
import { describe, expect, it } from 'vitest'
import { Plugin } from '../../src/api/plugin'
import { errorPluginsOf, label } from '../../src/compile/options'
import type { CompileOptions } from '../../src/pipeline/plans'

describe('label', () => {
  it('names the class and the method as written', () => {
    class Users {}
    expect(label(Users, 'list')).toBe('Users.list()')
    expect(label(class {}, 'x')).toBe('.x()')
  })
})

describe('errorPluginsOf', () => {
  class Named extends Plugin {
    constructor(readonly name: string, handles: boolean) {
      super()
      if (handles) this.handleError = () => undefined
    }
  }
  it('the plugins with handleError, innermost first: the class plugins (last declared first), then the service plugins (last first)', () => {
    const outer = new Named('outer', true)
    const inner = new Named('inner', true)
    const silent = new Named('silent', false)
    const first = new Named('first', true)
    const second = new Named('second', true)
    const options = { plugins: [first, silent, second] } as unknown as CompileOptions
    const names = errorPluginsOf([outer, silent, inner], options).map((plugin) => (plugin as Named).name)
    expect(names).toEqual(['inner', 'outer', 'second', 'first'])
    expect(errorPluginsOf([], { plugins: [] } as unknown as CompileOptions)).toEqual([])
  })
})
