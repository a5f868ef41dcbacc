/**
 * An `orm.Schema` in the OpenAPI document (docs/orm.md, "In the OpenAPI
 * document"): each schema is a component (`components/schemas/<Name>`) whose
 * fields are typed from the drizzle columns, nested relation schemas are
 * `$ref`s to their own components, to-many relations arrays, and computed
 * fields typed as far as they can be known.
 */
import { DOCUMENTED, type ComponentSource, type DescribeTools } from '../openapi/components'
import { columnJson, nullable, transformJson, type JsonSchema } from './columntypes'
import { databaseOf } from './database'
import type { Expression } from './expr'
import { Self, type DefField, type SchemaDef } from './fields'
import { resolvePath, type Resolved } from './paths'
import { columnsOf, foreignKeysTo, primaryKeysOf } from './relations'

type Module = Record<string, unknown>

/** `users` → `Users`, `article_tags` → `ArticleTags`. */
const pascal = (name: string): string =>
  name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('')

/** The database's schema module (relations live there), or none when the schema's database is not configured. */
function moduleOf(def: SchemaDef): Module | undefined {
  try {
    return databaseOf(def.db).options.schema
  } catch {
    return undefined
  }
}

function resolved(module: Module | undefined, def: SchemaDef, path: string): Resolved | undefined {
  if (!module) return undefined
  try {
    return resolvePath(module, def.table, path)
  } catch {
    return undefined
  }
}

/** Does every link of the path lead to exactly one row (not-null foreign keys with a constraint, to the target's key)? */
function alwaysOne(from: SchemaDef, path: Resolved): boolean {
  let table = from.table
  for (const link of path.links) {
    const columns = columnsOf(table)
    const constrained = foreignKeysTo(table, link.target)
    const targetKeys = primaryKeysOf(link.target).map((key) => columnsOf(link.target)[key]?.name)
    const keyed =
      link.targetColumns.length > 0 &&
      link.targetColumns.every((column) => targetKeys.includes(column.name))
    if (
      link.kind !== 'one' ||
      !keyed ||
      !link.sourceKeys.every((key) => columns[key]?.notNull === true && constrained.includes(key))
    )
      return false
    table = link.target
  }
  return path.links.length > 0
}

function nestedJson(
  def: SchemaDef,
  field: Extract<DefField, { kind: 'nested' }>,
  tools: DescribeTools,
  module: Module | undefined,
): JsonSchema {
  const child = field.child === Self ? def : field.child
  const item = tools.ref(sourceOf(child))
  const path = resolved(module, def, field.path)
  if (field.many ?? path?.many ?? false) return { type: 'array', items: item }
  // `orm.Self` ends in null at its depth; another to-one is there when its foreign key says so
  return field.child !== Self && path && alwaysOne(def, path) ? item : nullable(item)
}

function pathJson(
  def: SchemaDef,
  field: Extract<DefField, { kind: 'path' }>,
  module: Module | undefined,
): JsonSchema {
  const path = resolved(module, def, field.path)
  if (!path?.column) return { description: `the value at \`${field.path}\`` }
  const value =
    path.transform !== undefined
      ? nullable(transformJson(path.transform))
      : columnJson(path.column, { nullable: !(path.column.notNull && alwaysOne(def, path)) })
  if (path.many && !field.first)
    return { type: 'array', items: path.transform !== undefined ? value : columnJson(path.column) }
  return path.many ? nullable(value) : value
}

function expressionJson(def: SchemaDef, expr: Expression, module: Module | undefined): JsonSchema {
  const kind = expr['~ormExpr']
  if (kind === 'count')
    return { type: 'integer', minimum: 0, description: `orm.Count('${expr.path ?? ''}')` }
  if (kind === 'exists') return { type: 'boolean', description: `orm.Exists('${expr.path ?? ''}')` }
  if (kind === 'sum')
    return { type: 'number', description: `orm.Sum('${expr.path ?? ''}'), 0 when there is none` }
  if (kind === 'avg')
    return {
      type: ['number', 'null'],
      description: `orm.Avg('${expr.path ?? ''}'), null when there is none`,
    }
  if (kind === 'arith') return { type: ['number', 'null'], description: 'arithmetic of aggregates' }
  const path = resolved(module, def, expr.path ?? '')
  const text = `orm.${pascal(kind)}('${expr.path ?? ''}'), null when there is none`
  if (!path?.column) return { description: text }
  const value =
    path.transform !== undefined
      ? transformJson(path.transform)
      : columnJson(path.column, { raw: true, nullable: false })
  return { ...nullable(value), description: text }
}

function batchJson(field: Extract<DefField, { kind: 'batch' }>, tools: DescribeTools): JsonSchema {
  if (!field.child)
    return { description: 'the value a batch function (orm.Field(fn)) gives for the row' }
  const item = tools.ref(sourceOf(field.child))
  return field.many ? { type: 'array', items: item } : nullable(item)
}

/** The schema of one output field. */
function fieldJson(
  def: SchemaDef,
  field: DefField,
  tools: DescribeTools,
  module: Module | undefined,
): JsonSchema {
  if (field.type) return tools.convert(field.type)
  switch (field.kind) {
    case 'column': {
      const column = columnsOf(def.table)[field.column]
      return column ? columnJson(column) : {}
    }
    case 'path':
      return pathJson(def, field, module)
    case 'expr':
      return expressionJson(def, field.expr, module)
    case 'nested':
      return nestedJson(def, field, tools, module)
    case 'batch':
      return batchJson(field, tools)
    case 'computed':
      return { description: 'computed from the row by a function (orm.Computed)' }
    default:
      return { description: 'an input-only field (its default)' }
  }
}

/** The component of a schema: an object of its output fields, all sent. */
function describe(def: SchemaDef, tools: DescribeTools): JsonSchema {
  const module = moduleOf(def)
  const properties: Record<string, JsonSchema> = {}
  for (const field of def.fields) {
    if (!field.mode.includes('r') || field.noOutput) continue
    properties[field.out] = fieldJson(def, field, tools, module)
  }
  const keys = Object.keys(properties)
  return {
    type: 'object',
    description: `orm.Schema over \`${def.name}\``,
    properties,
    ...(keys.length ? { required: keys } : {}),
  }
}

/**
 * How a schema documents itself: its declared `name`, else its table's name
 * in PascalCase; when another schema has that name, the table's name and the
 * output fields.
 *
 * @example
 * sourceOf(UserSchema['~ormSchema']).name // 'Users'
 */
export function sourceOf(def: SchemaDef): ComponentSource {
  const base = pascal(def.name) || 'Row'
  const outputs = def.fields
    .filter((field) => field.mode.includes('r') && !field.noOutput)
    .map((field) => field.out)
  return {
    key: def,
    name: def.component ?? base,
    fallbackName: [def.component ?? base, ...outputs].join('_'),
    describe: (tools) => describe(def, tools),
  }
}

/**
 * The property that makes an `orm.Schema` document itself (src/openapi/components.ts).
 *
 * @example
 * Object.assign(schema, documented(def))
 */
export function documented(def: SchemaDef): { [DOCUMENTED]: ComponentSource } {
  return { [DOCUMENTED]: sourceOf(def) }
}
