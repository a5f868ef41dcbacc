/**
 * SPEC §10.2 "Errors": every data exception of the
 * database (SQLSTATE class 22) is a 400 with a clear message, constraint
 * violations (class 23) 409 / 400 — never a 500 — and no message carries SQL
 * text or the values. The errors are real ones, from PGlite and from a
 * PostgreSQL server; the HTTP side is tests/orm/filters.test.ts.
 */
import { exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as tables from '../../examples/blog/tables'
import { guarded, rethrowOf } from '../../src/orm/errors'
import { engines, openEngine, type EngineDb } from './engines'

/** Statements that raise one data exception each (and the value each one quotes, which no message may carry). */
const DATA_EXCEPTIONS: readonly { sql: string; code: string; quoted: string }[] = [
  { sql: `SELECT '+099999-01-01T00:00:00.000Z'::timestamptz`, code: '22009', quoted: '099999' },
  { sql: `SELECT '294277-01-01'::timestamptz`, code: '22008', quoted: '294277' },
  { sql: `SELECT 'secret-abc'::int`, code: '22P02', quoted: 'secret-abc' },
  { sql: `SELECT 9999999999999::int`, code: '22003', quoted: '9999999999999' },
  { sql: `SELECT 1 / (SELECT 0)`, code: '22012', quoted: '1 /' },
  { sql: `SELECT 'x' ~ '(secret'`, code: '2201B', quoted: 'secret' },
  { sql: `SELECT substr('secret', 1, -1)`, code: '22011', quoted: 'secret' },
]

async function databaseErrorOf(db: EngineDb, statement: string): Promise<unknown> {
  try {
    await db.database.execute(statement)
  } catch (error) {
    return error
  }
  throw new Error(`no error from ${statement}`)
}

describe.each(engines)('database errors mapped on %s', (engine) => {
  let db: EngineDb
  beforeAll(async () => {
    db = await openEngine(engine)
  }, 120_000)
  afterAll(() => db?.stop())

  it('every data exception (22xxx) is a 400 naming the table, its kind, and neither SQL nor values', async () => {
    for (const { sql, code, quoted } of DATA_EXCEPTIONS) {
      const raw = await databaseErrorOf(db, sql)
      expect((raw as { code?: string }).code, sql).toBe(code)
      const mapped = orm.mapDatabaseError(raw, tables.articles, 'query')
      expect(mapped, sql).toBeInstanceOf(exceptions.BadRequest)
      const error = mapped as exceptions.HttpError
      expect(error.status).toBe(400)
      expect(error.message).toMatch(/^articles: a filter value is invalid or out of range \([a-z_0-9]+\)$/)
      expect(error.message).not.toContain(quoted)
      expect(error.message).not.toMatch(/select/i)
      expect(error.cause).toBeInstanceOf(orm.DatabaseError)
      expect((error.cause as orm.DatabaseError).code).toBe(code)
    }
  })

  it('a write with an out-of-range value is a 400 about the body; other errors stay a DatabaseError (a 500)', async () => {
    const raw = await databaseErrorOf(db, `SELECT 'abc'::int`)
    const mapped = orm.mapDatabaseError(raw, tables.articles) as exceptions.HttpError
    expect(mapped.status).toBe(400)
    expect(mapped.message).toBe('articles: a value is invalid or out of range (invalid_text_representation)')
    const missing = orm.mapDatabaseError(await databaseErrorOf(db, 'SELECT * FROM no_such_table'), tables.articles)
    expect(missing).toBeInstanceOf(orm.DatabaseError)
    expect(missing).not.toBeInstanceOf(exceptions.HttpError)
  })
})

describe('constraint violations (23xxx) in-process', () => {
  it("names the field from Postgres' column, never from a runtime's numeric `column` on the error (Bun sets the source column)", () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505', table: 'users', constraint: 'users_username_unique', detail: 'Key (username)=(alice) already exists.', column: 21 })
    const mapped = orm.mapDatabaseError(unique, tables.users) as exceptions.HttpError
    expect(mapped).toBeInstanceOf(exceptions.Conflict)
    expect(mapped.message).toMatch(/^users\.username must be unique/)
    expect(mapped.errors.map((issue) => issue.name)).toEqual(['username'])
    expect(mapped.message).not.toContain('=(alice)')
    const notNull = Object.assign(new Error('null value'), { code: '23502', table: 'users', column_name: 'username', column: 7 })
    expect((orm.mapDatabaseError(notNull, tables.users) as exceptions.HttpError).message).toMatch(/^users\.username is required/)
  })

  it('restrict and exclusion violations are 409, any other integrity violation 400, never a DatabaseError', () => {
    const failure = (code: string) => Object.assign(new Error('violates ... Key (id)=(7)'), { code, table: 'articles', constraint: 'articles_c' })
    for (const [code, Kind] of [['23001', exceptions.Conflict], ['23P01', exceptions.Conflict], ['23000', exceptions.BadRequest], ['23999', exceptions.BadRequest]] as const) {
      const mapped = orm.mapDatabaseError(failure(code), tables.articles)
      expect(mapped, code).toBeInstanceOf(Kind)
      // the constraint's name is the schema's, never the client's (D7): it stays on the cause, for logs
      expect((mapped as exceptions.HttpError).message).not.toContain('articles_c')
      expect(((mapped as exceptions.HttpError).cause as orm.DatabaseError).constraint).toBe('articles_c')
      expect((mapped as exceptions.HttpError).message).not.toContain('=(7)')
    }
  })
})

describe('rethrowOf', () => {
  it("throws a failed statement's error mapped as guarded maps it (what a write's table plan holds: query.catch(rethrow))", async () => {
    const unique = Object.assign(new Error('duplicate key'), { code: '23505', table: 'users', constraint: 'users_username_unique', detail: 'Key (username)=(alice) already exists.' })
    const rethrow = rethrowOf(tables.users)
    const viaCatch = await Promise.reject(unique).catch(rethrow).catch((error: unknown) => error)
    const viaGuarded = await guarded(tables.users, () => Promise.reject(unique)).catch((error: unknown) => error)
    expect(viaCatch).toBeInstanceOf(exceptions.Conflict)
    expect((viaCatch as exceptions.HttpError).message).toBe((viaGuarded as exceptions.HttpError).message)
    expect((viaCatch as exceptions.HttpError).errors).toEqual((viaGuarded as exceptions.HttpError).errors)
    const other = new Error('not a database error')
    expect(() => rethrow(other)).toThrow(other)
    expect(await Promise.resolve(7).catch(rethrow)).toBe(7)
  })
})
