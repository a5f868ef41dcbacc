/**
 * The OpenAPI parameters of a route (path, query, header, cookie): each
 * param's wire schema and notes, its `x-fw-source` (the input keys it comes
 * from) and `x-fw-match`; a header declared twice is one parameter.
 */
import type { RouteInfo, RouteParam } from './route-info'
import { acceptedInput, jsonDefault, wireSchema, type Definitions, type JsonSchema } from './schema'

/** One input the client reads a wire value from. */
interface Source {
  key: string
  field?: string
  target?: 'instance'
}

function sourceOf(param: RouteParam): Source {
  return {
    key: param.key,
    ...(param.field !== undefined ? { field: param.field } : {}),
    ...(param.target === 'instance' ? { target: 'instance' as const } : {}),
  }
}

function parameterOf(param: RouteParam, route: RouteInfo, defs: Definitions): JsonSchema {
  const schema: JsonSchema = {
    ...acceptedInput(wireSchema(param.schema, defs)),
    ...(param.hasDefault ? jsonDefault(param.default) : {}),
  }
  const notes: string[] = []
  // `{ default: null }` (an optional cookie) makes null a value the param may take.
  if (param.hasDefault && param.default === null && typeof schema.type === 'string')
    schema.type = [schema.type, 'null']
  if (param.regex !== undefined) schema.pattern = `^(?:${param.regex})$`
  if (param.match === 'rest')
    notes.push(
      'The rest of the path, `/` included (FilePathParam); segments are percent-encoded one by one.',
    )
  if (route.optionalTail.includes(param.name))
    notes.push('May be left out of the URL (trailing param with a default).')
  const own = lifted(schema)
  if (own.description) notes.unshift(own.description as string)
  return {
    name: param.name,
    in: param.in,
    required: param.required,
    ...own,
    ...(notes.length ? { description: notes.join(' ') } : {}),
    schema,
    ...(param.match === 'rest' ? { 'x-fw-match': 'rest' } : {}),
    'x-fw-source': [sourceOf(param)],
  }
}

/** Parameters, one per (in, name): a header declared twice (common and in `request.Headers`) is one parameter with two sources. */
export function parametersOf(route: RouteInfo, defs: Definitions): JsonSchema[] {
  const byName = new Map<string, JsonSchema>()
  for (const param of route.params) {
    const id = `${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`
    const existing = byName.get(id)
    if (existing) {
      ;(existing['x-fw-source'] as Source[]).push(sourceOf(param))
      existing.required = existing.required === true || param.required
      // Both declarations are enforced: the value must pass both rules.
      existing.schema = bothRules(
        existing.schema as JsonSchema,
        parameterOf(param, route, defs).schema as JsonSchema,
      )
      continue
    }
    byName.set(id, parameterOf(param, route, defs))
  }
  return [...byName.values()]
}

/** Notes that do not constrain a value (left out when comparing rules). */
const NOTES = new Set(['description', 'default', 'examples', 'example', 'title'])

/** One schema for two rules a value must both pass: the stricter when one contains the other, else `allOf`. */
function bothRules(first: JsonSchema, second: JsonSchema): JsonSchema {
  const within = (loose: JsonSchema, strict: JsonSchema): boolean =>
    Object.entries(loose).every(
      ([key, value]) => NOTES.has(key) || JSON.stringify(strict[key]) === JSON.stringify(value),
    )
  if (within(second, first)) return first
  if (within(first, second)) return { ...first, ...second }
  return { allOf: [first, second] }
}

/** `description` and the first of `examples` of a param's schema, lifted onto the parameter (what docs pages show). */
function lifted(schema: JsonSchema): JsonSchema {
  const examples = schema.examples
  return {
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    ...(Array.isArray(examples) && examples.length ? { example: examples[0] as unknown } : {}),
  }
}
