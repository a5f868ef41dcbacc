/**
 * src/utils/database-errors.ts: a database error described without its data — a kind from the
 * SQLSTATE, the constraint and table names, never the SQL, the values or the driver's message.
 */
import { describe, expect, it } from 'vitest'
import { databaseFailureOf, describeFailure, kindOfCode, stackFrames } from '../../src/utils/database-errors'

describe('kindOfCode', () => {
  it('names the codes fw knows and writes any other as sqlstate_<code>', () => {
    expect(kindOfCode('23505')).toBe('unique_violation')
    expect(kindOfCode('57014')).toBe('query_canceled')
    expect(kindOfCode('XX000')).toBe('sqlstate_XX000')
  })
})

describe('databaseFailureOf', () => {
  it('reads a driver error’s SQLSTATE, constraint and table (both spellings), never its message', () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint: Key (email)=(a@b.c)'), {
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
    })
    const failure = databaseFailureOf(error)
    expect(failure).toEqual({ kind: 'unique_violation', code: '23505', constraint: 'users_email_key', table: 'users' })
    expect(JSON.stringify(failure)).not.toContain('a@b.c')
    expect(databaseFailureOf({ code: '23503', constraint_name: 'fk', table_name: 'posts' })).toMatchObject({ constraint: 'fk', table: 'posts' })
  })

  it('finds the cause under wrappers (a bounded walk)', () => {
    const inner = { code: '40P01' }
    expect(databaseFailureOf(new Error('wrapped', { cause: new Error('again', { cause: inner }) }))?.kind).toBe('deadlock_detected')
    let deep: { cause?: unknown } = { code: '23505' } as { cause?: unknown }
    for (let index = 0; index < 20; index++) deep = { cause: deep }
    expect(databaseFailureOf(deep)).toBeUndefined()
    const cyclic: { cause?: unknown } = {}
    cyclic.cause = cyclic
    expect(databaseFailureOf(cyclic)).toBeUndefined()
  })

  it('keeps the table of a missing relation, read from the message’s one identifier', () => {
    expect(databaseFailureOf({ code: '42P01', message: 'relation "articles" does not exist' })).toMatchObject({ kind: 'undefined_table', table: 'articles' })
    expect(databaseFailureOf({ code: '42P01', message: 'relation "x" does not exist; secret' })?.table).toBeUndefined()
  })

  it('takes fw’s own DatabaseError as it describes itself', () => {
    expect(databaseFailureOf({ name: 'DatabaseError', kind: 'unique_violation', code: '23505', constraint: 'c' })).toEqual({
      kind: 'unique_violation',
      code: '23505',
      constraint: 'c',
      table: undefined,
    })
  })

  it('calls a query wrapper without a code `query_failed`, and anything else no database failure', () => {
    expect(databaseFailureOf(Object.assign(new Error('Failed query: select …'), { query: 'select 1', params: [] }))).toEqual({ kind: 'query_failed' })
    expect(databaseFailureOf(new Error('plain'))).toBeUndefined()
    expect(databaseFailureOf({ code: 'ECONNRESET' })).toBeUndefined()
    expect(databaseFailureOf('23505')).toBeUndefined()
    expect(databaseFailureOf(null)).toBeUndefined()
  })
})

describe('describeFailure', () => {
  it('says the kind, code, constraint and table it has', () => {
    expect(describeFailure({ kind: 'unique_violation', code: '23505', constraint: 'users_username_unique', table: 'users' })).toBe(
      'unique_violation (23505) on constraint users_username_unique of table users',
    )
    expect(describeFailure({ kind: 'query_failed' })).toBe('query_failed')
  })
})

describe('stackFrames', () => {
  it('keeps the frames and drops the message lines (which may quote data)', () => {
    expect(stackFrames('Error: Key (email)=(a@b.c)\nsecond line\n    at f (x.ts:1:1)\n    at g (y.ts:2:2)')).toBe('    at f (x.ts:1:1)\n    at g (y.ts:2:2)')
    expect(stackFrames('Error: no frames')).toBeUndefined()
    expect(stackFrames(undefined)).toBeUndefined()
  })
})
