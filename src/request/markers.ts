import { throwImproperlyConfigured } from '../exceptions/configured'
import { isDecoratorContext, isLegacyMemberCall, metaOfContext, metaOfPrototype } from '../meta'
import type { RestMatcher } from '../router'
import type { AnySchema } from '../schema'
import type { SchemaInput, SchemaOutput, StandardSchemaV1 } from '../schema/adapter'
import { isStandard } from '../schema/standard/adapter'
import type { RequestContext } from './context'
import { byteLimit } from '../utils/byte-limit'
import { isObject } from '../utils/is'

/** Where a param is read from. `auto` is the default kind: path if named in the template, else query. */
export type ParamKind =
  | 'auto'
  | 'path'
  | 'query'
  | 'query-object'
  | 'header'
  | 'header-object'
  | 'cookie'
  | 'cookie-object'
  | 'body'
  | 'body-field'
  | 'resolve'

/** Everything a marker says about one param. */
export interface MarkerSpec {
  kind: ParamKind
  schema?: AnySchema
  alias?: string
  hasDefault: boolean
  default?: unknown
  /** headers/cookies: `required: false` makes an absent value `undefined` */
  required?: boolean
  /** path: a whole-value regex checked after the structural match */
  regex?: string
  /** path: `segment` is `[^/]+`, `rest` is `.*` (FilePathParam) */
  match?: 'segment' | 'rest'
  /** FilePathParam: absolute paths are allowed (only `..` segments and NUL refused) */
  absolute?: boolean
  /** a `rest` path param's matching and file-path check, brought by `request.FilePathParam` */
  restPaths?: RestPaths
  /** body: which wire forms are accepted */
  accept?: 'any' | 'json' | 'form'
  contentType?: string
  maxLength?: number
  /** why the declaration cannot work (e.g. a plain object cast to a schema): refused when the service is built */
  invalid?: string
  /**
   * `resolve`: how the value is found from the request (it may wait, e.g. a
   * user looked up by `fw-api/auth`); run once per request before the body
   * and the other params are read. It throws an `HttpError` to refuse (401).
   */
  resolve?: (context: RequestContext) => unknown
  /** `resolve` params that authenticate: the OpenAPI security scheme they accept */
  security?: SecurityDoc
  /** `resolve` params: request headers they read (allowed by CORS preflights), lower case */
  headers?: readonly string[]
}

/**
 * What a rest path param needs, brought by `request.FilePathParam` itself, so a service that
 * declares none bundles neither (SPEC §5.2): the matcher of templates holding one
 * (router/path.ts `restMatcher`) and the refusal of a value that is no safe file path
 * (file/path.ts `unsafeFilePath`).
 */
export interface RestPaths {
  readonly matcher: RestMatcher
  readonly unsafe: (value: string, absolute: boolean) => string | undefined
}

/** What an authenticating param tells the OpenAPI document (fw-api/auth fills it). */
export interface SecurityDoc {
  /** the `components.securitySchemes` key */
  name: string
  /** the security scheme object, e.g. `{ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }` */
  scheme: Record<string, unknown>
  /** anonymous requests pass too: the operation's `security` also lists `{}` */
  optional: boolean
}

/** Options every param marker takes. */
export interface ParamOptions<TDefault = unknown> {
  /** the wire name when it differs from the key */
  alias?: string
  /** value used when absent (makes the param optional) */
  default?: TDefault
  /** headers/cookies: `false` lets an absent value through as `undefined` */
  required?: boolean
}

/** Options of a path param. */
export interface PathOptions {
  /** the whole value must match this regex (checked after the structural `[^/]+` match) */
  regex?: string
}

/** Options of `request.FilePathParam`. */
export interface FilePathOptions {
  /** serve absolute paths (`/x`, `\\x`, `C:`) on purpose; `..` segments and NUL stay refused. Default `false`. */
  absolute?: boolean
}

/** Options of a body param. */
export interface BodyOptions<TDefault = unknown> extends ParamOptions<TDefault> {
  /** the content type a text/binary body must have, e.g. `text/html` */
  contentType?: string
  /** maximum body size in bytes (413 beyond) */
  maxBytes?: number
  /** alias of `maxBytes` (UtilMeta's `max_length`) */
  maxLength?: number
}

export const MARKER = '~fw'

/**
 * The wire type (`Marker`'s `TIn`) of a param no client sends: the server resolves it from the
 * request (an auth user, from its credentials). The typed client leaves such params out of a
 * call's input. Type level only.
 */
export interface ServerResolved {
  readonly '~serverResolved': true
}

/** A param marker: carries its spec, and (phantom) the type the method receives. */
export interface Marker<TOut = unknown, TIn = TOut> {
  readonly [MARKER]: MarkerSpec
  /** type-level only: the value type the endpoint receives (a function type, so `undefined` in it survives inference) */
  readonly '~out'?: () => TOut
  /** type-level only: the value a client sends (the schema's input; `undefined` when it has a default or is not required) */
  readonly '~in'?: () => TIn
}

/**
 * A common-param field decorator. Under standard decorators the field's type
 * must accept what the marker gives (`@request.HeaderParam(v.number()) n!: string`
 * does not compile); legacy decorators cannot see the field type.
 */
export type FieldDecorator<TOut> = {
  <This, V>(
    value: undefined,
    context: ClassFieldDecoratorContext<This, V> &
      ([TOut] extends [V]
        ? unknown
        : { '~fw: the field type must accept the marker output': TOut }),
  ): void
  (target: object, key: string | symbol): void
}

/** What options add to a marker's output: a default's type; `undefined` for `required: false`. */
export type OptionsOut<O> =
  | (O extends { default: infer D } ? D : never)
  | (O extends { required: false } ? undefined : never)

type Out<S, O> = (S extends StandardSchemaV1 ? SchemaOutput<S> : string) | OptionsOut<O>

/** What options make optional on the wire: a default, or `required: false`. */
export type OptionsIn<O> = O extends { default: unknown } | { required: false } ? undefined : never

type In<S, O> = (S extends StandardSchemaV1 ? SchemaInput<S> : string) | OptionsIn<O>

/** A marker that can be configured by calling it, and used as a field decorator (a common param). */
export interface ConfigurableMarker<TOut, TOptions, TIn = TOut>
  extends Marker<TOut, TIn>,
    FieldDecorator<TOut> {
  <S extends StandardSchemaV1, const O extends TOptions = never>(
    schema: S,
    options?: O,
  ): ConfigurableMarker<Out<S, O>, TOptions, In<S, O>>
  <const O extends TOptions>(
    options: O,
  ): ConfigurableMarker<TOut | OptionsOut<O>, TOptions, TIn | OptionsIn<O>>
}

/** Is this value a param marker? */
function isMarker(value: unknown): value is Marker {
  return (
    Object(value) === value && // an object or a function
    MARKER in (value as object)
  )
}

/** The spec of a marker. */
function specOf(marker: Marker): MarkerSpec {
  return marker[MARKER]
}

/** A schema: valibot's (an object, or a callable one such as `file.Image`) or any Standard Schema (zod, arktype: a function, …). */
export function isSchema(value: unknown): value is AnySchema {
  return (
    (Object(value) === value && (value as { kind?: unknown }).kind === 'schema') ||
    isStandard(value)
  )
}

/** A schema of any library as a spec holds it: every reader goes through the schema seam (schema/resolve.ts). */
export function specSchema(schema: StandardSchemaV1): AnySchema {
  return schema as unknown as AnySchema
}

/** What a non-schema value is, for messages. */
function described(value: unknown): string {
  if (isMarker(value)) return 'a request marker'
  if (isObject(value))
    return `a plain object (keys: ${Object.keys(value).join(', ') || 'none'}); a cast does not make it a schema`
  return value === null ? 'null' : typeof value
}

/**
 * Why `value` cannot be the schema of `call` (`undefined` when it is a
 * schema): recorded as the spec's `invalid`, refused at build.
 *
 * @example
 * notASchema({ title: v.string() }, 'request.Body') // "request.Body() takes a valibot schema, got a plain object (keys: title); …"
 */
export function notASchema(value: unknown, call: string): string | undefined {
  if (isSchema(value)) return undefined
  const fix = isObject(value) && !isMarker(value) ? `: write ${call}(v.object({ … }))` : ''
  return `${call}() takes a valibot schema, got ${described(value)}${fix}`
}

/** A plain object of schemas where options belong (`request.BodyParam({ title: v.string() })`). */
function looksLikeShape(options: object): boolean {
  return Object.values(options).some((value) => isSchema(value) || isMarker(value))
}

/** A copy of `base` with a call's `(schema?, options?)` applied. */
export function configure(base: MarkerSpec, args: readonly unknown[]): MarkerSpec {
  const spec: MarkerSpec = { ...base }
  let index = 0
  if (isSchema(args[0])) spec.schema = args[index++] as AnySchema
  const options = args[index] as
    | (ParamOptions & PathOptions & BodyOptions & FilePathOptions)
    | undefined
  if (options !== undefined && (!isObject(options) || looksLikeShape(options))) {
    const fix = isObject(options) ? ': wrap the fields in v.object({ … })' : ''
    spec.invalid = `a param marker takes (schema?, options?): got ${described(options)} where ${index ? 'the options go' : 'a valibot schema or the options go'}${fix}`
    return spec
  }
  if (options && typeof options === 'object') {
    if (options.alias !== undefined) spec.alias = options.alias
    if ('default' in options) {
      spec.hasDefault = true
      spec.default = options.default
    }
    if (options.required !== undefined) spec.required = options.required
    if (options.regex !== undefined) spec.regex = options.regex
    if (options.absolute !== undefined && spec.match === 'rest')
      spec.absolute = options.absolute === true
    if (options.contentType !== undefined) spec.contentType = options.contentType
    const maxBytes = byteLimit(options, 'maxLength', 'body param')
    if (maxBytes !== undefined) spec.maxLength = maxBytes
  }
  return spec
}

/** Record a decorated field as a common param of its class. */
function declareField(spec: MarkerSpec, args: readonly unknown[]): void {
  const marker = createMarker(spec)
  if (isDecoratorContext(args[1])) {
    metaOfContext(args[1]).fields.set(String(args[1].name), marker)
  } else {
    metaOfPrototype(args[0] as object).fields.set(String(args[1]), marker)
  }
}

/** Build a marker for a spec. Internal: users get the ready-made ones below. */
export function createMarker<TOut = unknown, TOptions = ParamOptions, TIn = TOut>(
  spec: MarkerSpec,
): ConfigurableMarker<TOut, TOptions, TIn> {
  const marker = (...args: unknown[]): unknown => {
    // Used as a decorator on a field (either standard): declare a common param.
    if ((args[0] === undefined && isDecoratorContext(args[1])) || isLegacyMemberCall(args)) {
      declareField(spec, args)
      return undefined
    }
    return createMarker(configure(spec, args))
  }
  Object.defineProperty(marker, MARKER, { value: spec, enumerable: false })
  return marker as unknown as ConfigurableMarker<TOut, TOptions, TIn>
}

/** Turn any `params` entry (schema or marker) into a spec. */
export function toSpec(entry: unknown): MarkerSpec {
  if (isMarker(entry)) return specOf(entry)
  if (isSchema(entry)) return { kind: 'auto', schema: entry, hasDefault: false }
  throwImproperlyConfigured('fw: a param must be a valibot schema or a request marker')
}
