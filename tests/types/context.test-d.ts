/**
 * Typed request context: `this.request.env`, `ctx` and
 * `state` are typed from one declaration per API class, `api.API<{ env, ctx, state }>`.
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api } from 'fw-api'

interface Env {
  GREETING: string
  COUNTER: { get(key: string): Promise<string | null> }
}
interface Exec {
  waitUntil(promise: Promise<unknown>): void
}
interface AppContext {
  env: Env
  ctx: Exec
  state: { user?: string }
}

describe('api.API<{ env, ctx, state }>', () => {
  it('types env, ctx and state in endpoints, hooks and subclasses', () => {
    class RootAPI extends api.API<AppContext> {
      @api.before('greeting')
      login() {
        expectTypeOf(this.request.state.user).toEqualTypeOf<string | undefined>()
        this.request.state.user = 'ann'
      }

      @api.get
      greeting() {
        expectTypeOf(this.request.env).toEqualTypeOf<Env>()
        expectTypeOf(this.request.ctx).toEqualTypeOf<Exec>()
        this.request.ctx.waitUntil(this.request.env.COUNTER.get('hits'))
        return `${this.request.env.GREETING} ${this.request.state.user ?? ''}`
      }
    }
    class Child extends RootAPI {
      @api.get({ n: v.number() })
      twice({ n }: { n: number }) {
        expectTypeOf(this.request.env.GREETING).toEqualTypeOf<string>()
        return n * 2
      }
    }
    // typed classes are API classes like any other
    expectTypeOf(RootAPI).toExtend<api.APIClass>()
    expectTypeOf(new Fw(import.meta.url, { api: Child }).fetch).toBeFunction()
    expectTypeOf<Child['request']['env']>().toEqualTypeOf<Env>()
  })

  it('undeclared members keep their defaults; state keeps accepting other keys', () => {
    class Plain extends api.API {
      @api.get
      read() {
        expectTypeOf(this.request.env).toBeUnknown()
        expectTypeOf(this.request.ctx).toBeUnknown()
        expectTypeOf(this.request.state).toEqualTypeOf<Record<string, unknown>>()
        return null
      }
    }
    class OnlyState extends api.API<{ state: { user?: string } }> {
      @api.get
      read() {
        expectTypeOf(this.request.env).toBeUnknown()
        expectTypeOf(this.request.state.other).toBeUnknown()
        return this.request.state.user
      }
    }
    expectTypeOf<Plain>().toExtend<api.API>()
    expectTypeOf<OnlyState>().toExtend<api.API>()
  })

  it('what must not compile', () => {
    class Typed extends api.API<AppContext> {
      @api.get
      wrong() {
        // @ts-expect-error a binding the declaration does not have
        void this.request.env.MISSING
        // @ts-expect-error state.user is a string
        this.request.state.user = 3
        // @ts-expect-error GREETING is a string, not a number
        const n: number = this.request.env.GREETING
        return n
      }
    }
    expectTypeOf<Typed>().toExtend<api.API>()
    // @ts-expect-error the declaration's state must be an object type
    class Bad extends api.API<{ state: string }> {}
    void Bad
  })
})
