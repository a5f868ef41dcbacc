/**
 * `login()`'s row lookup (src/auth/lookup.ts): found by any login column and either ident (as typed,
 * normalised), one statement per login, and its drizzle select built once per database and count
 * of idents — a login renders no SQL — on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../examples/blog/tables'
import { loginLookup } from '../../src/auth/lookup'
import type { Db } from '../../src/orm/connection'
import { engines, openEngine, type EngineDb } from '../orm/engines'

describe.each(engines)('the login lookup on %s', (engine) => {
  let opened: EngineDb
  let db: Db

  beforeAll(async () => {
    opened = await openEngine(engine)
    db = (await opened.database.db()) as Db
    await db.insert(users).values([
      { username: 'alice', email: 'alice@example.com' },
      { username: 'Bob', email: 'bob@example.com' },
    ])
  }, 120_000)
  afterAll(() => opened?.stop())

  it('finds the row by any login column and either ident, in one statement; none when nothing matches', async () => {
    const lookup = loginLookup(users, [users.username, users.email])
    const before = opened.statements.length
    expect((await lookup(db, ['alice@example.com']))[0]).toMatchObject({ username: 'alice' })
    expect((await lookup(db, ['bob', 'Bob']))[0]).toMatchObject({ username: 'Bob', email: 'bob@example.com' })
    expect(await lookup(db, ['carol'])).toEqual([])
    expect(await lookup(db, ['carol', 'Carol'])).toEqual([])
    expect(opened.statements.length - before).toBe(4)
  })

  it('builds its select once per database and number of idents (a transaction builds its own)', async () => {
    const selects = { made: 0 }
    const counted = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'select') selects.made++
        return Reflect.get(target, key, receiver)
      },
    })
    const lookup = loginLookup(users, [users.username])
    for (const ident of ['alice', 'Bob', 'nobody', 'alice']) await lookup(counted, [ident])
    expect(selects.made).toBe(1)
    expect((await lookup(counted, ['bob', 'Bob']))[0]).toMatchObject({ username: 'Bob' })
    await lookup(counted, ['x', 'X'])
    expect(selects.made).toBe(2)
    const inTransaction = await db.transaction(async (transaction) => (await lookup(transaction as Db, ['alice']))[0])
    expect(inTransaction).toMatchObject({ username: 'alice' })
  })
})
