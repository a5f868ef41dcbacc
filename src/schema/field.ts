import * as v from 'valibot'
import type { StandardSchemaV1 } from './adapter'
import { ALIAS_KEY, withJsonMeta } from './standard/meta'
import { Alias } from './standard/property'
import type { AnySchema } from './types'

/** Wire-level options of a param or field. */
export interface FieldOptions<TDefault = unknown> {
  /** the name on the wire (query key, header name, body field) when it differs from the key */
  alias?: string
  /** value used when the item is absent; makes it optional */
  default?: TDefault
}

const fieldOptions = new WeakMap<object, FieldOptions>()

/** The alias/default recorded by `Field(...)` for a schema, if any. */
export function getFieldOptions(schema: unknown): FieldOptions | undefined {
  // a WeakMap holds no primitive: `get` answers `undefined` for one (it does not throw)
  return fieldOptions.get(schema as object)
}

type WithDefault<S extends AnySchema, O> = O extends { default: infer D }
  ? v.OptionalSchema<S, D extends undefined ? never : D>
  : S

function fieldOf<S extends AnySchema, const O extends FieldOptions = {}>(
  schema: S,
  options?: O,
): WithDefault<S, O>
function fieldOf<S extends StandardSchemaV1 & object>(
  schema: S,
  options?: Omit<FieldOptions, 'default'>,
): S
function fieldOf(schema: AnySchema | (StandardSchemaV1 & object), options?: FieldOptions): unknown {
  const opts: FieldOptions = options ?? {}
  const vendor = (schema as { '~standard'?: { vendor?: unknown } })['~standard']?.vendor
  if (vendor !== undefined && vendor !== 'valibot') return otherLibraryField(schema, opts)
  const valibotSchema = schema as AnySchema
  // A default becomes valibot's optional-with-default so plain `v.parse` agrees with fw.
  const out = (
    'default' in opts ? v.optional(valibotSchema, opts.default as never) : { ...valibotSchema }
  ) as AnySchema
  fieldOptions.set(out, opts)
  return out
}

function otherLibraryField(schema: StandardSchemaV1 & object, opts: FieldOptions): unknown {
  const vendor = schema['~standard'].vendor
  if ('default' in opts)
    throw new TypeError(
      `Field(): give a ${vendor} schema its default with ${vendor} itself (zod: .default(value); arktype: 'key?' or = value); Field takes only its alias`,
    )
  if (opts.alias === undefined) return schema
  const copy = withJsonMeta(schema, { [ALIAS_KEY]: opts.alias })
  if (!copy)
    throw new TypeError(
      `Field(): this ${vendor} schema carries no metadata into its JSON Schema, so it cannot hold an alias; rename the key with the library itself (effect: Schema.encodeKeys) or give the param a marker's alias`,
    )
  return copy
}

// One expression, marked pure: a bundle that never calls `Field` drops it with its valibot and
// metadata code (a `Field.alias = …` statement kept them all in every Worker).
/**
 * Rules and a wire name for a field of an object schema (UtilMeta's `Field`).
 * The result is a valibot schema, so it goes straight into `v.object({...})`.
 * With another library's schema (zod, arktype) it is that library's schema,
 * the alias carried in its own metadata (`.meta` / `.configure`), so it goes
 * into `z.object({...})` / `type({...})`; the default is then the library's own
 * (`z.string().default('x')`, arktype `'key?'` or `= 'x'`).
 *
 * In a zod or arktype object, name the wire with the library's metadata and
 * `Field.alias` (zod also reads `.meta({ alias })`).
 *
 * @example
 * v.object({ authToken: Field(v.pipe(v.string(), v.length(12)), { alias: 'X-Auth-Token' }) })
 * z.object({ authToken: Field(z.string().length(12), { alias: 'X-Auth-Token' }) })
 * z.object({ authToken: z.string().length(12).meta(Field.alias('X-Auth-Token')) })
 * type({ authToken: type('string == 12').configure(Field.alias('X-Auth-Token')) })
 */
export const Field: typeof fieldOf & {
  /** `Field.alias(name)`: the wire name of a field of a zod / arktype / … object, as the library's metadata (schema/standard/property.ts). */
  readonly alias: typeof Alias
} = /* @__PURE__ */ Object.assign(fieldOf, { alias: Alias })
