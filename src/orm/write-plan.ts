/**
 * A schema's write, compiled once per schema and schema module (as an endpoint is compiled at
 * build): its table's columns, primary and unique keys, owner columns and `$onUpdate` stamps, the
 * columns the schema declares writable (SPEC §10.2: a write touches only those, each value checked
 * against its column type), and its relation lists (a key list through a junction, nested rows of
 * a to-many relation) with the junction's owner columns and each list's bound. `save`, `bulkSave`
 * and their upserts read the plan: no per-call lookup of relations, paths or declared columns.
 * What the plan answers about a value is here too (insert or update, the lists it gives, a
 * relation's owner condition); the checks of the value against the plan before any SQL (the
 * declared row, the size and time bounds) are orm/bounds.ts.
 */
import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { getTableConfig } from 'drizzle-orm/pg-core'
import { resolvedOf } from './build'
import { Self, type DefField, type SchemaDef } from './fields'
import {
  columnsOf,
  foreignKeyColumnsOf,
  foreignKeysTo,
  primaryKeysOf,
  uniqueKeysOf,
  type Link,
} from './relations'

type Row = Record<string, unknown>
type Module = Record<string, unknown>

/** A table's write facts, read once per table (a table's definition does not change). */
export interface TablePlan {
  readonly table: PgTable
  /** its SQL name, for messages */
  readonly name: string
  /** its columns by TS key (a null-prototype map: `toString` is no column) */
  readonly columns: Record<string, PgColumn>
  /** how many columns a row binds (a multi-row insert is cut under Postgres' parameter limit) */
  readonly width: number
  readonly keys: readonly string[]
  /** what an insert or update returns: the primary-key columns by TS key */
  readonly returning: Record<string, PgColumn>
  /** the non-key columns with drizzle's `$onUpdate`: stamped on every save (Django's auto_now) */
  readonly stamped: readonly (readonly [string, PgColumn])[]
  /** the `$onUpdate` columns with a default: an insert that does not give them leaves them to it */
  readonly insertDefaults: readonly string[]
  /** the unique keys (primary key first), as lists of TS keys: what an upsert matches rows on */
  readonly uniques: readonly (readonly string[])[]
  /** the TS keys of the foreign-key columns: an upsert never re-parents a row */
  readonly owners: readonly string[]
}

const tablePlans = new WeakMap<PgTable, TablePlan>()

/** The write facts of `table`, read on its first write. @example tablePlanOf(users).keys // ['id'] */
export function tablePlanOf(table: PgTable): TablePlan {
  let plan = tablePlans.get(table)
  if (!plan) tablePlans.set(table, (plan = tablePlanRead(table)))
  return plan
}

function tablePlanRead(table: PgTable): TablePlan {
  const columns = columnsOf(table)
  const keys = primaryKeysOf(table)
  const entries = Object.entries(columns)
  return {
    table,
    name: getTableConfig(table).name,
    columns,
    width: Math.max(1, entries.length),
    keys,
    returning: Object.fromEntries(keys.map((key) => [key, columns[key] as PgColumn])),
    stamped: entries.filter(([key, column]) => column.onUpdateFn && !keys.includes(key)),
    insertDefaults: entries
      .filter(([, column]) => column.onUpdateFn && column.hasDefault)
      .map(([key]) => key),
    uniques: uniqueKeysOf(table),
    owners: foreignKeyColumnsOf(table),
  }
}

/** How a declared column's value is checked (chosen once from its drizzle `dataType`). */
export type ValueKind = 'date' | 'array' | 'any' | 'scalar'

/** The column types whose driver mapping takes any value (JSON, custom types, bytes). */
const ANY_VALUE: ReadonlySet<string> = new Set(['json', 'custom', 'buffer'])

/** How `column`'s values are checked. @example valueKindOf(articles.createdAt) // 'date' */
export function valueKindOf(column: PgColumn): ValueKind {
  const { dataType } = column
  if (dataType === 'date' || dataType === 'array') return dataType
  return ANY_VALUE.has(dataType) ? 'any' : 'scalar'
}

/** A column a write through the schema may set. */
interface WritableColumn {
  readonly key: string
  readonly column: PgColumn
  readonly kind: ValueKind
}

/** A relation field the schema writes: a key list through a junction, or nested to-many rows. */
export interface RelationWrite {
  readonly field: DefField
  /** the schema's relation, from the parent's key to the junction's or the child's owner columns */
  readonly link: Link
  /** a key list: the junction's column the list's keys go to, by TS key */
  readonly column?: string
  /** that column */
  readonly keyColumn?: PgColumn
  /** nested rows: the child's schema */
  readonly child?: SchemaDef
  /** the list's bound (`max`): more items are a 413 */
  readonly max: number
  /** the link's target columns as the target table's TS keys (the owner columns a row is given) */
  readonly ownerKeys: readonly string[]
}

/** A schema's write, compiled on its first write through a schema module. */
export interface WritePlan {
  readonly module: Module
  readonly def: SchemaDef
  readonly table: TablePlan
  /** the columns it may set: its column fields, whatever their mode (the mode says what `input()` takes from a client), and its to-one relations' foreign keys */
  readonly writable: readonly WritableColumn[]
  readonly writableKeys: ReadonlySet<string>
  /** does it declare its whole primary key (a value giving it is an update)? */
  readonly declaresKey: boolean
  /** its relation fields (a list given for one makes the write a transaction) */
  readonly lists: readonly DefField[]
  /** the relation fields it writes */
  readonly relations: readonly RelationWrite[]
}

const writePlans = new WeakMap<Module, WeakMap<SchemaDef, WritePlan>>()

/** The write plan of `def` under the database's schema module. @example writePlanOf(module, def).writableKeys */
export function writePlanOf(module: Module, def: SchemaDef): WritePlan {
  let perModule = writePlans.get(module)
  if (!perModule) writePlans.set(module, (perModule = new WeakMap()))
  let plan = perModule.get(def)
  if (!plan) perModule.set(def, (plan = compileWrite(module, def)))
  return plan
}

function compileWrite(module: Module, def: SchemaDef): WritePlan {
  const table = tablePlanOf(def.table)
  const writableKeys = new Set<string>(def.columns)
  for (const { def: one } of def.ones)
    for (const key of foreignKeysTo(def.table, one.table)) writableKeys.add(key)
  const writable = [...writableKeys].flatMap((key): WritableColumn[] => {
    const column = table.columns[key]
    if (column === undefined) return []
    return [{ key, column, kind: valueKindOf(column) }]
  })
  const lists = def.fields.filter((field) => field.kind === 'path' || field.kind === 'nested')
  const relations = lists.flatMap((field): RelationWrite[] => {
    if (field.kind !== 'path' && field.kind !== 'nested') return []
    const resolved = resolvedOf(module, def, field.path)
    const [link] = resolved.links
    if (!link || resolved.links.length !== 1 || link.kind !== 'many') return []
    const target = columnsOf(link.target)
    const ownerKeys = link.targetColumns.map(
      (column) => Object.keys(target).find((key) => target[key] === column) ?? column.name,
    )
    if (field.kind === 'path')
      return resolved.key
        ? [
            {
              field,
              link,
              column: resolved.key,
              keyColumn: target[resolved.key],
              max: field.max,
              ownerKeys,
            },
          ]
        : []
    const child = field.child === Self ? def : field.child
    return [{ field, link, child, max: field.max, ownerKeys }]
  })
  const declaresKey = table.keys.length > 0 && table.keys.every((key) => def.columns.includes(key))
  return { module, def, table, writable, writableKeys, declaresKey, lists, relations }
}

/** Does `value` give the whole primary key of `table` (a row to update, or one to link)? */
export function keyGiven(table: TablePlan, value: Row): boolean {
  return (
    table.keys.length > 0 &&
    table.keys.every((key) => value[key] !== undefined && value[key] !== null)
  )
}

/** An update (`'w'`) when `value` gives the whole primary key and the schema declares it (and `mustCreate` is off), else an insert (`'a'`). */
export function writeModeOf(plan: WritePlan, value: Row, mustCreate?: boolean): 'a' | 'w' {
  return !mustCreate && plan.declaresKey && keyGiven(plan.table, value) ? 'w' : 'a'
}

/** The list a relation field is given (under its output key or its own key). */
export function givenList(field: DefField, value: Row): unknown[] | undefined {
  const given = value[field.out] ?? value[field.key]
  return Array.isArray(given) ? given : undefined
}

/** A to-many relation's `fk = parent key` condition, and the owner values its new rows get. */
export function ownedBy(relation: RelationWrite, parent: Row): { where: SQL; values: Row } {
  const { link } = relation
  const values: Row = {}
  const parts = link.targetColumns.map((column, index) => {
    const key = relation.ownerKeys[index] as string
    values[key] = parent[link.sourceKeys[index] as string]
    return eq(column as PgColumn, values[key])
  })
  return { where: and(...parts) as SQL, values }
}
