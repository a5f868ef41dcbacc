import {
  isDecoratorContext,
  metaOfMethodCall,
  ownStatic,
  type ClassMeta,
  type EndpointDecl,
} from '../meta'
import { misplace, placementOf, type Placement } from '../meta/placement'
import { declaredBy, fieldEndpoint } from './field'
import type { EndpointDecoratorFactory } from './endpoint-input'
import { isFunction, isObject } from '../utils/is'

/**
 * HTTP methods an endpoint decorator or method name can declare.
 *
 * @example
 * api.HTTP_METHODS.includes('get') // true
 */
export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
/**
 * One of `HTTP_METHODS`.
 *
 * @example
 * const method: api.HttpMethodName = 'post'
 */
export type HttpMethodName = (typeof HTTP_METHODS)[number]

const ROUTE = Symbol.for('fw.route')

/**
 * The `@api.route(path)` of a class, if it declared one itself.
 *
 * @example
 * api.routeOf(ArticleAPI) // '/article' after @api.route('/article')
 */
export function routeOf(cls: Function): string | undefined {
  return ownStatic(cls, ROUTE) as string | undefined
}

/**
 * Set the path prefix of an API class. It may contain path params, which are
 * common params of every endpoint in the class.
 *
 * @example
 * @api.route('/article')
 * class ArticleAPI extends api.API {}
 */
export function route(path: string): ClassDecorator<'@api.route'> {
  return classDecorator(
    `@api.route('${path}')`,
    `it sets an API class's path prefix: put it on the class, or give the endpoint its path with @api.get('${path}')`,
    ROUTE,
    () => path,
  )
}

/**
 * A method decorator accepting any method, under either decorator standard.
 *
 * @example
 * @api.timeout(5_000) // a MethodDecorator, under either decorator standard
 */
export interface MethodDecorator {
  <This, A extends unknown[], R>(
    value: (this: This, ...args: A) => R,
    context: ClassMethodDecoratorContext<This, (this: This, ...args: A) => R>,
  ): void
  (target: object, key: string | symbol, descriptor?: PropertyDescriptor): void
}

/**
 * A class decorator (`@api.route`, `@api.plugin`). On a class member,
 * TypeScript reports the branded return type `ClassDecoratorExpected<Name>`
 * instead of an unresolvable signature; the build refuses it too.
 *
 * @example
 * const decorate: api.ClassDecorator<'@api.route'> = api.route('/article')
 */
export interface ClassDecorator<Name extends string> {
  <C extends Function>(cls: C, context?: ClassDecoratorContext): void
  (value: unknown, context: ClassMemberDecoratorContext): ClassDecoratorExpected<Name>
  (
    target: object,
    key: string | symbol,
    descriptor?: PropertyDescriptor,
  ): ClassDecoratorExpected<Name>
}

/**
 * The branded type TypeScript shows when a class decorator is put on a
 * member: "Decorator function return type 'ClassDecoratorExpected<"@api.route">'
 * is not assignable to …".
 *
 * @example
 * type Shown = api.ClassDecoratorExpected<'@api.route'>
 */
export interface ClassDecoratorExpected<Name extends string> {
  readonly '~fw': 'this decorator goes on an API class, not on a member'
  readonly decorator: Name
}

/**
 * @internal A class decorator (`decorator` names it in messages): on a class, `value(cls)` is
 * recorded on it under `key` (hidden, replaceable); on a member, it is recorded as misplaced with
 * `fix` (the build throws, naming class and member).
 */
export function classDecorator<Name extends string>(
  decorator: string,
  fix: string,
  key: symbol,
  value: (cls: Function) => unknown,
): ClassDecorator<Name> {
  const decorate = (...args: unknown[]): void => {
    const placement = placementOf(args)
    if (placement && placement.on !== 'class') {
      const what = placement.on === 'method' ? 'a method' : placement.what
      return misplace(args, placement.member, `${decorator} is on ${what}; ${fix}`)
    }
    const cls = args[0] as Function
    Object.defineProperty(cls, key, { value: value(cls), configurable: true })
  }
  return decorate as ClassDecorator<Name>
}

/**
 * @internal A method-only decorator (`decorator` names it in messages): on an instance method,
 * `apply` records it in the class's meta; put elsewhere, it is recorded as misplaced with what
 * `fix` says (the build names class and member) and nothing else.
 */
export function memberDecorator(
  decorator: string,
  apply: (meta: ClassMeta, name: string) => unknown,
  fix: (placement: Exclude<Placement, { on: 'method' }>) => string = () =>
    'it goes on an instance method of an API class',
): MethodDecorator {
  const decorate = (...args: unknown[]): void => {
    const placement = placementOf(args)
    if (placement && placement.on !== 'method') {
      const [member, where] =
        placement.on === 'class' ? ['', 'the class'] : [placement.member, placement.what]
      return misplace(args, member, `${decorator} is on ${where}; ${fix(placement)}`)
    }
    const { meta, name } = metaOfMethodCall(args)
    apply(meta, name)
  }
  return decorate as MethodDecorator
}

/** What to do with an endpoint decorator found elsewhere than on an instance method. */
function endpointFix(placement: Exclude<Placement, { on: 'method' }>): string {
  if (placement.on === 'class')
    return "it declares an endpoint: put it on an instance method, and @api.route('path') on the class"
  return placement.what.startsWith('a static')
    ? 'remove `static`: endpoints are instance methods (one instance per request)'
    : `write it as a method: \`${placement.member}(input) { … }\``
}

/** The decorator of one endpoint declaration (`@api.get(path, params)`): records it on the method. */
function endpointDecorator(method: string, decl: Omit<EndpointDecl, 'method'>): MethodDecorator {
  return memberDecorator(
    `@api.${method.toLowerCase()}`,
    (meta, name) => {
      const list = meta.endpoints.get(name) ?? []
      list.push({ method, ...decl })
      meta.endpoints.set(name, list)
    },
    endpointFix,
  )
}

/**
 * `api.get(params?, handler, options?)`: the handler comes last, or before its
 * options (`{ doc }`). A decorator call never ends with a function (a context,
 * key or descriptor does), except a legacy class decorator `(cls)`; a lone
 * handler is an arrow function (no `prototype`). Before a last object, a
 * function is a handler unless that object is a decorator context
 * (`(method, context)`); a legacy call has its key there.
 */
function isFieldForm(args: readonly unknown[]): boolean {
  const last = args[args.length - 1]
  if (!isFunction(last)) {
    const options = last === undefined || (isObject(last) && !isDecoratorContext(last))
    return args.length > 1 && isFunction(args[args.length - 2]) && options
  }
  return args.length > 1 ? !isDecoratorContext(args[1]) : !Object.hasOwn(last, 'prototype')
}

function endpoint(method: string): EndpointDecoratorFactory {
  const factory = (...args: unknown[]): unknown => {
    if (isFieldForm(args)) return fieldEndpoint(method, args) // `add = api.get(params, handler, { doc })`
    if (placementOf(args)) {
      ;(endpointDecorator(method, {}) as (...target: unknown[]) => void)(...args) // bare `@api.get`
      return undefined
    }
    return endpointDecorator(method, declaredBy(args))
  }
  return factory as EndpointDecoratorFactory
}

/**
 * `GET` endpoint. Forms: `@api.get`, `@api.get(path)`, `@api.get(path, params)`, `@api.get(params)`.
 *
 * @example
 * @api.get('{slug}', { slug: request.SlugPathParam })
 * getArticle({ slug }: { slug: string }) { return slug }
 */
export const get: EndpointDecoratorFactory = /* @__PURE__ */ endpoint('GET')
/** `POST` endpoint (same forms as `api.get`). @example @api.post({ data: request.Body(Schema) }) */
export const post: EndpointDecoratorFactory = /* @__PURE__ */ endpoint('POST')
/** `PUT` endpoint (same forms as `api.get`). @example @api.put('{id}', { id: v.number() }) */
export const put: EndpointDecoratorFactory = /* @__PURE__ */ endpoint('PUT')
/** `PATCH` endpoint (same forms as `api.get`). @example @api.patch('{id}') */
export const patch: EndpointDecoratorFactory = /* @__PURE__ */ endpoint('PATCH')
/** `DELETE` endpoint (same forms as `api.get`). @example @api.delete('{id}') */
const deleteEndpoint: EndpointDecoratorFactory = /* @__PURE__ */ endpoint('DELETE')
export { deleteEndpoint as delete }
/**
 * Alias of `api.delete`: esbuild (tsx, vitest, wrangler) cannot parse `@api.delete`,
 * a reserved word after a dot in a decorator; write `@api.del(...)` or `@(api.delete(...))` there.
 *
 * @example @api.del('{id}')
 */
export const del: EndpointDecoratorFactory = deleteEndpoint
