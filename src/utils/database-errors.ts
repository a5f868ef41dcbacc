/**
 * Database errors described without their data: a kind (from the SQLSTATE)
 * and a constraint name, never the SQL text, the bound values or the driver's
 * message (which quotes values: `Key (email)=(a@b.c) already exists`). The
 * orm builds its errors from this, and the Logger prints only this.
 * @internal
 */

/** SQLSTATE → kind, for the codes fw maps or that a log reader needs to tell apart. */
const KINDS: Readonly<Record<string, string>> = {
  '23505': 'unique_violation',
  '23503': 'foreign_key_violation',
  '23502': 'not_null_violation',
  '23514': 'check_violation',
  '23P01': 'exclusion_violation',
  '23001': 'restrict_violation',
  '23000': 'integrity_constraint_violation',
  '22000': 'data_exception',
  '22004': 'null_value_not_allowed',
  '22009': 'invalid_time_zone_displacement_value',
  '22012': 'division_by_zero',
  '22019': 'invalid_escape_character',
  '22023': 'invalid_parameter_value',
  '22025': 'invalid_escape_sequence',
  '2201B': 'invalid_regular_expression',
  '22P02': 'invalid_text_representation',
  '22003': 'numeric_value_out_of_range',
  '22001': 'string_data_right_truncation',
  '22007': 'invalid_datetime_format',
  '22008': 'datetime_field_overflow',
  '22021': 'character_not_in_repertoire',
  '22P05': 'untranslatable_character',
  '40001': 'serialization_failure',
  '40P01': 'deadlock_detected',
  '42P01': 'undefined_table',
  '42703': 'undefined_column',
  '42601': 'syntax_error',
  '53300': 'too_many_connections',
  '57014': 'query_canceled',
  '57P01': 'admin_shutdown',
  '08006': 'connection_failure',
  '08001': 'sqlclient_unable_to_establish_sqlconnection',
}

/** A database error reduced to what may be logged. */
export interface DatabaseFailure {
  /** `unique_violation`, `query_canceled`, ... (`sqlstate_XXXXX` for other codes, `query_failed` without one) */
  kind: string
  /** the SQLSTATE, when the driver gave one */
  code?: string
  /** the constraint the database named, if any */
  constraint?: string
  /** the table the database named, if any */
  table?: string
}

const SQLSTATE = /^[0-9A-Z]{5}$/

type Candidate = {
  code?: unknown
  message?: unknown
  constraint?: unknown
  constraint_name?: unknown
  table?: unknown
  table_name?: unknown
  query?: unknown
  params?: unknown
  kind?: unknown
  cause?: unknown
  name?: unknown
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined

/** The kind of a SQLSTATE. */
export function kindOfCode(code: string): string {
  return KINDS[code] ?? `sqlstate_${code}`
}

/**
 * Find a database error in `error` or its `cause` chain (a driver error with a
 * SQLSTATE, a drizzle `DrizzleQueryError` carrying `query`/`params`, or an
 * error that already is a `DatabaseFailure`), and describe it without data.
 */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  let wrapped = false
  for (
    let current = error, depth = 0;
    typeof current === 'object' && current !== null && depth < 8;
    depth++
  ) {
    const candidate = current as Candidate
    if (candidate.name === 'DatabaseError' && typeof candidate.kind === 'string') {
      return {
        kind: candidate.kind,
        code: text(candidate.code),
        constraint: text(candidate.constraint),
        table: text(candidate.table),
      }
    }
    const code = text(candidate.code)
    if (code && SQLSTATE.test(code)) {
      return {
        kind: kindOfCode(code),
        code,
        constraint: text(candidate.constraint) ?? text(candidate.constraint_name),
        table: text(candidate.table) ?? text(candidate.table_name) ?? missingTableOf(candidate),
      }
    }
    if (typeof candidate.query === 'string' && 'params' in candidate) wrapped = true
    current = candidate.cause
  }
  return wrapped ? { kind: 'query_failed' } : undefined
}

/**
 * The table an `undefined_table` (42P01) error names: Postgres sets no table
 * field for it, only its message `relation "name" does not exist` — an
 * identifier of the query, never a value, so it is safe to keep.
 */
function missingTableOf(candidate: Candidate): string | undefined {
  if (candidate.code !== '42P01' || typeof candidate.message !== 'string') return undefined
  return /^relation "([^"]{1,200})" does not exist$/.exec(candidate.message)?.[1]
}

/** `unique_violation (23505) on constraint users_username_unique of table users` */
export function describeFailure(failure: DatabaseFailure): string {
  const code = failure.code ? ` (${failure.code})` : ''
  const constraint = failure.constraint ? ` on constraint ${failure.constraint}` : ''
  const table = failure.table ? ` of table ${failure.table}` : ''
  return `${failure.kind}${code}${constraint}${table}`
}

/** The frames of a stack without its first lines (the message, which may quote data). */
export function stackFrames(stack: string | undefined): string | undefined {
  if (!stack) return undefined
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line))
  return frames.length ? frames.join('\n') : undefined
}
