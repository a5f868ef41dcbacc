/**
 * drizzle-valibot is an optional peer (issue 54 #8): without it, fw-api/orm
 * still loads (a Database works) and the first orm.Schema is an
 * ImproperlyConfigured naming the package to install — not Node's bare
 * ERR_MODULE_NOT_FOUND at import. Run in a Node child whose resolve hook
 * makes the package absent.
 */
import { execFile } from 'node:child_process'
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
