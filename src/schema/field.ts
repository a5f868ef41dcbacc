import * as v from 'valibot'
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
  return typeof schema === 'object' && schema !== null ? fieldOptions.get(schema) : undefined
}

type WithDefault<S extends AnySchema, O> = O extends { default: infer D }
  ? v.OptionalSchema<S, D extends undefined ? never : D>
  : S

/**
 * Rules and a wire name for a field of an object schema (UtilMeta's `Field`).
 * The result is a valibot schema, so it goes straight into `v.object({...})`.
 *
 * In a zod or arktype object, name the wire with the library's metadata and
 * `Field.alias` (zod also reads `.meta({ alias })`).
 *
 * @example
 * v.object({ authToken: Field(v.pipe(v.string(), v.length(12)), { alias: 'X-Auth-Token' }) })
 * z.object({ authToken: z.string().length(12).meta(Field.alias('X-Auth-Token')) })
 * type({ authToken: type('string == 12').configure(Field.alias('X-Auth-Token')) })
 */
export function Field<S extends AnySchema, const O extends FieldOptions = {}>(
  schema: S,
  options?: O,
): WithDefault<S, O> {
  const opts: FieldOptions = options ?? {}
  // A default becomes valibot's optional-with-default so plain `v.parse` agrees with fw.
  const out = (
    'default' in opts ? v.optional(schema, opts.default as never) : { ...schema }
  ) as AnySchema
  fieldOptions.set(out, opts)
  return out as unknown as WithDefault<S, O>
}

/** `Field.alias(name)`: the wire name of a field of a zod / arktype / … object, as the library's metadata (schema/standard/property.ts). */
Field.alias = Alias
