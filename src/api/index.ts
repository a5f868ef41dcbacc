import type * as Doc from './doc'
import type * as C from '../request/context'
import type * as P from './plugin'
import type * as F from './field'
export { API } from '../service/as'
export {
  mount,
  isAPIClass,
  isMountEntry,
  type APIClass,
  type MountEntry,
  type AsOptions,
} from './api'
export {
  route,
  get,
  post,
  put,
  patch,
  delete,
  del,
  routeOf,
  HTTP_METHODS,
  type HttpMethodName,
  type ClassDecorator,
  type ClassDecoratorExpected,
  type MethodDecorator,
} from './decorators'
export {
  before,
  after,
  handle,
  response,
  plugin,
  timeout,
  type HookTarget,
  type ErrorClass,
} from './hooks'
export type { HandleDoc } from './handle-doc'
export { Plugin } from './plugin'
export { doc, hidden } from './doc'
// Declared here, not re-exported: api/doc.ts is a chunk of its own (fw-api/openapi reads it too),
// and the .d.ts bundler turns a type re-exported from another chunk into a value (TS2693).
/**
 * What `@api.doc(...)` returns: a decorator for a method, a field endpoint or a class (api/doc.ts).
 *
 * @example
 * const internal: api.DocDecorator = api.doc({ tags: ['internal'] })
 */
export interface DocDecorator extends Doc.DocDecorator {}
/**
 * `@api.doc(...)`'s settings: summary, description, tags, deprecated, result, errors (api/doc.ts).
 *
 * @example
 * const settings: api.OperationDoc = { summary: 'List items', tags: ['items'] }
 */
export interface OperationDoc extends Doc.OperationDoc {}
export type {
  Input,
  Params,
  OutputOf,
  TemplateParams,
  EndpointDecorator,
  EndpointDecoratorFactory,
  EndpointMethodExpected,
  Args,
  WireInput,
  WireOf,
  WireKey,
} from './endpoint-input'
// Declared here, not re-exported: the .d.ts bundler turns a type re-exported from
// another chunk into a value of the `api` namespace (TS2693 in users' builds).
/**
 * Options of `this.respond(value, init)`.
 *
 * @example
 * return this.respond(user, { status: 201, message: 'created' } satisfies api.RespondInit)
 */
export type RespondInit = C.RespondInit
/**
 * `this.respond`: renders a value with the endpoint's template.
 *
 * @example
 * const respond: api.Responder = (value, init) => this.respond(value, init)
 */
export type Responder = C.Responder
/**
 * What `this.respond(value)` returns: a `Response` that keeps `value`'s type for the typed client.
 *
 * @example
 * create(): api.Responded<{ id: number }> { return this.respond({ id: 1 }, { status: 201 }) }
 */
export type Responded<T> = C.Responded<T>
/**
 * What a plugin step returns: nothing (go on) or a `Response` (answer with it).
 *
 * @example
 * processRequest(request: Request): api.PluginResult { if (!request.headers.has('x-key')) return new Response(null, { status: 401 }) }
 */
export type PluginResult = P.PluginResult
/**
 * A status a plugin answers, listed in the OpenAPI operations of the routes it runs on.
 *
 * @example
 * readonly answers: api.PluginAnswer[] = [{ status: 429, description: 'Too Many Requests', error: exceptions.TooManyRequests, by: 'quota' }]
 */
export type PluginAnswer = P.PluginAnswer
/**
 * The types of `this.request.env`, `ctx` and `state`, declared once per API
 * class (like Hono's `new Hono<{ Bindings; Variables }>()`); subclasses and
 * hooks of the class see the same types.
 *
 * @example
 * class RootAPI extends api.API<{ env: { GREETING: string }; state: { user?: string } }> {
 *   @api.get greeting() { return this.request.env.GREETING }   // string
 * }
 */
export type ContextTypes = C.ContextTypes
/**
 * An endpoint declared as a field, its input typed from its one declaration:
 * `add = api.get({ a: int, b: int }, ({ a, b }) => a + b)`.
 *
 * @example
 * const add: api.FieldEndpoint<{ a: number }, number> = api.get({ a: v.number() }, ({ a }) => a)
 */
export type FieldEndpoint<In, R> = F.FieldEndpoint<In, R>
/**
 * What follows a field endpoint's handler: `{ doc }`, every `@api.doc` option.
 *
 * @example
 * remove = api.del('{id}', { id: int }, ({ id }) => drop(id), { doc: { status: 204, summary: 'Delete' } } satisfies api.FieldOptions)
 */
export type FieldOptions = F.FieldOptions
