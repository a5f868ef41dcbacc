import type { SchemaInput, SchemaOutput, StandardSchemaV1 } from '../schema/adapter'
import type { Marker, ServerResolved } from '../request/markers'
import type { FieldEndpoint, FieldOptions } from './field'

/**
 * The names of the `{params}` in a path template, e.g. `'doc/{lang}/{page}'` → `'lang' | 'page'`.
 *
 * @example
 * type Names = api.TemplateParams<'doc/{lang}/{page}'> // 'lang' | 'page'
 */
export type TemplateParams<Path extends string> =
  Path extends `${string}{${infer Name}}${infer Rest}` ? Name | TemplateParams<Rest> : never

/**
 * What one `params` entry gives the method.
 *
 * @example
 * type Id = api.OutputOf<typeof request.PathParam> // string
 */
export type OutputOf<Entry> =
  Entry extends Marker<infer Out, unknown>
    ? Out
    : Entry extends StandardSchemaV1
      ? SchemaOutput<Entry>
      : never

/**
 * What a client sends for one `params` entry: the schema's input type
 * (`undefined` included when the entry is optional or has a default).
 *
 * @example
 * type Limit = api.WireOf<ReturnType<typeof v.optional<ReturnType<typeof v.number>, 10>>> // number | undefined
 */
export type WireOf<Entry> =
  Entry extends Marker<unknown, infer In>
    ? In
    : Entry extends StandardSchemaV1
      ? SchemaInput<Entry>
      : never

type Simplify<T> = { [K in keyof T]: T[K] } & {}

/**
 * The phantom key of `api.Input` that carries the call's wire input for the
 * typed client (type level only; nothing is ever stored under it).
 *
 * @example
 * type Sent = NonNullable<api.Input<typeof params>[api.WireKey]>
 */
export type WireKey = '~wire'

/**
 * The object a client sends for a `params` declaration: optional and
 * defaulted entries optional, the schemas' input types.
 *
 * @example
 * type Sent = api.WireInput<{ tag: v.OptionalSchema<v.StringSchema<undefined>, undefined> }> // { tag?: string }
 */
export type WireInput<Params, Path extends string = ''> = Simplify<
  {
    [K in keyof Params as undefined extends WireOf<Params[K]>
      ? never
      : SentByClient<Params[K]> extends true
        ? K
        : never]: WireOf<Params[K]>
  } & {
    [K in keyof Params as undefined extends WireOf<Params[K]>
      ? SentByClient<Params[K]> extends true
        ? K
        : never
      : never]?: WireOf<Params[K]>
  } & { [K in Exclude<TemplateParams<Path>, keyof Params>]: string }
>

/** Does a client send this `params` entry? Not when the server resolves it (`ServerResolved`: an auth user). */
type SentByClient<Entry> = [WireOf<Entry>] extends [never]
  ? true
  : [Exclude<WireOf<Entry>, null | undefined>] extends [ServerResolved]
    ? false
    : true

/**
 * What an endpoint receives for a `params` declaration, without the wire
 * input: the parameter type of a field endpoint's handler.
 *
 * @example
 * type In = Received<{ id: v.NumberSchema<undefined> }>   // { id: number }
 */
export type Received<Params, Path extends string = ''> = Simplify<
  { [K in keyof Params]: OutputOf<Params[K]> } & {
    [K in Exclude<TemplateParams<Path>, keyof Params>]: string
  }
>

/**
 * The one input helper: what an endpoint receives for a `params` declaration
 * (the schemas' outputs, defaults filled in) plus, at the type level only,
 * what a client sends (under `api.WireKey`). A method typed with it is called
 * by the typed client with the schemas' input types, optional and defaulted
 * params optional; a hand-written parameter type is taken as written.
 *
 * @example
 * const listParams = { tag: v.optional(v.string()), limit: v.optional(v.number(), 10) }
 * @api.get(listParams)
 * list({ tag, limit }: api.Input<typeof listParams>) { return { tag, limit } }   // limit: number
 * // client.list({}) compiles: both are optional on the wire
 */
export type Input<Params, Path extends string = ''> = Received<Params, Path> & {
  readonly [K in WireKey]?: WireInput<Params, Path>
}

/**
 * Alias of `api.Input`, kept for code written when the wire input had its own helper.
 *
 * @example
 * list({ limit }: api.Args<typeof listParams>) { return limit }   // the same as api.Input<typeof listParams>
 */
export type Args<Params, Path extends string = ''> = Input<Params, Path>

/**
 * The `params` object of an endpoint: a schema (valibot, zod, arktype, any Standard Schema) or a request marker per entry.
 *
 * @example
 * const params = { id: v.number(), q: request.QueryParam(v.string(), { default: '' }) } satisfies api.Params
 */
export type Params = Record<string, StandardSchemaV1 | Marker>

/**
 * The descriptor a legacy (`experimentalDecorators`) method decorator checks.
 * Only `value`: `TypedPropertyDescriptor`'s `set?: (value: T) => void` would
 * make the check invariant and reject every method whose type is not exactly
 * `(input: In) => unknown`.
 */
export interface MethodDescriptor<In> {
  value?: (input: In) => unknown
}

/** A legacy decorator's result: fine on a prototype (an instance method); on a class (a static member) the branded error. */
type InstanceSide<T, In> = T extends Function ? EndpointMethodExpected<In> : void

/**
 * A method decorator checking that the method accepts `In`, under either decorator standard.
 *
 * @example
 * const decorate: api.EndpointDecorator<{ id: number }> = api.get({ id: v.number() })
 */
export interface EndpointDecorator<In> {
  <This, R>(
    value: (this: This, input: In) => R,
    context: ClassMethodDecoratorContext<This, (this: This, input: In) => R> & { static: false },
  ): void
  <T extends object>(
    target: T,
    key: string | symbol,
    descriptor: MethodDescriptor<In>,
  ): InstanceSide<T, In>
  // Anything else (a method that does not accept `In`, a field, a static member): TypeScript names this return type in its error.
  (value: unknown, context: ClassMemberDecoratorContext): EndpointMethodExpected<In>
  (
    target: object,
    key: string | symbol,
    descriptor?: PropertyDescriptor,
  ): EndpointMethodExpected<In>
}

/**
 * The branded type TypeScript shows when an endpoint decorator is misplaced
 * or the method's parameter does not accept the declared params: "Decorator
 * function return type 'EndpointMethodExpected<{ id: number }>' is not
 * assignable to …" — an instance method whose parameter accepts `In` is
 * expected. The build refuses misplaced decorators too (`ImproperlyConfigured`).
 *
 * @example
 * type Shown = api.EndpointMethodExpected<{ id: number }>
 */
export interface EndpointMethodExpected<In> {
  readonly '~fw': 'an endpoint decorator goes on an instance method whose parameter accepts this input'
  readonly input: In
}

/**
 * `@api.get` and friends: bare, `(path)`, `(path, params)` or `(params)`; as a
 * field, the same arguments then the handler and `{ doc }` (`api.FieldOptions`).
 *
 * @example
 * const verb: api.EndpointDecoratorFactory = api.post
 */
export interface EndpointDecoratorFactory {
  <This, R>(
    value: (this: This, input: {}) => R,
    context: ClassMethodDecoratorContext<This, (this: This, input: {}) => R> & { static: false },
  ): void
  <T extends object>(
    target: T,
    key: string | symbol,
    descriptor: MethodDescriptor<{}>,
  ): InstanceSide<T, {}>
  (value: unknown, context: ClassMemberDecoratorContext): EndpointMethodExpected<{}>
  (
    target: object,
    key: string | symbol,
    descriptor?: PropertyDescriptor,
  ): EndpointMethodExpected<{}>
  <const Path extends string>(path: Path): EndpointDecorator<Received<{}, Path>>
  <const Path extends string, const P extends Params>(
    path: Path,
    params: P,
  ): EndpointDecorator<Received<P, Path>>
  <const P extends Params>(params: P): EndpointDecorator<Received<P>>
  // The field form: the handler's input is typed from the declaration (`add = api.get({ a: int }, ({ a }) => a)`).
  // It is called with `api.Input` (the wire input for the typed client); the handler sees what it receives.
  <R>(handler: (input: {}) => R, options?: FieldOptions): FieldEndpoint<{}, R>
  <const P extends Params, R>(
    params: P,
    handler: (input: Received<P>) => R,
    options?: FieldOptions,
  ): FieldEndpoint<Input<P>, R>
  <const Path extends string, R>(
    path: Path,
    handler: (input: Received<{}, Path>) => R,
    options?: FieldOptions,
  ): FieldEndpoint<Input<{}, Path>, R>
  <const Path extends string, const P extends Params, R>(
    path: Path,
    params: P,
    handler: (input: Received<P, Path>) => R,
    options?: FieldOptions,
  ): FieldEndpoint<Input<P, Path>, R>
}
