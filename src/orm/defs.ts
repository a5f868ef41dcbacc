import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { ImproperlyConfigured } from '../exceptions'
import { wireKind } from '../schema/inspect'
import { valibotAdapter } from '../schema/valibot/adapter'
import { embedSchema } from '../schema/valibot/embed'
import { innerOf } from '../schema/walk'
import type { StandardSchemaV1 } from '../types'
import { LIST_MAX } from './limits'
import { isExpression } from './expr'
import { isFieldDecl, Self, type DefField, type FieldDecl, type SchemaDef } from './fields'
import { columnsOf } from './relations'
import { DEF, type AnyOrmSchema, type FieldSpec } from './types'

/** Is this an `orm.Schema`? */
export function isOrmSchema(value: unknown): value is AnyOrmSchema {
  return (
    (typeof value === 'object' || typeof value === 'function') && value !== null && DEF in value
  )
}

function nestedOf(spec: unknown): { child: SchemaDef | typeof Self; many?: boolean } | undefined {
  const many = Array.isArray(spec)
  const item: unknown = many ? (spec as unknown[])[0] : spec
  if (item === Self) return { child: Self, many }
  if (isOrmSchema(item)) return { child: item[DEF], many }
  return undefined
}

function fieldOf(def: SchemaDef, key: string, spec: FieldSpec | FieldDecl): DefField {
  const columns = columnsOf(def.table)
  const base = { key, out: key, mode: 'r', noOutput: false }
  if (spec === true) {
    if (!Object.hasOwn(columns, key))
      throw new ImproperlyConfigured(`orm.Schema(${def.name}): '${key}' is not a column`)
    return { ...base, mode: 'rwa', kind: 'column', column: key }
  }
  if (isExpression(spec)) return { ...base, kind: 'expr', expr: spec }
  const nested = nestedOf(spec)
  if (nested) return { ...base, kind: 'nested', path: key, ...nested, depth: 2, max: LIST_MAX }
  if (!isFieldDecl(spec))
    throw new ImproperlyConfigured(
      `orm.Schema(${def.name}): field '${key}' must be true, a nested orm.Schema, [orm.Schema(...)], an expression (orm.Count ...) or orm.Field(...)`,
    )
  const { options, source } = spec
  const common = {
    ...base,
    out: options.alias ?? key,
    noOutput: options.noOutput ?? false,
    default: options.default,
    type: options.type === undefined ? undefined : embedType(def.name, key, options.type),
  }
  if (spec.get)
    return {
      ...common,
      mode: options.mode ?? 'r',
      kind: 'computed',
      get: spec.get,
      dependencies: spec.dependencies ?? [],
    }
  if (typeof source === 'function') {
    const child = options.schema ? nestedOf(options.schema) : undefined
    return {
      ...common,
      mode: options.mode ?? 'r',
      kind: 'batch',
      fn: source,
      child: child?.child === Self ? def : child?.child,
      many: child?.many ?? true,
    }
  }
  if (isExpression(source))
    return { ...common, mode: options.mode ?? 'r', kind: 'expr', expr: source }
  const path = source ?? key
  const knownOptions = [
    'alias',
    'mode',
    'default',
    'noOutput',
    'schema',
    'filter',
    'order',
    'limit',
    'depth',
    'type',
    'first',
    'max',
  ]
  for (const option of Object.keys(options))
    if (!knownOptions.includes(option))
      throw new ImproperlyConfigured(
        `orm.Schema(${def.name}): field '${key}': unknown option '${option}'`,
      )
  const max = options.max ?? LIST_MAX
  if (!(Number.isInteger(max) && max >= 1))
    throw new ImproperlyConfigured(
      `orm.Schema(${def.name}): field '${key}': max must be a positive integer (got ${String(options.max)})`,
    )
  if (options.schema) {
    const child = nestedOf(options.schema)
    if (!child)
      throw new ImproperlyConfigured(
        `orm.Schema(${def.name}): field '${key}': schema must be an orm.Schema, [orm.Schema] or orm.Self`,
      )
    const depth = options.depth ?? 2
    if (!(Number.isInteger(depth) && depth >= 1 && depth <= 8))
      throw new ImproperlyConfigured(
        `orm.Schema(${def.name}): field '${key}': depth must be 1 to 8`,
      )
    return {
      ...common,
      mode: options.mode ?? 'r',
      kind: 'nested',
      path,
      child: child.child === Self ? Self : child.child,
      many: child.many,
      filter: options.filter,
      order: options.order,
      limit: options.limit,
      depth,
      max,
    }
  }
  if (!/\.|__/.test(path)) {
    if (!Object.hasOwn(columns, path)) {
      if (source === undefined && options.type)
        return { ...common, mode: options.mode ?? 'a', kind: 'virtual' }
      throw new ImproperlyConfigured(
        `orm.Schema(${def.name}): field '${key}': '${path}' is not a column (an input-only field needs a type)`,
      )
    }
    if (options.type) assertCompatible(def.name, key, columns[path]?.dataType, options.type)
    return { ...common, mode: options.mode ?? 'rwa', kind: 'column', column: path }
  }
  return {
    ...common,
    mode: options.mode ?? 'r',
    kind: 'path',
    path,
    filter: options.filter,
    order: options.order,
    first: options.first,
    max,
  }
}

/** Normalise `orm.Schema(table, fields)` into its def. */
export function defOf(
  table: PgTable,
  fields: Record<string, FieldSpec | FieldDecl>,
  db: string,
): SchemaDef {
  const def: SchemaDef = {
    table,
    db,
    name: getTableConfig(table).name,
    fields: [],
    columns: [],
    ones: [],
  }
  for (const [key, spec] of Object.entries(fields)) {
    const field = fieldOf(def, key, spec)
    def.fields.push(field)
    if (field.kind === 'column') def.columns.push(field.column)
    if (field.kind === 'nested' && field.child !== Self && !field.many && field.path === key)
      def.ones.push({ key, def: field.child })
  }
  return def
}

/** A field's value schema (any Standard Schema) as the valibot schema the row schema holds. */
function embedType(schema: string, key: string, type: unknown): v.GenericSchema {
  const embedded = embedSchema(type)
  if (!embedded)
    throw new ImproperlyConfigured(
      `orm.Schema(${schema}): field '${key}': type must be a Standard Schema (valibot, zod, arktype, …)`,
    )
  return embedded
}

/** A schema's kind as valibot names it, from its conversion plan (another library's schema). */
const KIND_OF_PLAN: Readonly<Record<string, string>> = {
  string: 'string',
  number: 'number',
  bigint: 'bigint',
  boolean: 'boolean',
  date: 'date',
  option: 'picklist',
}

/** The kinds of valibot schema a column of each drizzle data type can become. */
const COMPATIBLE: Readonly<Record<string, readonly string[]>> = {
  string: ['string', 'picklist', 'literal', 'enum'],
  number: ['number', 'bigint', 'string'],
  bigint: ['bigint', 'number', 'string'],
  boolean: ['boolean'],
  date: ['date', 'number', 'string'],
}

/** Refuse a declared value type the column's type cannot become (`title: number` over a text column). */
export function assertCompatible(
  schema: string,
  key: string,
  dataType: string | undefined,
  type: StandardSchemaV1,
): void {
  const kind = valibotAdapter.owns(type)
    ? innerOf(type).type
    : (KIND_OF_PLAN[wireKind(type)] ?? 'unknown')
  const allowed = dataType === undefined ? undefined : COMPATIBLE[dataType]
  if (!allowed || ['unknown', 'any', 'union', 'custom', 'lazy'].includes(kind)) return
  if (!allowed.includes(kind))
    throw new ImproperlyConfigured(
      `orm.Schema(${schema}): field '${key}': a ${dataType} column cannot be declared as ${kind}`,
    )
}
