/**
 * The two engines every orm test runs on: PGlite in-process, and a real
 * PostgreSQL 15 server started here (initdb + pg_ctl on a free port in a temp
 * dir, as the `postgres` user when running as root). Postgres is skipped, with
 * a message saying why, only where the server binaries are absent.
 */
import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chmod, chown, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { orm } from 'fw-api/orm'
import { createTables } from '../../examples/blog/sql'
import * as tables from '../../examples/blog/tables'
import { dirWith, freePort, requirement } from '../helpers/requires'

const run = promisify(execFile)
const debianVersions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort().reverse() : []
const candidates = [process.env.PG_BIN, ...debianVersions.map((version) => `/usr/lib/postgresql/${version}/bin`), '/usr/local/pgsql/bin'].filter(Boolean) as string[]
const binDir = dirWith(candidates, ['initdb', 'pg_ctl'])

/** Why Postgres tests are skipped, or undefined when they run. */
export const postgresSkipReason = requirement(
  'PostgreSQL server (initdb, pg_ctl)',
  binDir,
  `apt-get install -y postgresql-15, or set PG_BIN to its bin directory (looked in ${candidates.join(', ')})`,
)

/** A running throw-away PostgreSQL server. */
export interface PostgresServer {
  url: string
  /** the server's log file (`pg_ctl -l`); holds every statement when started with `logStatements` */
  logFile: string
  stop(): Promise<void>
}

/** How to start the test server. */
export interface PostgresOptions {
  /** log every statement the server runs (`log_statement=all`) to `logFile`, for `loggedStatements` */
  logStatements?: boolean
}

/** The log line prefix `logStatements` sets: process id and database name. */
const LOG_PREFIX = 'fwlog:%p:%d:'
const LOGGED = /^fwlog:(\d+):([^:]*):LOG: {2}(?:statement|execute [^:]*): (.*)$/

/** Start a PostgreSQL server in a temp dir on a free 127.0.0.1 port. */
export async function startPostgres(startOptions: PostgresOptions = {}): Promise<PostgresServer> {
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
  const logging = startOptions.logStatements ? ` -c log_statement=all -c log_destination=stderr -c logging_collector=off -c log_line_prefix=${LOG_PREFIX}` : ''
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${logging}`
  const logFile = join(dir, 'log')
  await exec('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start'])
  return {
    url: `postgres://fw@127.0.0.1:${port}/postgres`,
    logFile,
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {})
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** One statement from the server's log. */
export interface LoggedStatement {
  /** the backend process (one per connection) that ran it */
  pid: number
  sql: string
}

/** The statements of the server's log, multi-line ones joined, for `database` only. */
async function readLog(server: PostgresServer, database: string): Promise<LoggedStatement[]> {
  const statements: (LoggedStatement & { database: string })[] = []
  let last: (LoggedStatement & { database: string }) | undefined
  for (const line of (await readFile(server.logFile, 'utf8')).split('\n')) {
    const match = LOGGED.exec(line)
    if (match) statements.push((last = { pid: Number(match[1]), database: match[2] ?? '', sql: match[3] ?? '' }))
    else if (line.startsWith('fwlog:')) last = undefined
    else if (last) last.sql += `\n${line}`
  }
  return statements.filter((statement) => statement.database === database).map(({ pid, sql }) => ({ pid, sql }))
}

let marks = 0
/**
 * The statements the server (started with `logStatements`) logged for the
 * url's database while `work` ran: `SELECT 'fw-mark-<n>'` is sent through
 * `execute` before and after, and the log is read between the two marks.
 */
export async function loggedStatements(server: PostgresServer, execute: (sql: string) => Promise<unknown>, work: () => Promise<unknown>): Promise<LoggedStatement[]> {
  const database = new URL(server.url).pathname.slice(1)
  const mark = `fw-mark-${process.pid}-${++marks}`
  await execute(`SELECT '${mark}-start'`)
  await work()
  await execute(`SELECT '${mark}-end'`)
  const isMark = (statement: LoggedStatement, end: string) => statement.sql.trim() === `SELECT '${mark}-${end}'`
  for (let tries = 0; ; tries++) {
    const log = await readLog(server, database)
    const start = log.findIndex((statement) => isMark(statement, 'start'))
    const end = log.findIndex((statement) => isMark(statement, 'end'))
    if (start >= 0 && end > start) return log.slice(start + 1, end)
    if (tries >= 50) throw new Error(`loggedStatements: marks ${mark} not found in ${server.logFile}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
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
