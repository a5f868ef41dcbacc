import { sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import { checkExpression, checkLimit, checkOrder, checkWhere } from './check'
import { assertCompatible } from './defs'
import type { Context } from './context'
import { expressionSql, isExpression } from './expr'
import { explain, Self, type DefField, type OrderTerm, type SchemaDef } from './fields'
import { chainOf, resolvePath, transformed, type Ref, type Resolved } from './paths'
import { primaryKeysOf } from './relations'
import { contextFilterSql, withFilter } from './context'

type Module = Record<string, unknown>

/** Which output fields to build: a tree from `orm.Scope` (`name(sub,...)`), or everything. */
export interface Scope {
  only?: Map<string, Scope | true>
  excluded?: Set<string>
}

/** The hidden key every built object carries for batch functions: the row's primary key. */
export const PK = '~pk'

/** Per-statement build state. */
export interface Build {
  module: Module
  context: Context
  /** self-reference levels used so far, per def */
  levels: Map<SchemaDef, number>
}

type Chosen = { field: DefField; output: boolean; sub?: Scope }[]
const unscoped = new WeakMap<SchemaDef, Chosen>()

/** The fields of `def` to build under `scope` (dependencies of computed fields included, unmarked). */
export function fieldsIn(def: SchemaDef, scope: Scope | undefined): Chosen {
  if (scope) return chooseFields(def, scope)
  let chosen = unscoped.get(def)
  if (!chosen) unscoped.set(def, (chosen = chooseFields(def, undefined)))
  return chosen
}

function chooseFields(def: SchemaDef, scope: Scope | undefined): Chosen {
  const chosen = def.fields.filter(
    (field) =>
      field.mode.includes('r') &&
      !field.noOutput &&
      (!scope?.only || scope.only.has(field.out)) &&
      !scope?.excluded?.has(field.out),
  )
  const result = chosen.map((field) => {
    const sub = scope?.only?.get(field.out)
    return { field, output: true, sub: sub === true ? undefined : sub }
  })
  for (const { field } of result.slice()) {
    if (field.kind !== 'computed') continue
    for (const name of field.dependencies) {
      if (result.some((entry) => entry.field.key === name || entry.field.out === name)) continue
      const dependency = def.fields.find(
        (candidate) => candidate.key === name || candidate.out === name,
      )
      if (!dependency)
        throw new ImproperlyConfigured(
          `orm.Schema(${def.name}): '${field.key}' depends on unknown field '${name}'`,
        )
      result.push({ field: dependency, output: false, sub: undefined })
    }
  }
  return result
}

/** An ordering term as SQL over the row `ref` points at. */
export function orderSql(
  module: Module,
  table: PgTable,
  term: string | OrderTerm,
  ref: Ref,
  context: Context,
): SQL {
  const spec: Omit<OrderTerm, '~ormOrder'> =
    typeof term === 'string' ? { field: term.replace(/^-/, ''), desc: term.startsWith('-') } : term
  const field = spec.field
  if (field === undefined) throw new ImproperlyConfigured('orm.Order needs a field')
  const value = isExpression(field)
    ? expressionSql(module, table, field, ref, context)
    : transformed(ref(field), undefined)
  return sql`${value} ${sql.raw(spec.desc ? 'desc' : 'asc')}${spec.nullsFirst === undefined ? sql`` : sql.raw(spec.nullsFirst ? ' nulls first' : ' nulls last')}`
}

function childOf(field: Extract<DefField, { kind: 'nested' }>, def: SchemaDef): SchemaDef {
  return field.child === Self ? def : field.child
}

function nestedSql(
  build: Build,
  def: SchemaDef,
  field: Extract<DefField, { kind: 'nested' }>,
  ref: Ref,
  scope: Scope | undefined,
): SQL {
  const child = childOf(field, def)
  const level = build.levels.get(child) ?? 0
  const resolved = resolvePath(build.module, def.table, field.path)
  const many = field.many ?? resolved.many
  if (field.child === Self && level >= field.depth) return many ? sql`'[]'::json` : sql`null::json`
  build.levels.set(child, level + (field.child === Self ? 1 : 0))
  const chain = chainOf(resolved.links, ref)
  const object = objectSql(build, child, chain.last, scope)
  build.levels.set(child, level)
  const where = withFilter(
    chain.where,
    contextFilterSql(build.module, resolved.target, field.filter, build.context, chain.last),
  )
  const keys = primaryKeysOf(resolved.target)
  const terms = [...(field.order ?? []), ...keys]
  const order = sql.join(
    terms.map((term) => orderSql(build.module, resolved.target, term, chain.last, build.context)),
    sql`, `,
  )
  const limit = many
    ? field.limit === undefined
      ? sql``
      : sql` limit ${sql.raw(String(field.limit))}`
    : sql` limit 1`
  const inner = sql`select ${object} as j from ${chain.from} where ${where} order by ${order}${limit}`
  return many
    ? sql`(select coalesce(json_agg(s.j), '[]'::json) from (${inner}) s)`
    : sql`(${inner})`
}

function pathSql(
  build: Build,
  def: SchemaDef,
  field: Extract<DefField, { kind: 'path' }>,
  ref: Ref,
): SQL {
  const resolved = resolvePath(build.module, def.table, field.path)
  if (resolved.key === undefined)
    throw new ImproperlyConfigured(
      `orm: path '${field.path}' ends at a relation: give it a schema ({ schema: Schema | [Schema] })`,
    )
  if (resolved.links.length === 0) return transformed(ref(resolved.key), resolved.transform)
  const chain = chainOf(resolved.links, ref)
  const value = transformed(chain.last(resolved.key), resolved.transform)
  const where = withFilter(
    chain.where,
    contextFilterSql(build.module, resolved.target, field.filter, build.context, chain.last),
  )
  const terms = [...(field.order ?? []), ...primaryKeysOf(resolved.target)]
  const order = sql` order by ${sql.join(
    terms.map((term) => orderSql(build.module, resolved.target, term, chain.last, build.context)),
    sql`, `,
  )}`
  return resolved.many && !field.first
    ? sql`(select coalesce(json_agg(${value}${order}), '[]'::json) from ${chain.from} where ${where})`
    : sql`(select ${value} from ${chain.from} where ${where}${order} limit 1)`
}

/** Does the schema have batch-function fields (its rows then carry their key for them)? */
export function hasBatch(def: SchemaDef): boolean {
  return def.fields.some((field) => field.kind === 'batch')
}

/** A declared name as a SQL string literal (names come from code, never from requests; quotes doubled). */
const literal = (name: string): SQL => sql.raw(`'${name.replace(/'/g, "''")}'`)

/** `json_build_object(...)` of a schema's fields over the row `ref` points at. */
export function objectSql(
  build: Build,
  def: SchemaDef,
  ref: Ref,
  scope?: Scope,
  withKey = hasBatch(def),
): SQL {
  const parts: SQL[] = []
  const keys = primaryKeysOf(def.table)
  if (withKey && keys.length === 1) parts.push(sql`${literal(PK)}, ${ref(keys[0] as string)}`)
  for (const { field, sub } of fieldsIn(def, scope)) {
    let value: SQL | undefined
    if (field.kind === 'column') value = ref(field.column)
    else if (field.kind === 'path') value = pathSql(build, def, field, ref)
    else if (field.kind === 'expr')
      value = expressionSql(build.module, def.table, field.expr, ref, build.context)
    else if (field.kind === 'nested') value = nestedSql(build, def, field, ref, sub)
    if (value) parts.push(sql`${literal(field.out)}, ${value}`)
  }
  return sql`json_build_object(${sql.join(parts, sql`, `)})`
}

/** Check every path, relation and expression of a schema against a schema module (declaration checks). */
export function checkDef(module: Module, def: SchemaDef, seen = new Set<SchemaDef>()): void {
  if (seen.has(def)) return
  seen.add(def)
  for (const field of def.fields) {
    explain(`field '${field.key}'`, () => {
      if (field.kind === 'path') {
        const resolved = resolvePath(module, def.table, field.path)
        if (resolved.key === undefined)
          throw new ImproperlyConfigured(
            `path '${field.path}' ends at a relation: give it a schema ({ schema: Schema | [Schema] })`,
          )
        // order and filter paths are relative to the path's last table
        checkOrder(module, resolved.target, field.order)
        checkWhere(module, resolved.target, field.filter)
        if (field.type && resolved.column && resolved.transform === undefined)
          assertCompatible(
            def.name,
            field.key,
            resolved.column.dataType,
            resolved.many && !field.first && field.type.type === 'array' && 'item' in field.type
              ? (field.type.item as typeof field.type)
              : field.type,
          )
      } else if (field.kind === 'expr') checkExpression(module, def.table, field.expr)
      else if (field.kind === 'nested') {
        const resolved = resolvePath(module, def.table, field.path)
        const child = childOf(field, def)
        if (resolved.key !== undefined || resolved.links.length === 0)
          throw new ImproperlyConfigured(`'${field.path}' is not a relation`)
        if (resolved.target !== child.table)
          throw new ImproperlyConfigured(
            `relation '${field.path}' leads to '${nameOf(resolved.target)}', but its schema is over '${child.name}'`,
          )
        checkOrder(module, resolved.target, field.order)
        checkWhere(module, resolved.target, field.filter)
        checkLimit(field.limit)
        checkDef(module, child, seen)
      } else if (field.kind === 'batch' && field.child) checkDef(module, field.child, seen)
    })
  }
}

const nameOf = (table: PgTable): string =>
  Object.getOwnPropertyDescriptor(table, Symbol.for('drizzle:Name'))?.value as string

const resolvedPaths = new WeakMap<object, Map<string, Resolved>>()
/** A schema field's path resolved once per schema module (reads, and the write plans compiled by orm/write-compile.ts). */
export function resolvedOf(module: Module, def: SchemaDef, path: string): Resolved {
  let perModule = resolvedPaths.get(module)
  if (!perModule) resolvedPaths.set(module, (perModule = new Map()))
  const key = `${def.name}\u0000${path}`
  let resolved = perModule.get(key)
  if (!resolved) perModule.set(key, (resolved = resolvePath(module, def.table, path)))
  return resolved
}
