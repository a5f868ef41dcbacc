/**
 * `orm.Database({ create: { ddl, snapshot } })`: in-memory PGlite started from the data directory
 * `npx fw-api db generate <tables> --snapshot` writes (no initdb, tables included). examples/realworld
 * started from one answers its routes over real HTTP on Node, Bun and Deno, and from a stale one
 * falls back with one warning there too; in process: a snapshot of other tables, of another PGlite,
 * a damaged or missing file falls back to the usual start (initdb, then the DDL) with one warning —
 * never other tables; a snapshot where it cannot apply is refused at construction.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { exceptions } from 'fw-api'
import { orm } from 'fw-api/orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ddl } from '../../examples/realworld/fw-db'
import * as tables from '../../examples/realworld/tables'
import { root, runtimesFor, servedByFw, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 180_000
const ENTRY = 'examples/realworld/server.ts'
const FALLBACK = 'not starting from the snapshot'
const TABLES = ddl.tables.map((name) => name.slice(name.indexOf('.') + 1)).sort()
const run = promisify(execFile)

let dir = ''
/** The snapshot of examples/realworld's tables, written by the command. */
let good = ''

/** A copy of the snapshot at `good` with `from` (in its gzip header's label) replaced by `to`, of the same length. */
async function relabelled(name: string, from: RegExp, to: (found: string) => string): Promise<string> {
  const bytes = await readFile(good)
  const header = bytes.subarray(0, 1024).toString('latin1')
  const found = from.exec(header)
  if (!found) throw new Error(`${String(from)} is not in the snapshot's header`)
  const replaced = to(found[0])
  expect(replaced).not.toBe(found[0])
  bytes.write(replaced, found.index, 'latin1')
  const file = join(dir, name)
  await writeFile(file, bytes)
  return file
}

beforeAll(async () => {
  await mkdir(join(root, 'tests/.tmp'), { recursive: true })
  dir = await mkdtemp(join(root, 'tests/.tmp/snapshot-'))
  good = join(dir, 'conduit.tar.gz')
  const { stdout } = await run(process.execPath, ['bin/fw-api.mjs', 'db', 'generate', 'examples/realworld/tables.ts', '--out', join(dir, 'fw-db.ts'), '--snapshot', good], { cwd: root, timeout: START_MS })
  expect(stdout).toContain(`fw-api: wrote ${good}: PGlite data directory with the tables`)
}, START_MS)
afterAll(() => rm(dir, { recursive: true, force: true }))

describe('the snapshot file', () => {
  it('is a plain .tar.gz of a PGlite data directory, labelled with the tables and the PGlite in its gzip header', async () => {
    const bytes = await readFile(good)
    const tar = gunzipSync(bytes)
    expect(tar.includes('/PG_VERSION\0')).toBe(true)
    expect(tar.includes('/base/')).toBe(true)
    const header = bytes.subarray(0, 1024).toString('latin1')
    expect(header).toContain(`fw-api pglite snapshot {"fingerprint":"${ddl.fingerprint}","version":"PostgreSQL `)
    expect(header).toMatch(/\(PGlite \d+\.\d+\.\d+\)/)
  })
})

describe.each(runtimesFor(['node', 'bun', 'deno'], servedByFw))('examples/realworld from a snapshot on $label', (runtime) => {
  let server: Server | undefined
  beforeAll(async () => {
    server = await startServer(runtime, ENTRY, START_MS, { CONDUIT_DEV: '1', CONDUIT_SNAPSHOT: good })
  }, START_MS + 10_000)
  afterAll(() => server?.stop())

  it('answers the RealWorld routes on the tables the snapshot holds, without a fallback', async () => {
    const api = `${server?.origin}/api`
    const send = async (method: string, path: string, body?: unknown, token?: string) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) }
      const response = await fetch(api + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: response.status, body: (await response.json()) as Record<string, Record<string, unknown> & { token?: string }> }
    }
    expect(await send('GET', '/tags')).toEqual({ status: 200, body: { tags: [] } })
    const registered = await send('POST', '/users', { user: { username: 'snap', email: 'snap@mail.com', password: 'password' } })
    expect(registered.status).toBe(200)
    const token = registered.body.user?.token
    const article = await send('POST', '/articles', { article: { title: 'From a snapshot', description: 'd', body: 'b', tagList: ['pglite'] } }, token)
    expect([article.status, article.body.article?.slug]).toEqual([200, expect.stringMatching(/^from-a-snapshot/)])
    expect((await send('GET', '/tags')).body).toEqual({ tags: ['pglite'] })
    expect((await send('GET', '/articles?author=snap')).body).toMatchObject({ articlesCount: 1 })
    expect(server?.output()).toContain('conduit (pglite from a snapshot) listening')
    expect(server?.output()).not.toContain(FALLBACK)
  })

  it('a stale snapshot: one warning on stderr, then the usual start, and the routes answer', { timeout: START_MS }, async () => {
    const stale = await relabelled(`stale-${runtime.name}.tar.gz`, /fnv1a:[0-9a-f]{16}/, () => 'fnv1a:0123456789abcdef')
    const fallback = await startServer(runtime, ENTRY, START_MS, { CONDUIT_DEV: '1', CONDUIT_SNAPSHOT: stale })
    try {
      const answer = await fetch(`${fallback.origin}/api/tags`)
      expect([answer.status, await answer.json()]).toEqual([200, { tags: [] }])
      expect(fallback.output().split(FALLBACK).length - 1).toBe(1)
      expect(fallback.output()).toContain(`${FALLBACK} ${stale}: it holds other tables than the DDL's`)
    } finally {
      await fallback.stop()
    }
  })
})

describe('orm.Database({ create: { ddl, snapshot } }) on Node, in process', () => {
  /** Connect with `snapshot`, and return the tables created at connect and the warnings logged. */
  async function start(snapshot: orm.SnapshotSource): Promise<{ created: string[]; warnings: string[]; users: number }> {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const database = orm.Database({ name: 'snapshot', schema: tables, create: { ddl, snapshot } })
    try {
      await database.connect()
      const result = await (await database.db()).execute('select count(*)::int as n from users')
      const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[]
      return { created: [...database.created].sort(), warnings: warn.mock.calls.map((call) => String(call[0])), users: rows[0]?.n ?? -1 }
    } finally {
      warn.mockRestore()
      await database.close()
    }
  }

  it('starts from the snapshot: nothing to create, no warning', { timeout: START_MS }, async () => {
    expect(await start(good)).toEqual({ created: [], warnings: [], users: 0 })
  })

  it('starts from a Blob of the file', { timeout: START_MS }, async () => {
    expect(await start(new Blob([await readFile(good)]))).toEqual({ created: [], warnings: [], users: 0 })
  })

  it('a damaged file (truncated: PGlite alone would end the process) or not a snapshot: one warning, then initdb and the DDL', { timeout: START_MS }, async () => {
    const bytes = await readFile(good)
    const truncated = join(dir, 'truncated.tar.gz')
    await writeFile(truncated, bytes.subarray(0, bytes.length >> 1))
    const damaged = await start(truncated)
    expect(damaged.created).toEqual(TABLES)
    expect(damaged.warnings).toEqual([expect.stringContaining(`${FALLBACK} ${truncated}: it does not load (`)])
    const other = join(dir, 'other.tar.gz')
    await writeFile(other, 'not a gzip file')
    expect((await start(other)).warnings).toEqual([expect.stringContaining(`${FALLBACK} ${other}: it is not a snapshot fw-api wrote (no label in its gzip header)`)])
  })

  it('a snapshot of other tables (stale fingerprint): one warning, then initdb and the DDL', { timeout: START_MS }, async () => {
    const stale = await relabelled('stale.tar.gz', /fnv1a:[0-9a-f]{16}/, () => 'fnv1a:0123456789abcdef')
    const started = await start(stale)
    expect(started.created).toEqual(TABLES)
    expect(started.warnings).toEqual([expect.stringContaining(`${FALLBACK} ${stale}: it holds other tables than the DDL's (fingerprint fnv1a:0123456789abcdef, not ${ddl.fingerprint})`)])
  })

  it('a snapshot another PGlite wrote: one warning, then initdb and the DDL', { timeout: START_MS }, async () => {
    const other = await relabelled('other-pglite.tar.gz', /PGlite [\d.]+\)/, (found) => found.replace(/\d/g, (digit) => (digit === '9' ? '8' : '9')))
    const started = await start(other)
    expect(started.created).toEqual(TABLES)
    expect(started.warnings).toEqual([expect.stringMatching(new RegExp(`${FALLBACK} .*other-pglite\\.tar\\.gz: it was written by PostgreSQL .*\\(PGlite 9`))])
  })

  it('a missing file: one warning, then initdb and the DDL', { timeout: START_MS }, async () => {
    const missing = join(dir, 'missing.tar.gz')
    const started = await start(missing)
    expect(started.created).toEqual(TABLES)
    expect(started.warnings).toEqual([expect.stringContaining(`${FALLBACK} ${missing}: cannot read it (`)])
  })

  it('is refused where it cannot apply: a data directory, engine postgres, not a path', () => {
    expect(() => orm.Database({ schema: tables, dataDir: dir, create: { ddl, snapshot: good } })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => orm.Database({ schema: tables, engine: 'postgres', url: 'postgres://x@127.0.0.1/x', create: { ddl, snapshot: good } })).toThrow(/in-memory PGlite/)
    expect(() => orm.Database({ schema: tables, create: { ddl, snapshot: 42 as unknown as string } })).toThrow(/the path \(or file: URL, or Blob\)/)
  })
})
