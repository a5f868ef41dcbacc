/**
 * drizzle-valibot is an optional peer (issue 54 #8): without it, fw-api/orm
 * still loads (a Database works) and the first orm.Schema is an
 * ImproperlyConfigured naming the package to install — not Node's bare
 * ERR_MODULE_NOT_FOUND at import. Run in a Node child whose resolve hook
 * makes the package absent. And `create: true` over tables that exist never
 * loads drizzle-kit (issue 54 #7), shown with drizzle-kit hidden the same way;
 * nor does `create: { ddl }` on an empty database.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))

describe('fw-api/orm without drizzle-valibot', () => {
  it('loads, and orm.Schema says to install drizzle-valibot', { timeout: 120_000 }, async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', '--import', './tests/orm/fixtures/no-drizzle-valibot/register.mjs', 'tests/orm/fixtures/no-drizzle-valibot/app.ts'],
      { cwd: root },
    ).catch((error: { stdout: string; stderr: string }) => error)
    expect(stderr).not.toContain('ERR_MODULE_NOT_FOUND')
    expect(stdout).toContain('loaded: function, database: pglite')
    expect(stdout).toContain('refused: ImproperlyConfigured: fw-api/orm: orm.Schema and orm.Query need drizzle-valibot (the valibot schemas of the drizzle columns): npm install drizzle-valibot')
  })
})

describe('orm.Database({ create: true }) over tables that exist', () => {
  it('connects without loading drizzle-kit (hidden: an import would fail)', { timeout: 300_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fw-create-existing-'))
    try {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', '--import', './tests/orm/fixtures/no-drizzle-valibot/register.mjs', 'tests/orm/fixtures/no-drizzle-valibot/create-existing.ts', dataDir],
        { cwd: root, env: { ...process.env, FW_HIDE_MODULES: 'drizzle-kit', NODE_OPTIONS: '' } },
      )
      expect(stdout).toContain('connected, created: []')
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

describe('orm.Database({ create: { ddl } }) (npx fw-api db generate)', () => {
  it('creates every table of an empty database without drizzle-kit (hidden); some tables missing needs it, naming them', { timeout: 300_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'fw-create-ddl-'))
    try {
      const { stdout } = await run(
        process.execPath,
        ['--import', 'tsx', '--import', './tests/orm/fixtures/no-drizzle-valibot/register.mjs', 'tests/orm/fixtures/no-drizzle-valibot/create-ddl.ts', dataDir],
        { cwd: root, env: { ...process.env, FW_HIDE_MODULES: 'drizzle-kit', NODE_OPTIONS: '' } },
      )
      expect(stdout).toContain('connected, created: [article_tags, articles, comments, favorites, follows, tags, users]')
      expect(stdout).toContain('refused: ImproperlyConfigured: orm.Database({ create: { ddl } }) with only some tables present (missing: public.tags) needs drizzle-kit: npm install -D drizzle-kit')
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
