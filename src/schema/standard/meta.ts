/**
 * fw's own words in another library's schema: `Field(zodOrArktype, { alias })`
 * cannot wrap a schema that the library's object must hold, so the alias
 * travels in the library's own metadata, which its JSON Schema carries
 * (zod's `.meta(data)`, arktype's `.configure(data)`), and the plan reads it
 * back from the JSON Schema (standard/property.ts `wireNameOf`) at build.
 */

/** The JSON Schema key that carries a `Field` alias of a non-valibot schema (what `Field.alias` gives too). */
export const ALIAS_KEY = 'x-alias'

type MetaMethod = (data: Record<string, unknown>) => unknown

/** The library's "copy with metadata" method: zod's `.meta(data)`, arktype's `.configure(data)`. */
function metaMethodOf(schema: object): MetaMethod | undefined {
  for (const name of ['meta', 'configure'] as const) {
    const method: unknown = Reflect.get(schema, name)
    if (typeof method === 'function') return (data) => Reflect.apply(method, schema, [data])
  }
  return undefined
}

/**
 * A copy of `schema` whose JSON Schema carries `data` (the schema itself is
 * left as it is); `undefined` when the library offers no such metadata.
 *
 * @example
 * withJsonMeta(z.string(), { 'x-alias': 'X-Auth-Token' }) // z.string().meta({ … })
 */
export function withJsonMeta<S extends object>(
  schema: S,
  data: Record<string, unknown>,
): S | undefined {
  const method = metaMethodOf(schema)
  if (!method) return undefined
  const copy = method(data)
  return (typeof copy === 'object' || typeof copy === 'function') && copy !== null
    ? (copy as S)
    : undefined
}
