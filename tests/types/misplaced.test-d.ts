/**
 * What an endpoint or class decorator resolves to where it does not fit: a
 * branded type naming what is expected, which TypeScript shows in its error
 * (the messages themselves: tests/api/misplaced.test.ts).
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { api } from 'fw-api'

type MethodContext<F, Static extends boolean> = (F extends (...args: infer A) => infer R ? ClassMethodDecoratorContext<unknown, (this: unknown, ...args: A) => R> : never) & {
  name: 'm'
  private: false
  static: Static
}

describe('endpoint decorators', () => {
  const decorate = api.get({ id: v.number() })

  it('an instance method accepting the input: void', () => {
    const method = (input: { id: number }) => input.id
    expectTypeOf(decorate(method, {} as MethodContext<typeof method, false>)).toEqualTypeOf<void>()
  })

  it('a method whose parameter does not accept the input: the branded type naming the input', () => {
    const method = (input: { id: string }) => input.id
    expectTypeOf(decorate(method, {} as MethodContext<typeof method, false>)).toEqualTypeOf<api.EndpointMethodExpected<{ readonly id: number }>>()
  })

  it('a static method, even a fitting one: the branded type', () => {
    const method = (input: { id: number }) => input.id
    expectTypeOf(decorate(method, {} as MethodContext<typeof method, true>)).toEqualTypeOf<api.EndpointMethodExpected<{ readonly id: number }>>()
  })

  it('bare on a field: the branded type with no input', () => {
    const field = {} as ClassFieldDecoratorContext<unknown, number> & { name: 'f'; private: false; static: false }
    expectTypeOf(api.get(undefined, field)).toEqualTypeOf<api.EndpointMethodExpected<{}>>()
  })

  it('legacy (experimentalDecorators) calls: a prototype is fine, a class (static member) is not', () => {
    class Target {}
    const descriptor = { value: (input: { id: number }) => input.id }
    expectTypeOf(decorate(Target.prototype, 'm', descriptor)).toEqualTypeOf<void>()
    expectTypeOf(decorate(Target, 'm', descriptor)).toEqualTypeOf<api.EndpointMethodExpected<{ readonly id: number }>>()
  })
})

describe('class decorators on a member', () => {
  it('@api.route on a method: ClassDecoratorExpected<"@api.route">', () => {
    const method = () => 1
    expectTypeOf(api.route('x')(method, {} as MethodContext<typeof method, false>)).toEqualTypeOf<api.ClassDecoratorExpected<'@api.route'>>()
  })

  it('on a class: void', () => {
    class Target extends api.API {}
    expectTypeOf(api.route('x')(Target, {} as ClassDecoratorContext<typeof Target>)).toEqualTypeOf<void>()
  })
})
