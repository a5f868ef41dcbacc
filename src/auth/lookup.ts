/**
 * The row `login()` checks the password of, read by a statement built once: drizzle's select of
 * the user's table by its login columns, prepared per database (a transaction is its own) and
 * number of idents (the ident as typed and normalised: one or two values), its idents bound at
 * each call. A login then renders no SQL (it was 2–4 % of a login's CPU at 1 000 PBKDF2
 * iterations, bench/README.md "B7"); the statement Postgres gets is the same text as before.
 */
import { eq, or, sql, type Column } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../orm/connection'

/** A prepared login lookup: its rows for the bound idents (`i0`, `i1`). */
interface Lookup {
  execute(values: Record<string, unknown>): Promise<Record<string, unknown>[]>
}

/**
 * The row lookup of one `auth.User` config: `(db, idents)` gives at most one row whose login
 * column (any of them) holds one of the idents, by a statement built once per `db` and count of
 * idents.
 *
 * @example
 * const lookup = loginLookup(users, [users.email])
 * const [row] = await lookup(await database.db(), ['alice@example.com'])
 */
export function loginLookup(
  table: PgTable,
  loginColumns: readonly Column[],
): (db: Db, idents: readonly string[]) => Promise<Record<string, unknown>[]> {
  const byDb = new WeakMap<object, Map<number, Lookup>>()
  const build = (db: Db, count: number): Lookup => {
    const placeholders = Array.from({ length: count }, (_, index) => sql.placeholder(`i${index}`))
    const where = or(
      ...loginColumns.flatMap((column) => placeholders.map((value) => eq(column, value))),
    )
    return db.select().from(table).where(where).limit(1).prepare('fw_login') as Lookup
  }
  return (db, idents) => {
    let lookups = byDb.get(db)
    if (lookups === undefined) byDb.set(db, (lookups = new Map()))
    let lookup = lookups.get(idents.length)
    if (lookup === undefined) lookups.set(idents.length, (lookup = build(db, idents.length)))
    return lookup.execute(Object.fromEntries(idents.map((ident, index) => [`i${index}`, ident])))
  }
}
