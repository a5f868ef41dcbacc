import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { BadRequest, Conflict, HttpError, ServiceUnavailable, type ParamIssue } from '../exceptions'
import { databaseFailureOf, describeFailure, type DatabaseFailure } from '../utils/database-errors'
import { columnsOf } from './relations'

/** The fields of a Postgres error, as PGlite and postgres.js name them. */
interface PgErrorLike {
  code: string
  detail?: string
  column?: unknown
  column_name?: unknown
}

/** The Postgres error under drizzle's `DrizzleQueryError` (and any other wrapper). */
function pgErrorOf(error: unknown): PgErrorLike | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as Partial<PgErrorLike> & { cause?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate as PgErrorLike
    current = candidate.cause
  }
  return undefined
}

/**
 * A database failure as fw keeps it: its kind (from the SQLSTATE), code,
 * constraint and table — never the SQL text, the bound values or the
 * driver's message, and no `cause` (the driver error quotes them). Every
 * orm error that came from the database has one as its `cause`; the Logger
 * prints it by kind and constraint.
 *
 * @example
 * try { await UserSchema.save(row) } catch (error) {
 *   if (error instanceof exceptions.HttpError && error.cause instanceof orm.DatabaseError) console.log(error.cause.kind) // 'unique_violation'
 * }
 */
export class DatabaseError extends Error implements DatabaseFailure {
  readonly kind: string
  readonly code?: string
  readonly constraint?: string
  readonly table?: string

  constructor(failure: DatabaseFailure) {
    super(`database error: ${describeFailure(failure)}${hintOf(failure)}`)
    this.name = 'DatabaseError'
    this.kind = failure.kind
    this.code = failure.code
    this.constraint = failure.constraint
    this.table = failure.table
  }
}

/** What to do about a failure that is the app's set-up, not a request's data (a table that does not exist). */
function hintOf(failure: DatabaseFailure): string {
  if (failure.kind !== 'undefined_table') return ''
  const table = failure.table ? `the table ${failure.table}` : 'a table the query uses'
  return `: ${table} does not exist — orm.Database({ create: true }) creates the drizzle schema's missing tables on connect (development, tests); in production, apply drizzle-kit migrations (docs/orm.md, "Tables from the drizzle schema")`
}

/** `Key (a, b)=(1, 2) ...` → `['a', 'b']` */
function detailColumns(detail: string | undefined): string[] {
  const match = detail && /^Key \(([^)]*)\)/.exec(detail)
  return match?.[1] ? match[1].split(',').map((name) => name.trim().replace(/^"|"$/g, '')) : []
}

/** Map column names back to the table's TS keys (the names the API's fields use). */
function fieldNames(table: PgTable | undefined, names: string[]): string[] {
  if (!table) return names
  const columns = Object.entries(columnsOf(table))
  return names.map((name) => columns.find(([, column]) => column.name === name)?.[0] ?? name)
}

/**
 * Turn a Postgres error into fw's HTTP exceptions, naming the table and the
 * field — never the constraint (its name is the schema's, not the client's:
 * it stays on the `cause`, an `orm.DatabaseError`, for logs); another database error becomes an `orm.DatabaseError` (a 500
 * that carries its kind, never SQL or values); anything else is returned
 * unchanged.
 *
 * | SQLSTATE | meaning | exception |
 * |---|---|---|
 * | 23505 | unique violation | 409 Conflict |
 * | 23503 | foreign-key violation | 400 BadRequest |
 * | 23502 | not-null violation | 400 BadRequest |
 * | 23514 | check violation | 400 BadRequest |
 * | 23001, 23P01 | restrict / exclusion violation | 409 Conflict |
 * | other 23xxx | integrity constraint violation | 400 BadRequest |
 * | 22xxx (22P02, 22003, 22008, 22009, 22012, ...) | data exception: invalid / out-of-range value | 400 BadRequest |
 * | 57014 | statement timeout (`statementTimeout`) | 503 ServiceUnavailable |
 *
 * `source` is where the values came from, for the 400's issues: `'body'`
 * (writes, the default) or `'query'` (reads: filters).
 *
 * @example
 * try { await db.insert(users).values(row) } catch (error) { throw orm.mapDatabaseError(error, users) } // unique violation → 409
 */
export function mapDatabaseError(
  error: unknown,
  table?: PgTable,
  source: 'body' | 'query' = 'body',
): unknown {
  if (error instanceof HttpError || error instanceof DatabaseError) return error
  const failure = databaseFailureOf(error)
  if (!failure) return error
  const cause = new DatabaseError(failure)
  const pg = pgErrorOf(error)
  if (!pg) return cause
  const tableName = failure.table ?? (table ? getTableConfig(table).name : 'row')
  const columns = fieldNames(
    table && getTableConfig(table).name === tableName ? table : undefined,
    detailColumns(pg.detail),
  )
  // PGlite's `column`, postgres.js's `column_name`; Bun also sets a numeric `column` (the source position) on every Error
  const column = [pg.column_name, pg.column].find(
    (name): name is string => typeof name === 'string' && name !== '',
  )
  const fields = column ? fieldNames(table, [column]) : columns
  const named = fields.length ? fields.join(', ') : 'value'
  const issues = (message: string): ParamIssue[] =>
    (fields.length ? fields : ['']).map((name) => ({
      in: source,
      name,
      path: name ? [name] : [],
      message,
    }))
  const make = (Kind: typeof BadRequest | typeof Conflict, message: string): HttpError =>
    new Kind(message, { errors: issues(message), cause })
  switch (pg.code) {
    case '23505':
      return make(
        Conflict,
        `${tableName}.${named} must be unique: a row with this ${named} already exists`,
      )
    case '23503':
      return /still referenced/.test(pg.detail ?? '')
        ? make(Conflict, `${tableName} row is still referenced by other rows`)
        : make(BadRequest, `${tableName}.${named} refers to a row that does not exist`)
    case '23502':
      return make(BadRequest, `${tableName}.${named} is required (null value)`)
    case '23514':
      return make(BadRequest, `${tableName}: a value fails a check`)
    case '23001':
      return make(Conflict, `${tableName} row is still referenced by other rows`)
    case '23P01':
      return make(Conflict, `${tableName}: the row conflicts with an existing row`)
    case '57014':
      return new ServiceUnavailable('the database took too long to answer (statement timeout)', {
        cause,
      })
  }
  // Every data exception (class 22: a date or number out of range, an invalid text representation, ...) is the client's value.
  if (pg.code.startsWith('22')) {
    const what = column
      ? `${tableName}.${named}: invalid or out-of-range value`
      : `${tableName}: ${source === 'query' ? 'a filter value' : 'a value'} is invalid or out of range`
    return make(BadRequest, `${what} (${failure.kind})`)
  }
  if (pg.code.startsWith('23'))
    return make(BadRequest, `${tableName}: a value violates an integrity constraint`)
  return cause
}

/**
 * What a failed statement on `table` rethrows, made once per table (a write's table plan holds it):
 * its error mapped as `guarded` maps it. `query.catch(rethrow)` runs nothing of it on success.
 *
 * @example await db.insert(tags).values(rows).catch(rethrowOf(tags)) // a duplicate name: a 409
 */
export function rethrowOf(
  table: PgTable,
  source: 'body' | 'query' = 'body',
): (error: unknown) => never {
  return (error) => {
    throw mapDatabaseError(error, table, source)
  }
}

/** Run a database call, mapping constraint errors and data exceptions to HTTP exceptions (`source`: where the values came from). */
export async function guarded<T>(
  table: PgTable,
  run: () => Promise<T>,
  source: 'body' | 'query' = 'body',
): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw mapDatabaseError(error, table, source)
  }
}
