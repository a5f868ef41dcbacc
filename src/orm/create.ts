import { is, sql } from 'drizzle-orm'
import { getTableConfig, isPgEnum, PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

/** The drizzle database the tables are created on (database.ts `Db`, not imported: database.ts imports this file). */
type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>

/** drizzle-kit's programmatic API (`drizzle-kit/api`), the part `create: true` uses. */
interface DrizzleKit {
  generateDrizzleJson(imports: Record<string, unknown>): unknown
  generateMigration(previous: unknown, current: unknown): Promise<string[]>
}

// A computed specifier: bundlers of an app without `create: true` never pull drizzle-kit in.
const DRIZZLE_KIT = ['drizzle-kit', 'api'].join('/')

async function drizzleKit(): Promise<DrizzleKit> {
  try {
    return (await import(/* @vite-ignore */ DRIZZLE_KIT)) as DrizzleKit
  } catch {
    throw new ImproperlyConfigured(
      "orm.Database({ create: true }) needs drizzle-kit: npm install -D drizzle-kit (it builds the tables' SQL from the drizzle schema)",
    )
  }
}

type Rows = Record<string, unknown>[]
const rowsOf = (result: unknown): Rows =>
  Array.isArray(result) ? (result as Rows) : ((result as { rows?: Rows }).rows ?? [])

/** `schema.name` of what exists in the database: tables, views (relations of any kind) and enum types. */
async function existing(db: Db): Promise<{ relations: Set<string>; types: Set<string> }> {
  const relations = rowsOf(
    await db.execute(
      sql`select n.nspname as s, c.relname as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    ),
  )
  const types = rowsOf(
    await db.execute(
      sql`select n.nspname as s, t.typname as n from pg_type t join pg_namespace n on n.oid = t.typnamespace where t.typtype = 'e'`,
    ),
  )
  const names = (rows: Rows) => new Set(rows.map((row) => `${String(row.s)}.${String(row.n)}`))
  return { relations: names(relations), types: names(types) }
}

/**
 * `orm.Database({ create: true })`: create the tables of the drizzle schema
 * module that the database lacks — with their indexes, unique, check and
 * foreign-key constraints, and the enum types they need — from drizzle-kit's
 * own SQL (`generateDrizzleJson` of the missing tables, then
 * `generateMigration` from an empty snapshot), in one transaction. Tables that
 * exist are left as they are (never altered), so a second connect creates
 * nothing. Returns the names of the tables created.
 */
export async function createMissingTables(
  db: Db,
  schema: Record<string, unknown>,
): Promise<string[]> {
  const present = await existing(db)
  const missing: Record<string, unknown> = {}
  const created: string[] = []
  for (const [key, value] of Object.entries(schema)) {
    if (is(value, PgTable)) {
      const config = getTableConfig(value)
      if (present.relations.has(`${config.schema ?? 'public'}.${config.name}`)) continue
      missing[key] = value
      created.push(config.name)
    } else if (
      isPgEnum(value) &&
      !present.types.has(`${value.schema ?? 'public'}.${value.enumName}`)
    )
      missing[key] = value
  }
  if (created.length === 0) return []
  for (const value of Object.values(missing)) assertQuotable(value)
  const kit = await drizzleKit()
  const statements = await kit.generateMigration(
    kit.generateDrizzleJson({}),
    kit.generateDrizzleJson(missing),
  )
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement))
  })
  return created
}

/**
 * Refuse a name drizzle-kit's DDL would not escape: it writes identifiers as
 * `"name"` without doubling a `"` inside, so `pgTable('a" (x int); drop table users; --', ...)`
 * would end the identifier and run the rest as SQL. Every identifier of a
 * table to create (its schema, name, columns, indexes and constraints) and of
 * an enum must be free of `"` (values and defaults are escaped by drizzle-kit).
 */
function assertQuotable(value: unknown): void {
  const names: [string, string | undefined][] = []
  if (is(value, PgTable)) {
    const config = getTableConfig(value)
    names.push(['schema', config.schema], ['table', config.name])
    for (const column of config.columns) names.push([`column of ${config.name}`, column.name])
    for (const index of config.indexes) names.push([`index of ${config.name}`, index.config.name])
    for (const unique of config.uniqueConstraints)
      names.push([`unique constraint of ${config.name}`, unique.getName()])
    for (const key of config.foreignKeys)
      names.push([`foreign key of ${config.name}`, key.getName()])
    for (const key of config.primaryKeys)
      names.push([`primary key of ${config.name}`, key.getName()])
    for (const check of config.checks) names.push([`check of ${config.name}`, check.name])
  } else if (isPgEnum(value)) names.push(['schema', value.schema], ['enum', value.enumName])
  for (const [what, name] of names)
    if (name?.includes('"'))
      throw new ImproperlyConfigured(
        `orm.Database({ create: true }): the ${what} ${JSON.stringify(name)} holds a double quote, which drizzle-kit's SQL does not escape: rename it, or create the table with a migration of your own`,
      )
}
