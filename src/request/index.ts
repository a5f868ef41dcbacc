import type { SchemaInput, SchemaOutput, StandardSchemaV1 } from '../schema/adapter'
import type * as B from '../body/markers'
import { unsafeFilePath } from '../file/path'
import { restMatcher } from '../router'
import {
  cookiePlan,
  cookiesPlan,
  headerPlan,
  headersPlan,
  queryObjectPlan,
  registerPlanner,
  type MarkerPlannedKind,
  type SourcePlan,
} from '../compile/param-plan'
import { configure, createMarker, notASchema, specSchema } from './markers'
import type * as M from './markers'

/**
 * A marker of a kind whose planning it brings (compile/param-plan.ts `registerPlanner`): made,
 * it registers it, so a service that declares no such param bundles none of it (SPEC §5.2).
 */
function plannedMarker<TOut, TOptions, TIn = TOut>(
  planner: SourcePlan,
  spec: M.MarkerSpec & { kind: MarkerPlannedKind },
): M.ConfigurableMarker<TOut, TOptions, TIn> {
  registerPlanner(spec.kind, planner)
  return createMarker<TOut, TOptions, TIn>(spec)
}

export { RequestContext } from './context'
// Declared here, not re-exported: the .d.ts bundler turns a type re-exported from
// another chunk into a value of the `request` namespace (TS2693 in users' builds).
/**
 * A param marker usable bare (`request.QueryParam`) or called with a schema and options.
 *
 * @example
 * const marker: request.ConfigurableMarker<string, request.ParamOptions> = request.QueryParam
 */
export type ConfigurableMarker<TOut, TOptions, TIn = TOut> = M.ConfigurableMarker<
  TOut,
  TOptions,
  TIn
>
/**
 * A param marker whose value is a `TOut`.
 *
 * @example
 * const id: request.Marker<number> = request.PathParam(v.number())
 */
export type Marker<TOut = unknown, TIn = TOut> = M.Marker<TOut, TIn>
/**
 * The wire type of a param the server resolves and no client sends (an auth user): a marker
 * `request.Marker<Row, request.ServerResolved>` is left out of the typed client's input.
 *
 * @example
 * const user: request.Marker<{ id: number }, request.ServerResolved> = jwtUser
 */
export type ServerResolved = M.ServerResolved
/**
 * What a marker records about its param (kind, schema, options).
 *
 * @example
 * // what `request.QueryParam(v.string(), { alias: 'q' })` records: { kind: 'query', alias: 'q', … }
 */
export type MarkerSpec = M.MarkerSpec
/**
 * Where a param is read: path, query, header, cookie or body.
 *
 * @example
 * const kind: request.ParamKind = 'header'
 */
export type ParamKind = M.ParamKind
/**
 * Options of a single param: wire `alias`, `default`, `required`.
 *
 * @example
 * request.QueryParam(v.number(), { alias: '@page', default: 1 } satisfies request.ParamOptions)
 */
export type ParamOptions<TDefault = unknown> = M.ParamOptions<TDefault>
/**
 * Options of a path param: a `regex` its whole value must match.
 *
 * @example
 * request.PathParam({ regex: '[a-z]{1,9}' } satisfies request.PathOptions)
 */
export type PathOptions = M.PathOptions
/**
 * Options of `request.FilePathParam`: `absolute: true` serves absolute paths
 * on purpose (`..` segments and NUL stay refused).
 *
 * @example
 * request.FilePathParam({ absolute: true } satisfies request.FilePathOptions)
 */
export type FilePathOptions = M.FilePathOptions
/**
 * Options of a body param: those of any param plus `contentType` and `maxBytes` (alias `maxLength`).
 *
 * @example
 * request.BodyParam(v.string(), { contentType: 'text/html', maxBytes: 100 } satisfies request.BodyOptions)
 */
export type BodyOptions<TDefault = unknown> = M.BodyOptions<TDefault>
/**
 * Options of `request.Body`: what it enforces.
 *
 * @example
 * request.Body(v.string(), { contentType: 'text/html', maxBytes: 100 })
 */
export type WholeBodyOptions = B.WholeBodyOptions
/**
 * Options of `request.Json` / `request.Form` (their content types are fixed).
 *
 * @example
 * request.Json(Article, { maxBytes: 64 * 1024 })
 */
export type SizedBodyOptions = B.SizedBodyOptions

export { Body, BodyParam, Form, Json } from '../body/markers'

const slugRegex = '[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*'

/**
 * One path param (`[^/]+`); `{ regex }` checks the whole value after matching.
 *
 * @example
 * @api.get('item/{code}', { code: request.PathParam({ regex: '[a-z]{1,9}' }) })
 */
export const PathParam: ConfigurableMarker<string, PathOptions & ParamOptions> =
  /* @__PURE__ */ createMarker({
    kind: 'path',
    match: 'segment',
    hasDefault: false,
  })

/**
 * A path param matching the rest of the path, slashes included (`.*`). A
 * value with a `..` segment, a NUL or an absolute path (`/x`, `\\x`, `C:`) is
 * refused (400); `{ absolute: true }` serves absolute paths on purpose.
 *
 * @example
 * @api.get('file/{path}', { path: request.FilePathParam })  // GET /file/a/b.md → 'a/b.md'
 * @api.get('abs/{path}', { path: request.FilePathParam({ absolute: true }) })  // GET /abs//srv/a.md → '/srv/a.md'
 */
export const FilePathParam: ConfigurableMarker<string, FilePathOptions & ParamOptions> =
  /* @__PURE__ */ createMarker({
    kind: 'path',
    match: 'rest',
    hasDefault: false,
    restPaths: { matcher: restMatcher, unsafe: unsafeFilePath },
  })

/**
 * A path param that must be a slug (`[a-z0-9]+(?:-[a-z0-9]+)*`, either case).
 *
 * @example
 * @api.get('{slug}', { slug: request.SlugPathParam })
 */
export const SlugPathParam: ConfigurableMarker<string, ParamOptions> = /* @__PURE__ */ createMarker(
  {
    kind: 'path',
    match: 'segment',
    regex: slugRegex,
    hasDefault: false,
  },
)

/**
 * One query param (the default kind), with options.
 *
 * @example
 * @api.get({ q: request.QueryParam(v.string(), { alias: 'search', default: '' }) })
 */
export const QueryParam: ConfigurableMarker<string, ParamOptions> = /* @__PURE__ */ createMarker({
  kind: 'query',
  hasDefault: false,
})

/**
 * One request header. Without an alias the name is the key in kebab-case
 * (`xTestHeader` → `x-test-header`); names are case-insensitive.
 *
 * @example
 * @request.HeaderParam({ alias: 'X-Auth-Token' }) authToken!: string
 */
export const HeaderParam: ConfigurableMarker<string, ParamOptions> = /* @__PURE__ */ plannedMarker(
  headerPlan,
  { kind: 'header', hasDefault: false },
)

/**
 * One cookie from the `Cookie` header.
 *
 * @example
 * @request.CookieParam({ default: null }) csrftoken!: string | null
 */
export const CookieParam: ConfigurableMarker<string, ParamOptions> = /* @__PURE__ */ plannedMarker(
  cookiePlan,
  { kind: 'cookie', hasDefault: false },
)

type WholeObjectMarker<S extends StandardSchemaV1> = ConfigurableMarker<
  SchemaOutput<S>,
  ParamOptions,
  SchemaInput<S>
>

/**
 * The whole query string as one object.
 *
 * @example
 * @api.get({ query: request.Query(v.object({ page: v.optional(v.number(), 1) })) })
 */
export function Query<S extends StandardSchemaV1>(schema: S): WholeObjectMarker<S> {
  return plannedMarker(queryObjectPlan, {
    kind: 'query-object',
    schema: specSchema(schema),
    hasDefault: false,
    invalid: notASchema(schema, 'request.Query'),
  })
}

/**
 * All declared headers as one object (keys from `Field` aliases or kebab-case).
 *
 * @example
 * request.Headers(v.object({ meta: Field(v.record(v.string(), v.unknown()), { alias: 'X-Meta-Data' }) }))
 */
export function Headers<S extends StandardSchemaV1>(schema: S): WholeObjectMarker<S> {
  return plannedMarker(headersPlan, {
    kind: 'header-object',
    schema: specSchema(schema),
    hasDefault: false,
    invalid: notASchema(schema, 'request.Headers'),
  })
}

/**
 * All declared cookies as one object.
 *
 * @example
 * request.Cookies(v.object({ sessionid: v.string() }))
 */
export function Cookies<S extends StandardSchemaV1>(schema: S): WholeObjectMarker<S> {
  return plannedMarker(cookiesPlan, {
    kind: 'cookie-object',
    schema: specSchema(schema),
    hasDefault: false,
    invalid: notASchema(schema, 'request.Cookies'),
  })
}

/**
 * Rules and a wire name for a param of the default kind (path when the
 * template names it, else query) — UtilMeta's `utype.Param`.
 *
 * @example
 * @api.get({ clsName: Param(v.string(), { alias: 'class' }) })  // GET /alias?class=tech
 */
export function Param<S extends StandardSchemaV1, const O extends ParamOptions = never>(
  schema: S,
  options?: O,
): ConfigurableMarker<
  SchemaOutput<S> | (O extends { default: infer D } ? D : never),
  ParamOptions,
  SchemaInput<S> | M.OptionsIn<O>
> {
  const invalid = notASchema(schema, 'Param')
  return createMarker(
    invalid
      ? { kind: 'auto', hasDefault: false, invalid }
      : configure({ kind: 'auto', hasDefault: false }, [schema, options]),
  )
}
