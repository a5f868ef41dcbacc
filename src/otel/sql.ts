/**
 * What a span may say of an SQL statement: its operation and its first table, read from the
 * statement's head, never its values (drizzle sends values as `$n` parameters, and nothing after
 * the table name is kept, so a literal in a raw statement is never read either).
 */

/** The operation, table and `db.query.summary` of one statement. */
export interface StatementSummary {
  /** `SELECT`, `INSERT`, ... (upper case) */
  operation: string
  /** the first table it names, unquoted, if found */
  table: string | undefined
  /** `SELECT articles`: the operation and the table (OpenTelemetry's `db.query.summary`) */
  summary: string
}

const OPERATION = /^\s*([a-z]+)/i
/** a table name, quoted or not, with its schema */
const NAME = String.raw`((?:"[^"]{1,128}"|[\w$]{1,128})(?:\s*\.\s*(?:"[^"]{1,128}"|[\w$]{1,128}))?)`
const TABLE: Record<string, RegExp> = {
  SELECT: new RegExp(String.raw`\bfrom\s+${NAME}`, 'i'),
  DELETE: new RegExp(String.raw`\bfrom\s+${NAME}`, 'i'),
  INSERT: new RegExp(String.raw`\binto\s+${NAME}`, 'i'),
  UPDATE: new RegExp(String.raw`^\s*update\s+${NAME}`, 'i'),
}

/** Statements are read up to this many characters: a long one costs no more than a short one. */
const HEAD = 512

/**
 * The operation and table of `sql` (`select "id" from "articles" where ...` → `SELECT articles`).
 *
 * @example summarize('insert into "users" ("email") values ($1)') // { operation: 'INSERT', table: 'users', summary: 'INSERT users' }
 */
export function summarize(sql: string): StatementSummary {
  const head = sql.length > HEAD ? sql.slice(0, HEAD) : sql
  const operation = (OPERATION.exec(head)?.[1] ?? 'QUERY').toUpperCase()
  const named = TABLE[operation]?.exec(head)?.[1]
  const table = named?.replace(/"/g, '').replace(/\s+/g, '')
  return { operation, table, summary: table ? `${operation} ${table}` : operation }
}
