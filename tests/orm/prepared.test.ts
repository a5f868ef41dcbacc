/**
 * Issue 56 #3: on a PostgreSQL server, fw's statements with bound values are prepared (postgres.js
 * names them; the server plans each text once per connection), in transactions too; `prepare: false`
 * (a pooler that cannot keep them) sends them unnamed, as before. Read from the server's own log.
 */
import { readFile } from 'node:fs/promises'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as tables from '../../examples/blog/tables'
import { postgresSkipReason, startPostgres, type PostgresServer } from './engines'

const { users } = tables
const UserRow = orm.Schema(users, { id: true, username: true })
const WithFollowings = orm.Schema(users, { id: true, username: true, followings: orm.Field('following.followingId', { mode: 'wa' }) })

/** The server log's `execute <name>: <sql>` lines (past `from` characters) for statements holding `marker`: their statement names. */
async function executedAs(server: PostgresServer, marker: string, from: number): Promise<string[]> {
  const log = (await readFile(server.logFile, 'utf8')).slice(from)
  return [...log.matchAll(/LOG: {2}execute ([^:]+): (.*)$/gm)].filter((match) => match[2]?.includes(marker)).map((match) => match[1] as string)
}

describe.skipIf(postgresSkipReason !== undefined)('prepared statements on PostgreSQL', () => {
  let server: PostgresServer
  beforeAll(async () => {
    server = await startPostgres({ logStatements: true })
  }, 120_000)
  afterAll(() => server?.stop())

  for (const prepare of [undefined, false] as const) {
    it(prepare === false ? 'prepare: false sends them unnamed' : 'by default, reads and a transaction\'s writes are prepared', async () => {
      const database = orm.Database({ engine: 'postgres', url: server.url, schema: tables, create: true, max: 1, ...(prepare === undefined ? {} : { prepare }) })
      const connections = new orm.DatabaseConnections({ default: database }).activate()
      const from = (await readFile(server.logFile, 'utf8')).length
      try {
        const name = `p${prepare === false ? 'off' : 'on'}${Date.now().toString(36)}`
        const id = await WithFollowings.save({ username: name, followings: [] })
        await WithFollowings.save({ username: `${name}b`, followings: [id as number] })
        for (let round = 0; round < 3; round++) expect(await UserRow.serialize({ username: name })).toEqual([{ id, username: name }])
        await new Promise((resolve) => setTimeout(resolve, 200))
        // UserRow's plain columns are selected as they are (orm/plain.ts), aliased by their output names
        const reads = await executedAs(server, 'as "username" from "users"', from)
        const linkInserts = await executedAs(server, 'insert into "follows"', from)
        if (prepare === false) {
          expect(reads.length).toBeGreaterThanOrEqual(3)
          expect(reads.filter((each) => each !== '<unnamed>')).toEqual([])
          return
        }
        // one name for the three reads: prepared once, executed three times
        expect(reads.length).toBeGreaterThanOrEqual(3)
        expect(reads.every((each) => each !== '<unnamed>')).toBe(true)
        expect(new Set(reads.slice(-3)).size).toBe(1)
        expect(linkInserts.length).toBeGreaterThan(0)
        expect(linkInserts.every((each) => each !== '<unnamed>')).toBe(true)
      } finally {
        await connections.close()
      }
    })
  }
})
