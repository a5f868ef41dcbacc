/**
 * src/api/hooks.ts: what `@api.before/after/handle`, `@api.response`, `@api.timeout` and
 * `@api.plugin` record on a class, their targets and options checked when the decorator is made,
 * misplaced ones recorded with their fix. What they do per request: tests/hooks/*.test.ts.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, response as responses } from 'fw-api'
import { after, before, endpointHook, handle, plugin, pluginsOf, response, timeout } from '../../src/api/hooks'
import { Plugin } from '../../src/api/plugin'
import { BadRequest, ImproperlyConfigured, NotFound } from '../../src/exceptions'
import { ownMeta } from '../../src/meta/class-meta'

const metaOf = (cls: Function) => {
  const [meta] = ownMeta(cls)
  if (!meta) throw new Error(`${cls.name} has no meta`)
  return meta
}
class Users extends api.API {}
class Envelope extends responses.Response {
  static resultKey = 'data'
}

describe('before / after / handle', () => {
  const Params = { token: v.string() }
  class Hooked {
    @before('list', Users, Params)
    check(): void {}

    @after('*')
    stamp(): void {}

    @handle('list', NotFound, BadRequest, { status: [404, 400] })
    caught(): void {}

    list(): void {}
  }

  it('records each hook with its targets, params, errors and documented answers', () => {
    expect(metaOf(Hooked).hooks).toEqual([
      { kind: 'before', methodName: 'check', targets: ['list', Users], params: Params },
      { kind: 'after', methodName: 'stamp', targets: ['*'] },
      { kind: 'handle', methodName: 'caught', targets: ['list'], errors: [NotFound, BadRequest], answers: { status: [404, 400] } },
    ])
  })

  it('refuses a hook without targets, used bare, or with a target that is no name or API class', () => {
    expect(() => before()).toThrow("@api.before needs at least one target (a method name, an API class or '*')")
    expect(() => after(class NotAnAPI {} as never)).toThrow(/@api\.after: a target must be a method name, an API class or '\*' \(got class NotAnAPI/)
    expect(() => (handle as (...args: unknown[]) => unknown)(() => {}, { kind: 'method', name: 'x' })).toThrow("@api.handle needs its targets, e.g. @api.handle('*', exceptions.NotFound)")
    expect(() => handle('*', { status: 200 })).toThrow(ImproperlyConfigured)
  })

  it('records a hook put on a field or the class as misplaced', () => {
    // @ts-expect-error the types refuse it too (tests/types/misplaced.test-d.ts)
    @after('*')
    class Misplaced {
      // @ts-expect-error the types refuse it too
      @before('*')
      field = 1
    }
    expect(metaOf(Misplaced).hooks).toEqual([])
    expect(metaOf(Misplaced).misplaced.map((entry) => entry.message).sort()).toEqual([
      '@api.after is on the class; it goes on an instance method of an API class',
      '@api.before is on a field; it goes on an instance method of an API class',
    ])
  })
})

describe('endpointHook', () => {
  it('records a before hook that runs a library’s function on its one method', () => {
    const run = function limit(): void {}
    const limited = endpointHook('rateLimit(x)', run, [BadRequest])
    class One {
      @limited
      list(): void {}
    }
    expect(metaOf(One).hooks).toEqual([{ kind: 'before', methodName: 'rateLimit(x)', targets: ['list'], run, raises: [BadRequest] }])
  })
})

describe('response / timeout', () => {
  class Answers {
    @response(Envelope)
    @timeout('2s')
    slow(): void {}

    @response(null)
    @timeout(false)
    bare(): void {}
  }

  it('records the template and the deadline per method', () => {
    expect(metaOf(Answers).templates.get('slow')).toBe(Envelope)
    expect(metaOf(Answers).templates.get('bare')).toBeNull()
    expect(metaOf(Answers).timeouts.get('slow')).toBe(2000)
    expect(metaOf(Answers).timeouts.get('bare')).toBe(false)
  })

  it('refuses a deadline that is no duration, and one left out', () => {
    expect(() => timeout('soon')).toThrow(ImproperlyConfigured)
    expect(() => (timeout as (deadline?: unknown) => unknown)()).toThrow(ImproperlyConfigured)
    expect(() => timeout(0)).toThrow(ImproperlyConfigured)
  })
})

describe('plugin / pluginsOf', () => {
  class Stamp extends Plugin {}
  const first = new Stamp()
  const second = new Stamp()

  it('attaches plugins to a class in the order written, its own only', () => {
    @plugin(first)
    @plugin(second)
    class Guarded {}
    class Child extends Guarded {}
    expect(pluginsOf(Guarded)).toEqual([first, second])
    expect(pluginsOf(Child)).toEqual([])
  })

  it('refuses what is no plugin instance, and records one on a method as misplaced', () => {
    expect(() => plugin(Stamp as never)).toThrow('@api.plugin() takes an instance of an api.Plugin subclass')
    class OnMethod {
      // @ts-expect-error the types refuse it too (tests/types/misplaced.test-d.ts)
      @plugin(first)
      list(): void {}
    }
    expect(metaOf(OnMethod).misplaced[0]?.message).toMatch(/^@api\.plugin\(Stamp\) is on a method; it attaches a plugin to an API class/)
  })
})
