/**
 * The two engines every orm test runs on: PGlite in-process, and a real
 * PostgreSQL 15 server started here (initdb + pg_ctl on a free port in a temp
 * dir, as the `postgres` user when running as root). Postgres is skipped, with
 * a message saying why, only where the server binaries are absent.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { orm } from 'fw-api/orm'
import { createTables } from '../../examples/blog/sql'
import * as tables from '../../examples/blog/tables'

const run = promisify(execFile)
const candidates = [process.env.PG_BIN, '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/local/pgsql/bin'].filter(Boolean) as string[]
const binDir = candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')))

/** Why Postgres tests are skipped, or undefined when they run. */
export const postgresSkipReason = binDir ? undefined : `PostgreSQL server binaries (initdb, pg_ctl) not found in ${candidates.join(', ')}: Postgres tests skipped`
if (postgresSkipReason) console.warn(postgresSkipReason)

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** A running throw-away PostgreSQL server. */
export interface PostgresServer {
  url: string
  stop(): Promise<void>
}

/** Start a PostgreSQL server in a temp dir on a free 127.0.0.1 port. */
export async function startPostgres(): Promise<PostgresServer> {
  if (!binDir) throw new Error(postgresSkipReason)
  const asRoot = process.getuid?.() === 0
  const dir = await mkdtemp(join(tmpdir(), 'fw-pg-'))
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    await chown(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  await chmod(dir, 0o700)
  const exec = (command: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', join(binDir, command), ...args]) : run(join(binDir, command), args))
  const data = join(dir, 'data')
  await exec('initdb', ['-D', data, '-U', 'fw', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  await exec('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'])
  return {
    url: `postgres://fw@127.0.0.1:${port}/postgres`,
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** A blog database on one engine, its tables freshly created, counting statements. */
export interface EngineDb {
  engine: 'pglite' | 'postgres'
  database: orm.Database
  connections: orm.DatabaseConnections
  /** SQL statements drizzle sent since the last `reset()` */
  statements: string[]
  stop(): Promise<void>
}

const DROP = 'DROP TABLE IF EXISTS follows, comments, articles, users CASCADE;'

/** Open the blog schema on `engine` (starting a Postgres server for `postgres`). */
export async function openEngine(engine: 'pglite' | 'postgres'): Promise<EngineDb> {
  const statements: string[] = []
  const server = engine === 'postgres' ? await startPostgres() : undefined
  const database = new orm.Database({ name: 'test', engine, url: server?.url, schema: tables, onQuery: (sql) => statements.push(sql) })
  await database.execute(DROP + createTables)
  const connections = new orm.DatabaseConnections({ default: database }).activate()
  return {
    engine,
    database,
    connections,
    statements,
    async stop() {
      await connections.close()
      await server?.stop()
    },
  }
}

/** The engines to run: both, Postgres only where its binaries exist. */
export const engines = (binDir ? ['pglite', 'postgres'] : ['pglite']) as ('pglite' | 'postgres')[]
