/**
 * The field form of an endpoint (docs/api.md, "Endpoints declared once"): the handler's input type
 * comes from the one `params` declaration, with nothing written twice —
 *
 *   class CalcAPI extends api.API {
 *     add = api.get({ a: int, b: int }, ({ a, b }) => a + b)   // a, b: number
 *   }
 *
 * TC39 decorators cannot type a method's parameter from the decorator's
 * arguments; a field's initializer can. The arrow function is the endpoint
 * (its `this` is the per-request instance); `api.get(...)` only brands it
 * with its declaration, which the service reads when it is built.
 */
import type { EndpointDecl } from '../meta'

const FIELD = Symbol.for('fw.fieldEndpoint')

/**
 * An endpoint declared as a field: the handler, branded with its declaration.
 *
 * @example
 * class CalcAPI extends api.API {
 *   add: api.FieldEndpoint<{ a: number; b: number }, number> = api.get({ a: int, b: int }, ({ a, b }) => a + b)
 * }
 */
export type FieldEndpoint<In, R> = ((input: In) => R) & { readonly [FIELD]: EndpointDecl }

/**
 * `api.get(params, handler)` and friends: the arguments up to the handler are
 * the decorator's (`path?`, `params?`).
 *
 * @example
 * fieldEndpoint('GET', [{ a: v.number() }, ({ a }) => a])
 */
export function fieldEndpoint(method: string, args: readonly unknown[]): unknown {
  const handler = args[args.length - 1] as (input: unknown) => unknown
  const head = args.slice(0, -1)
  const decl: EndpointDecl =
    typeof head[0] === 'string'
      ? { method, path: head[0], params: head[1] as Record<string, unknown> | undefined }
      : { method, params: head[0] as Record<string, unknown> | undefined }
  return Object.defineProperty(handler, FIELD, { value: decl })
}

/**
 * The declaration of a field endpoint, or undefined for any other value.
 *
 * @example
 * fieldDeclOf(new CalcAPI().add) // { method: 'GET', params: { a, b } }
 */
export function fieldDeclOf(value: unknown): EndpointDecl | undefined {
  return typeof value === 'function' && FIELD in value ? (value as unknown as { [FIELD]: EndpointDecl })[FIELD] : undefined
}
