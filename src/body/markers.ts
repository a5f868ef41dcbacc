/**
 * The body markers (`request.Body`, `request.Json`, `request.Form`, `request.BodyParam`) and
 * their options; re-exported by request/index.ts. Making one hands the core its body support
 * (./support): the readers are bundled only with a service that declares a body (SPEC §5.2).
 */
import { createMarker, notASchema, specSchema, type MarkerSpec } from '../request/markers'
import type * as M from '../request/markers'
import type { SchemaInput, SchemaOutput, StandardSchemaV1 } from '../schema/adapter'
import { byteLimit } from '../utils/byte-limit'
import { BodyParams } from './plan'
import { EndpointBodyReader } from './read'
import { installBodySupport, type BodySupport } from './support'

const SUPPORT: BodySupport = {
  params: (where) => new BodyParams(where),
  endpointBody: (bodies, limits) => new EndpointBodyReader(bodies, limits),
}

/** A body marker: the core gets the body support the first time one is made. */
function bodyMarker<TOut, TOptions, TIn>(
  spec: MarkerSpec,
): M.ConfigurableMarker<TOut, TOptions, TIn> {
  installBodySupport(SUPPORT)
  return createMarker<TOut, TOptions, TIn>(spec)
}

type BodyMarker<S extends StandardSchemaV1> = M.ConfigurableMarker<
  SchemaOutput<S>,
  M.BodyOptions,
  SchemaInput<S>
>

/**
 * Options of `request.Body`: what it enforces.
 *
 * @example
 * request.Body(v.string(), { contentType: 'text/html', maxBytes: 100 })
 */
export interface WholeBodyOptions extends SizedBodyOptions {
  /** the only content type accepted (415 otherwise), e.g. `text/html`, `application/x-www-form-urlencoded` */
  contentType?: string
}

/**
 * Options of `request.Json` / `request.Form` (their content types are fixed).
 *
 * @example
 * request.Json(Article, { maxBytes: 64 * 1024 })
 */
export interface SizedBodyOptions {
  /** maximum body size in bytes (413 beyond); the one spelling of a byte limit, like `limits.bodyBytes` */
  maxBytes?: number
  /** alias of `maxBytes` (UtilMeta's `max_length`) */
  maxLength?: number
}

/**
 * The whole body: JSON, XML, urlencoded or multipart for object/array schemas;
 * text for `v.string()`; the raw bytes for a `file.*` schema.
 *
 * @example
 * @api.post({ data: request.Body(v.object({ title: v.string() })) })
 * @api.post({ html: request.Body(v.string(), { maxBytes: 10_000, contentType: 'text/html' }) })
 */
export function Body<S extends StandardSchemaV1>(
  schema: S,
  options: WholeBodyOptions = {},
): BodyMarker<S> {
  return bodyMarker({
    kind: 'body',
    accept: 'any',
    schema: specSchema(schema),
    hasDefault: false,
    contentType: options.contentType,
    maxLength: byteLimit(options, 'maxLength', 'request.Body'),
    invalid: notASchema(schema, 'request.Body'),
  })
}

/**
 * A body that must be `application/json` (else 415).
 *
 * @example
 * @api.post({ user: request.Json(v.object({ name: v.string() })) })
 */
export function Json<S extends StandardSchemaV1>(
  schema: S,
  options: SizedBodyOptions = {},
): BodyMarker<S> {
  return bodyMarker({
    kind: 'body',
    accept: 'json',
    schema: specSchema(schema),
    hasDefault: false,
    maxLength: byteLimit(options, 'maxLength', 'request.Json'),
    invalid: notASchema(schema, 'request.Json'),
  })
}

/**
 * A body that must be `multipart/form-data` or urlencoded (else 415).
 *
 * @example
 * @api.post({ form: request.Form(v.object({ avatar: file.Image })) })
 */
export function Form<S extends StandardSchemaV1>(
  schema: S,
  options: SizedBodyOptions = {},
): BodyMarker<S> {
  return bodyMarker({
    kind: 'body',
    accept: 'form',
    schema: specSchema(schema),
    hasDefault: false,
    maxLength: byteLimit(options, 'maxLength', 'request.Form'),
    invalid: notASchema(schema, 'request.Form'),
  })
}

/**
 * One field of the request body (JSON, XML, urlencoded or multipart).
 *
 * @example
 * @api.post({ title: request.BodyParam(v.string()), views: request.BodyParam(v.number(), { default: 0 }) })
 */
export const BodyParam: M.ConfigurableMarker<string, M.BodyOptions> = /* @__PURE__ */ bodyMarker({
  kind: 'body-field',
  hasDefault: false,
})
