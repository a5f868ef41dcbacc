/**
 * The `fw-api openapi <module>` command (package.json `bin`, `npm run openapi`):
 * prints the same document as `service.openapi()`, and fails clearly on bad use.
 */
import 'fw-api/openapi'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { service } from '../../examples/app'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)
const cli = (...args: string[]) => run(process.execPath, ['bin/fw-api.mjs', ...args], { cwd: root, timeout: 30_000 })

describe('fw-api openapi', () => {
  it('prints the document of the module\'s service', async () => {
    const { stdout } = await cli('openapi', 'examples/app.ts')
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(service.openapi())))
  })

  it('picks an export by name and reports a module without a service', async () => {
    const { stdout } = await cli('openapi', 'tests/openapi/fixture.ts', '--export', 'fixture')
    expect(JSON.parse(stdout).info.title).toBe('fixture')
    await expect(cli('openapi', 'tests/client/cases.ts')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('no export with an openapi() method') })
  })

  it('prints usage with exit code 2 when called wrongly', async () => {
    await expect(cli('generate')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage: fw-api openapi <module>') })
  })
})
