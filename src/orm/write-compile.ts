/**
 * A schema's write compiled (orm/write-plan.ts keeps the plans, one per schema and schema module,
 * and runs what they answer per call): its table's columns, primary and unique keys, owner
 * columns and `$onUpdate` stamps, read from drizzle's table once; the columns the schema declares
 * writable (its column fields and its to-one relations' foreign keys), each with the check its
 * type takes; its relation lists resolved through the schema module — a key list through a
 * junction with the junction's owner and key columns, nested rows of a to-many relation with
 * their child schema — and each list's bound. Runs on a schema's first write only, as an
 * endpoint's compile runs at build.
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { getTableConfig } from 'drizzle-orm/pg-core'
import { resolvedOf } from './build'
import { rethrowOf } from './errors'
import { isPrototypeKey } from './safe'
import { Self, type DefField, type SchemaDef } from './fields'
import {
  columnsOf,
  foreignKeyColumnsOf,
  foreignKeysTo,
  primaryKeysOf,
  uniqueKeysOf,
  type Link,
} from './relations'

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
  /** a failed statement's error on it, mapped to its HTTP exception (`statement.catch(rethrow)`: no call on success) */
  readonly rethrow: (error: unknown) => never
}

/** The write facts of `table`, read from its drizzle definition. @example readTablePlan(users).keys // ['id'] */
export function readTablePlan(table: PgTable): TablePlan {
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
    rethrow: rethrowOf(table),
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
export interface WritableColumn {
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
  /**
   * the keys a value may give that the plan knows — its writable columns and its relation fields
   * (output key and own key) — none a prototype name: a value of these keys only, each a primitive
   * without a NUL byte or a list of them, is safe with no walk of orm/safe.ts (write-plan.ts)
   */
  readonly knownKeys: ReadonlySet<string>
}

/**
 * Compile `def`'s write under a schema module, over its table's plan.
 *
 * @example compileWritePlan(module, def, readTablePlan(def.table)).writableKeys
 */
export function compileWritePlan(module: Module, def: SchemaDef, table: TablePlan): WritePlan {
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
  const knownKeys = new Set(
    [...writableKeys, ...lists.flatMap((field) => [field.out, field.key])].filter(
      (key) => !isPrototypeKey(key),
    ),
  )
  return { module, def, table, writable, writableKeys, declaresKey, lists, relations, knownKeys }
}
