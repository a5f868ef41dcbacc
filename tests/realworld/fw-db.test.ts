/**
 * examples/realworld/fw-db.ts, the DDL `create: { ddl }` runs at start, is up to date with
 * examples/realworld/tables.ts: `npx fw-api db generate examples/realworld/tables.ts` writes
 * it byte for byte again, and it equals what drizzle-kit computes from the tables now (a
 * changed table fails here until the module is regenerated).
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { orm } from 'fw-api/orm'
import { describe, expect, it } from 'vitest'
import { ddl } from '../../examples/realworld/fw-db'
import * as tables from '../../examples/realworld/tables'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)
const REGENERATE = 'examples/realworld/fw-db.ts is stale: run npx fw-api db generate examples/realworld/tables.ts'

describe('examples/realworld/fw-db.ts', () => {
  it('is the DDL of the tables as they are now', { timeout: 120_000 }, async () => {
    expect(ddl, REGENERATE).toEqual(await orm.generateDdl(tables))
  })

  it('is what the command writes, byte for byte', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fw-db-generate-'))
    try {
      const out = join(dir, 'fw-db.ts')
      const { stdout } = await run(process.execPath, ['bin/fw-api.mjs', 'db', 'generate', 'examples/realworld/tables.ts', '--out', out], { cwd: root, timeout: 60_000 })
      expect(stdout).toBe(`fw-api: wrote ${out}: 7 tables, ${ddl.statements.length} statements\n`)
      expect(await readFile(out, 'utf8'), REGENERATE).toBe(await readFile(join(root, 'examples/realworld/fw-db.ts'), 'utf8'))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
