/**
 * src/compile/hooks.ts: what an endpoint runs with, resolved at build from its class levels —
 * before hooks outermost first, after hooks innermost first, error hooks, plugins, the template
 * (the method's, else the nearest class's), the deadline, the doc; hook targets checked.
 */
import { describe, expect, it } from 'vitest'
import { api, response } from 'fw-api'
import { checkHooks, classTemplate, declaredHooks, hookStep, hookTemplate, resolveDeclarations, resolvedHook, targets } from '../../src/compile/hooks'
import type { CompileOptions } from '../../src/pipeline/plans'
import { defaultLimits } from '../../src/body/limits'
import { collectEndpoints, type EndpointDef } from '../../src/compile/tree'

class Envelope extends response.Response {
  static resultKey = 'data'
}

class Inner extends api.API {
  static timeout = '5s'

  @api.get
  list(): void {}

  @api.response(null)
  @api.timeout(100)
  @api.doc({ status: 201 })
  @api.post
  create(): void {}

  @api.before('list')
  innerBefore(): void {}

  @api.after('*')
  innerAfter(): void {}
}

class Outer extends api.API {
  static response = Envelope
  static inner = Inner

  @api.get
  ping(): void {}

  @api.before(Inner)
  outerBefore(): void {}

  @api.after('*')
  outerAfter(): void {}

  @api.handle('*')
  outerHandle(): void {}
}

const endpoints = collectEndpoints(Outer, '')
const endpoint = (name: string): EndpointDef => {
  const found = endpoints.find((item) => item.methodName === name)
  if (!found) throw new Error(`no endpoint ${name}`)
  return found
}

describe('resolveDeclarations', () => {
  it('runs before hooks outermost first, after hooks innermost first, with every error hook', () => {
    const resolved = resolveDeclarations(endpoint('list'))
    expect(resolved.before.map((hook) => hook.decl.methodName)).toEqual(['outerBefore', 'innerBefore'])
    expect(resolved.after.map((hook) => hook.decl.methodName)).toEqual(['innerAfter', 'outerAfter'])
    expect(resolved.errorHooks.map((hook) => hook.decl.methodName)).toEqual(['outerHandle'])
    expect(resolved.before[0]?.method).toBe(Outer.prototype.outerBefore)
  })

  it('leaves out hooks that do not target the endpoint', () => {
    const ping = resolveDeclarations(endpoint('ping'))
    expect(ping.before).toEqual([])
    expect(ping.after.map((hook) => hook.decl.methodName)).toEqual(['outerAfter'])
  })

  it('takes the nearest class template, the class deadline and the doc', () => {
    const list = resolveDeclarations(endpoint('list'))
    expect(list.template).toMatchObject({ resultKey: 'data', enveloped: true })
    expect(list.timeout).toBe(5000)
  })

  it('lets a method’s own template, deadline and doc status win', () => {
    const create = resolveDeclarations(endpoint('create'))
    expect(create.template).toMatchObject({ enveloped: false, status: 201 })
    expect(create.timeout).toBe(100)
    expect(create.doc.status).toBe(201)
  })
})

describe('declaredHooks', () => {
  it('is what an endpoint resolves: its hooks by kind, in run order', () => {
    const { before, after, errorHooks } = resolveDeclarations(endpoint('list'))
    expect(declaredHooks(endpoint('list'))).toEqual({ before, after, errorHooks })
  })

  it('without a method, the hooks that see a routing miss: `*` and those targeting a sub-API on the way', () => {
    const levels = endpoint('list').levels
    const miss = declaredHooks({ levels })
    expect(miss.errorHooks.map((hook) => hook.decl.methodName)).toEqual(['outerHandle'])
    expect(miss.before.map((hook) => hook.decl.methodName)).toEqual(['outerBefore'])
    expect(miss.after.map((hook) => hook.decl.methodName)).toEqual(['innerAfter', 'outerAfter'])
    // a hook naming a method sees no miss
    expect(declaredHooks({ levels: levels.slice(0, 1) }).before).toEqual([])
  })
})

describe('classTemplate', () => {
  it('is the nearest declared template at or above a level, else the bare one', () => {
    const levels = endpoint('list').levels
    expect(classTemplate(levels, 1).resultKey).toBe('data')
    expect(classTemplate([], -1).enveloped).toBe(false)
  })

  it('refuses a template that is no response.Response subclass', () => {
    class Bad extends api.API {
      static response = { resultKey: 'data' }
      @api.get
      ping(): void {}
    }
    const [def] = collectEndpoints(Bad, '')
    if (!def) throw new Error('no endpoint')
    expect(() => classTemplate(def.levels, 0)).toThrow('Bad.response: a response template must be a response.Response subclass or null')
  })
})

describe('targets', () => {
  it('matches `*`, the method’s own name at its level, and a sub-API below', () => {
    const list = endpoint('list')
    const outerBefore = list.levels[0]?.hooks.find((hook) => hook.methodName === 'outerBefore')
    const innerBefore = list.levels[1]?.hooks.find((hook) => hook.methodName === 'innerBefore')
    if (!outerBefore || !innerBefore) throw new Error('hooks not found')
    expect(targets(outerBefore, list, 0)).toBe(true)
    expect(targets(outerBefore, endpoint('ping'), 0)).toBe(false)
    expect(targets(innerBefore, list, 1)).toBe(true)
    expect(targets(innerBefore, endpoint('create'), 1)).toBe(false)
  })
})

describe('targets without a method (a routing miss)', () => {
  it("matches `*` and a sub-API below, never a method name", () => {
    const levels = endpoint('list').levels
    const outerBefore = levels[0]?.hooks.find((hook) => hook.methodName === 'outerBefore') // targets Inner
    const innerBefore = levels[1]?.hooks.find((hook) => hook.methodName === 'innerBefore') // targets 'list'
    const innerAfter = levels[1]?.hooks.find((hook) => hook.methodName === 'innerAfter') // targets '*'
    if (!outerBefore || !innerBefore || !innerAfter) throw new Error('hooks not found')
    expect(targets(outerBefore, { levels }, 0)).toBe(true)
    expect(targets(innerBefore, { levels }, 1)).toBe(false)
    expect(targets(innerAfter, { levels }, 1)).toBe(true)
    expect(targets(outerBefore, { levels: levels.slice(0, 1) }, 0)).toBe(false) // Inner is not below
  })
})

describe('hookTemplate', () => {
  class Own extends api.API {
    static response = Envelope

    @api.get
    list(): void {}

    @api.response(null)
    @api.handle('*')
    bare(): void {}

    @api.handle('*')
    enveloped(): void {}
  }
  it("is the hook's own @api.response, else its class's template", () => {
    const [def] = collectEndpoints(Own, '')
    if (!def) throw new Error('no endpoint')
    expect(hookTemplate(def.levels, 0, 'bare').enveloped).toBe(false)
    expect(hookTemplate(def.levels, 0, 'enveloped')).toMatchObject({ resultKey: 'data', enveloped: true })
  })
})

describe('hookStep', () => {
  it('is the hook with the renderer of its template, its own params (none by default) and its label', () => {
    const options: CompileOptions = { stringify: JSON.stringify, debug: false, limits: defaultLimits, plugins: [] }
    const def = endpoint('list')
    const [decl] = (def.levels[0]?.hooks ?? []).filter((hook) => hook.methodName === 'outerHandle')
    if (!decl) throw new Error('no hook')
    const hook = resolvedHook(def.levels, 0, decl)
    const step = hookStep(def.levels, hook, options)
    expect(step).toMatchObject({ hook, params: [], label: 'Outer.outerHandle()' })
    expect(step.renderer.template).toBe(hook.template)
    const own: never[] = []
    expect(hookStep(def.levels, hook, options, own).params).toBe(own)
  })
})

describe('checkHooks', () => {
  it('refuses a target that is no endpoint nor sub-API, naming the endpoints', () => {
    class Typo extends api.API {
      @api.get
      list(): void {}

      // @ts-expect-error the types refuse an unknown target too
      @api.before('lst')
      check(): void {}
    }
    const [def] = collectEndpoints(Typo, '')
    const level = def?.levels[0]
    if (!level) throw new Error('no level')
    expect(() => checkHooks(level)).toThrow("Typo.check(): @api.before target 'lst' is not an endpoint of Typo nor a sub-API mounted below it (endpoints: 'list'; or use '*')")
    expect(() => checkHooks(endpoint('list').levels[0] as never)).not.toThrow()
  })
})
