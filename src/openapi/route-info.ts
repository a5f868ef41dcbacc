/**
 * What the OpenAPI document knows about each route (read by routes.ts from
 * the compiled route table): its wire params, body, response envelope,
 * declared errors, docs and security. Plain data: the document (document.ts,
 * parameters.ts, request-body.ts, responses.ts) is built from these alone.
 */
import type { OperationDoc } from '../api/doc'
import type { PluginAnswer } from '../api/plugin'
import type { SecurityDoc } from '../request/markers'
import type { AnySchema, StandardSchemaV1 } from '../schema'

/** One non-body param on the wire. */
export interface RouteParam {
  in: 'path' | 'query' | 'header' | 'cookie'
  /** the wire name (query key, header name, cookie name, template name) */
  name: string
  /** the key of the method's input object (or the common param's field) */
  key: string
  /** set when the param is one entry of an object param (`request.Query/Headers/Cookies`): the entry's key */
  field?: string
  /** `input`: a method param; `instance`: a common param of the class */
  target: 'input' | 'instance'
  schema?: AnySchema
  required: boolean
  hasDefault: boolean
  default?: unknown
  /** path: whole-value regex */
  regex?: string
  /** path: `rest` for `FilePathParam` (matches `/`) */
  match?: 'segment' | 'rest'
}

/** One field of a body made of `request.BodyParam`s. */
export interface BodyField {
  key: string
  wire: string
  schema?: AnySchema
  required: boolean
  hasDefault: boolean
  default?: unknown
}

/** The body a route reads. */
export interface RouteBody {
  /** `whole`: one `request.Body/Json/Form` param; `fields`: `request.BodyParam`s */
  shape: 'whole' | 'fields'
  /** what wire forms the core accepts: structured (any/json/form), whole text, whole binary */
  accept: 'any' | 'json' | 'form' | 'text' | 'binary'
  /** whole body: the input key and its schema */
  key?: string
  target?: 'input' | 'instance'
  schema?: AnySchema
  fields?: BodyField[]
  contentType?: string
  maxLength?: number
  required: boolean
}

/** The envelope keys of the route's response template. */
export interface RouteEnvelope {
  resultKey?: string
  messageKey?: string
  errorsKey?: string
  stateKey?: string
  countKey?: string
}

/** Everything the document says about one route. */
export interface RouteInfo {
  method: string
  /** full template from the service root, `{name}` params */
  template: string
  /** names of the path params that may be absent at the end of the URL */
  optionalTail: string[]
  className: string
  /** the class's route from the service root, e.g. `/api/article` */
  classPath: string
  /** the static field names leading to the class from its root API (`['article']`) */
  tree: string[]
  methodName: string
  params: RouteParam[]
  body?: RouteBody
  envelope?: RouteEnvelope
  /** the envelope of the class's own template: a 405 on the route's path renders with it (the endpoint's `@api.response` is not the path's) */
  classEnvelope?: RouteEnvelope
  /** `static result` of the response template, when declared */
  result?: StandardSchemaV1
  /** `static status` of the response template, or the endpoint's `@api.doc({ status })` (default 200) */
  status: number
  /** `@api.doc(...)` / `@api.hidden` of the endpoint and its classes */
  doc: OperationDoc
  /** errors declared with `@api.doc({ errors })` on the endpoint or on a before hook that targets it */
  errors: DeclaredError[]
  /** the class's `@api.doc({ description })`: the description of the class's own tags (`tags` on the class, else its name) */
  classTag?: { names: readonly string[]; description: string }
  /** the authentication it accepts (fw-api/auth user params, their before hooks', `auth.Require` on its classes) */
  security: SecurityDoc[]
  /** error statuses its `@api.handle` hooks declare they answer (nearest hook first, one per status) */
  handled: HandledStatus[]
  /** what the plugins around it answer (the service's, then its classes', for its method) */
  answers: PluginAnswer[]
  /** error statuses only the service's plugins answer: rendered by the service root (they run before routing) */
  rootStatuses?: ReadonlySet<number>
  /** the envelope of the service root's template (its root API class's `static response`) */
  rootEnvelope?: RouteEnvelope
  /** per hook with declared answers: the statuses it catches (`undefined`: every error), whether it sees routing errors (405), what it lists */
  takenOver: {
    statuses: ReadonlySet<number> | undefined
    misses: boolean
    listed: readonly number[]
  }[]
}

/** An error status an `@api.handle` hook answers (`{ status, result, contentType }`), rendered with the hook's template. */
export interface HandledStatus {
  status: number
  /** the hook, e.g. `ConduitAPI.onError` */
  hook: string
  /** the schema of what the hook returns */
  result?: AnySchema | StandardSchemaV1
  /** what it sends: `application/json` for a rendered result */
  contentType: string
  /** the envelope of the hook's template (its `@api.response`, else its class's); none when the hook sends its own `Response` (`contentType` given) */
  envelope?: RouteEnvelope
}

/** One declared error: its status, class name, and who declared it. */
export interface DeclaredError {
  status: number
  name: string
  /** `ArticleAPI.loadArticle()` for a before hook; absent for the endpoint itself */
  hook?: string
  /** what else raises it (an installed item, e.g. the database) */
  by?: string
}

/**
 * The envelope an error `status` of `route` is sent in: the service root's for a status only the
 * service's plugins answer (a service `rateLimit()`'s 429: its plugins run before routing, so the
 * root renders it), else the route's own.
 *
 * @example
 * errorEnvelope(route, 429) // the root's envelope (none: problem+json) under a service rateLimit()
 */
export function errorEnvelope(route: RouteInfo, status: number): RouteEnvelope | undefined {
  return route.rootStatuses?.has(status) ? route.rootEnvelope : route.envelope
}
