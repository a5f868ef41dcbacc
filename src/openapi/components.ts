/**
 * Schemas that document themselves as named components: a schema carrying
 * `DOCUMENTED` (fw-api/orm's `orm.Schema` does) is written once under
 * `components/schemas/<name>` and referenced with `$ref` wherever it appears
 * (a result, an array's items, another component's field). The core imports
 * no ORM: the schema brings its own description.
 */
/** A JSON Schema object as it appears in the document. */
type JsonSchema = Record<string, unknown>

/** The property a self-documenting schema carries its `ComponentSource` under. */
export const DOCUMENTED: unique symbol = Symbol.for('fw.openapi.component') as never

/** What a component's description may call on. */
export interface DescribeTools {
  /** the `$ref` of another self-documenting schema (written as its own component) */
  ref(source: ComponentSource): JsonSchema
  /** a schema (of any library) converted like any other in the document */
  convert(schema: unknown): JsonSchema
}

/**
 * How a schema documents itself as a component.
 *
 * @example
 * const source: ComponentSource = { key: def, name: 'Users', fallbackName: 'Users_id_username', describe: () => ({ type: 'object' }) }
 */
export interface ComponentSource {
  /** identity: sources with the same key are one component */
  key: object
  /** the readable name asked for */
  name: string
  /** the name to use when `name` is another component's */
  fallbackName: string
  /** the component's JSON Schema */
  describe(tools: DescribeTools): JsonSchema
}

/** Names the document itself gives (shared schemas; `Schema<n>` for converted `$defs`). */
const RESERVED = /^(?:Problem|ParamIssue|Schema\d+)$/

/** Per document (its `Definitions` object): component key → component name. */
const namesByDocument = new WeakMap<object, Map<object, string>>()

/** Does this value carry a component description? */
export function componentSourceOf(value: unknown): ComponentSource | undefined {
  if (
    (typeof value !== 'object' && typeof value !== 'function') ||
    value === null ||
    !(DOCUMENTED in value)
  )
    return undefined
  return (value as { [DOCUMENTED]: ComponentSource })[DOCUMENTED]
}

const safeName = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, '_') || 'Component'

function freeName(source: ComponentSource, defs: Record<string, unknown>): string {
  const taken = (name: string): boolean => RESERVED.test(name) || Object.hasOwn(defs, name)
  const wanted = safeName(source.name)
  if (!taken(wanted)) return wanted
  const fallback = safeName(source.fallbackName)
  let name = fallback
  for (let n = 2; taken(name); n++) name = `${fallback}_${n}`
  return name
}

/**
 * The `$ref` of a self-documenting schema; the first time in a document, its
 * component is written into `defs` under a free name (a placeholder first, so
 * a schema that refers to itself ends).
 *
 * @example
 * componentRef(componentSourceOf(UserSchema), defs, (schema) => toSchema(schema, defs)) // { $ref: '#/components/schemas/Users' }
 */
export function componentRef(
  source: ComponentSource,
  defs: Record<string, JsonSchema>,
  convert: (schema: unknown) => JsonSchema,
): JsonSchema {
  let names = namesByDocument.get(defs)
  if (!names) namesByDocument.set(defs, (names = new Map()))
  let name = names.get(source.key)
  if (name === undefined) {
    name = freeName(source, defs)
    names.set(source.key, name)
    defs[name] = {}
    defs[name] = source.describe({ ref: (other) => componentRef(other, defs, convert), convert })
  }
  return { $ref: `#/components/schemas/${name}` }
}

/**
 * The `$defs` a converted schema still refers to (directly or through each
 * other): a self-documenting schema replaced by its `$ref` leaves the
 * definitions of its inner parts behind, unused.
 *
 * @example
 * usedDefinitions({ $ref: '#/$defs/0' }, { 0: {...}, 1: {...} }) // { 0: {...} }
 */
export function usedDefinitions(
  root: JsonSchema,
  definitions: Record<string, JsonSchema> | undefined,
): Record<string, JsonSchema> {
  const used: Record<string, JsonSchema> = {}
  if (!definitions) return used
  const pending = [root]
  for (let schema = pending.pop(); schema !== undefined; schema = pending.pop()) {
    for (const [, name] of JSON.stringify(schema).matchAll(/"#\/\$defs\/([^"]*)"/g)) {
      const definition =
        name !== undefined && Object.hasOwn(definitions, name) ? definitions[name] : undefined
      if (name === undefined || definition === undefined || Object.hasOwn(used, name)) continue
      used[name] = definition
      pending.push(definition)
    }
  }
  return used
}
