import { is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured } from '../exceptions'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { ddlStatements, qualifiedName, schemaFingerprint, type GeneratedDdl } from './ddl'

/** The drizzle database the tables are created on (database.ts `Db`, not imported: database.ts imports this file). */
type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>

type Rows = Record<string, unknown>[]
const rowsOf = (result: unknown): Rows =>
  Array.isArray(result) ? (result as Rows) : ((result as { rows?: Rows }).rows ?? [])

/** `schema.name` of what exists in the database: relations of any kind (tables, views) and enum types. */
async function existing(db: Db): Promise<Set<string>> {
  const rows = rowsOf(
    await db.execute(
      sql`select n.nspname as s, c.relname as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p', 'v', 'm', 'f') union all select n.nspname, t.typname from pg_type t join pg_namespace n on n.oid = t.typnamespace where t.typtype = 'e'`,
    ),
  )
  return new Set(rows.map((row) => `${String(row.s)}.${String(row.n)}`))
}

/**
 * `orm.Database({ create })`: create the tables of the drizzle schema module
 * that the database lacks — with their indexes, unique, check and foreign-key
 * constraints, and the enum types they need — in one transaction. Tables that
 * exist are left as they are (never altered), so a second connect creates
 * nothing; the catalog is read first and nothing else runs when every table
 * exists. `create: true` builds the SQL with drizzle-kit (`generateDrizzleJson`
 * of the missing tables, then `generateMigration` from an empty snapshot);
 * `create: { ddl }` runs the statements `npx fw-api db generate` wrote, without
 * drizzle-kit, when every table is missing (a database where only some are
 * falls back to drizzle-kit), after checking they were generated from these
 * tables. Returns the names of the tables created.
 */
export async function createMissingTables(
  db: Db,
  schema: Record<string, unknown>,
  generated?: GeneratedDdl,
): Promise<string[]> {
  if (generated && generated.fingerprint !== schemaFingerprint(schema))
    throw new ImproperlyConfigured(
      `orm.Database({ create: { ddl } }): the generated DDL (tables ${generated.tables.join(', ')}) was made from other tables than the schema module's: regenerate it with npx fw-api db generate <tables module>`,
    )
  const present = await existing(db)
  const missing: Record<string, unknown> = {}
  const created: string[] = []
  let declared = 0
  for (const [key, value] of Object.entries(schema)) {
    const name = qualifiedName(value)
    if (name === undefined) continue
    declared++
    if (present.has(name)) continue
    missing[key] = value
    if (is(value, PgTable)) created.push(name.slice(name.indexOf('.') + 1))
  }
  if (created.length === 0) return []
  const everything = Object.keys(missing).length === declared
  const statements =
    generated && everything
      ? generated.statements
      : await ddlStatements(
          missing,
          generated
            ? `orm.Database({ create: { ddl } }) with only some tables present (missing: ${Object.values(missing).map(qualifiedName).join(', ')})`
            : undefined,
        )
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement))
  })
  return created
}
