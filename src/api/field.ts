/**
 * The field form of an endpoint (docs/api.md, "Endpoints declared once"): the handler's input type
 * comes from the one `params` declaration, with nothing written twice —
 *
 *   class CalcAPI extends api.API {
 *     add = api.get({ a: int, b: int }, ({ a, b }) => a + b)   // a, b: number
 *     drop = api.del('{id}', { id: int }, ({ id }) => remove(id), { doc: { status: 204, summary: 'Delete' } })
 *   }
 *
 * TC39 decorators cannot type a method's parameter from the decorator's
 * arguments; a field's initializer can. The arrow function is the endpoint
 * (its `this` is the per-request instance); `api.get(...)` only brands it
 * with its declaration, which the service reads when it is built.
 */
import { throwImproperlyConfigured } from '../exceptions/configured'
import type { EndpointDecl } from '../meta'
import { checkedDoc, type OperationDoc } from './doc'
import { isFunction, isObject } from '../utils/is'

const FIELD = Symbol.for('fw.fieldEndpoint')

/**
 * An endpoint declared as a field: the handler, branded with its declaration.
 * `In` is what it is called with: `api.Input<typeof params>` when inferred,
 * so the typed client reads the wire input from it.
 *
 * @example
 * class CalcAPI extends api.API {
 *   add: api.FieldEndpoint<{ a: number; b: number }, number> = api.get({ a: int, b: int }, ({ a, b }) => a + b)
 * }
 */
export type FieldEndpoint<In, R> = ((input: In) => R) & { readonly [FIELD]: EndpointDecl }

/**
 * What follows a field endpoint's handler: `doc` takes every `@api.doc`
 * option (summary, description, tags, deprecated, hidden, status, result,
 * events, errors).
 *
 * @example
 * remove = api.del('{id}', { id: int }, ({ id }) => drop(id), { doc: { status: 204, summary: 'Delete a note', tags: ['notes'] } })
 */
export interface FieldOptions {
  /** the endpoint's `@api.doc(...)` */
  doc?: OperationDoc
}

/** The one option a field endpoint takes after its handler. */
const OPTION: keyof FieldOptions = 'doc'

/** `{ doc }` after the handler, checked like `@api.doc(...)`: a wrong option is refused when the class is instantiated (at build). */
function checkedOptions(method: string, options: unknown): OperationDoc | undefined {
  if (options === undefined) return undefined
  const where = `api.${method === 'DELETE' ? 'del' : method.toLowerCase()}(…, handler, options)`
  if (!isObject(options) || Array.isArray(options))
    throwImproperlyConfigured(`${where}: options must be an object ({ doc: { … } })`)
  const unknown = Object.keys(options).filter((key) => key !== OPTION)
  if (unknown.length)
    throwImproperlyConfigured(
      `${where}: unknown option '${unknown.join("', '")}'; a field endpoint takes { doc } (hooks and templates go on other members, naming it)`,
    )
  const doc = (options as FieldOptions).doc
  return doc === undefined ? undefined : checkedDoc(doc, `${where} { doc }`)
}

/**
 * What an endpoint decorator's arguments declare: `(path, params?)` or `(params?)`.
 *
 * @example
 * declaredBy(['{id}', { id: v.number() }]) // { path: '{id}', params: { id } }
 */
export function declaredBy(args: readonly unknown[]): Omit<EndpointDecl, 'method'> {
  return typeof args[0] === 'string'
    ? { path: args[0], params: args[1] as Record<string, unknown> | undefined }
    : { params: args[0] as Record<string, unknown> | undefined }
}

/**
 * `api.get(params, handler, options?)` and friends: the arguments up to the
 * handler are the decorator's (`path?`, `params?`); `{ doc }` may follow it.
 *
 * @example
 * fieldEndpoint('GET', [{ a: v.number() }, ({ a }) => a, { doc: { summary: 'Echo' } }])
 */
export function fieldEndpoint(method: string, args: readonly unknown[]): unknown {
  const handlerAt = isFunction(args[args.length - 1]) ? args.length - 1 : args.length - 2
  const handler = args[handlerAt] as (input: unknown) => unknown
  const doc = checkedOptions(method, args[handlerAt + 1])
  const decl: EndpointDecl = { method, ...declaredBy(args.slice(0, handlerAt)) }
  if (doc) decl.doc = doc
  return Object.defineProperty(handler, FIELD, { value: decl })
}

/**
 * The declaration of a field endpoint, or undefined for any other value.
 *
 * @example
 * fieldDeclOf(new CalcAPI().add) // { method: 'GET', params: { a, b } }
 */
export function fieldDeclOf(value: unknown): EndpointDecl | undefined {
  return isFunction(value) && FIELD in value
    ? (value as unknown as { [FIELD]: EndpointDecl })[FIELD]
    : undefined
}
