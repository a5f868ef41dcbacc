/**
 * `npx fw-api new <dir> [--template minimal|api]` (issue 54 #3, #11): the command
 * of the packed tarball scaffolds each template into a temp folder, its
 * dependencies are the ones its package.json names (fw-api from the tarball,
 * the rest this repository's copies: no network), and the project then works
 * as its README says: `tsc` (strict) passes, `npm test`'s vitest — pinned to
 * 3, which lowers decorators — passes, and `npm start`'s server answers on
 * Node, Bun and Deno; the api template's tables give their DDL to `fw-api db generate`.
 */
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { linkDependencies, packedPackage, run } from './packed'
import { runCommand, runtimesFor, startServer } from '../runtimes/runtimes'
import { CHECK_MS } from '../helpers/time'

let work = ''
let consumer = ''
const fwApi = (): string => join(consumer, 'node_modules/fw-api/bin/fw-api.mjs')

beforeAll(async () => {
  ;({ work, consumer } = await packedPackage())
}, 1_200_000) // longer than packedPackage's wait for another file's build

describe('fw-api new', () => {
  it('refuses a folder that is not empty, an unknown template, and no folder (nothing written)', async () => {
    const target = join(work, `new-${process.pid}-refused`)
    await rm(target, { recursive: true, force: true })
    await run(process.execPath, [fwApi(), 'new', target])
    const before = await readFile(join(target, 'package.json'), 'utf8')
    await expect(run(process.execPath, [fwApi(), 'new', target, '--template', 'api'])).rejects.toMatchObject({ code: 1, stderr: `fw-api: ${target} exists and is not empty: nothing written\n` })
    expect(await readFile(join(target, 'package.json'), 'utf8')).toBe(before)
    await expect(run(process.execPath, [fwApi(), 'new', `${target}-x`, '--template', 'big'])).rejects.toMatchObject({ code: 1, stderr: "fw-api: unknown template 'big' (minimal, api)\n" })
    await expect(run(process.execPath, [fwApi(), 'new'])).rejects.toMatchObject({ code: 2 })
  })

  describe.each(['minimal', 'api'])('--template %s', (template) => {
    let project = ''

    beforeAll(async () => {
      project = join(work, `new-${process.pid}-${template}`)
      await rm(project, { recursive: true, force: true })
      const { stdout } = await run(process.execPath, [fwApi(), 'new', project, '--template', template])
      expect(stdout).toContain('npm test')
      await linkDependencies(project, consumer)
    }, 120_000)

    it('names its dependencies, vitest pinned to 3, and the npm scripts', async () => {
      const manifest = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> }
      expect(manifest.name).toBe(`new-${process.pid}-${template}`)
      expect(manifest.dependencies['fw-api']).toBe('^0.1.0')
      expect(manifest.devDependencies.vitest).toBe('^3.2.7')
      expect(Object.keys(manifest.devDependencies).sort()).toEqual(['@types/node', 'tsx', 'typescript', 'vitest'])
      expect(Object.keys(manifest.dependencies).sort()).toEqual(template === 'api' ? ['@electric-sql/pglite', 'drizzle-kit', 'drizzle-orm', 'drizzle-valibot', 'fw-api', 'jose', 'zod'] : ['fw-api', 'valibot'])
      expect(manifest.scripts).toMatchObject({ start: 'tsx src/server.ts', test: 'vitest run', typecheck: 'tsc --noEmit' })
      expect(await readFile(join(project, '.gitignore'), 'utf8')).toContain('node_modules')
    })

    it('type-checks (strict)', async () => {
      const { code, output } = await runCommand([process.execPath, join(project, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], CHECK_MS, {}, project)
      expect(output).toBe('')
      expect(code).toBe(0)
    }, CHECK_MS)

    it('passes its tests (vitest run)', async () => {
      const { code, output } = await runCommand([process.execPath, join(project, 'node_modules/vitest/vitest.mjs'), 'run'], 240_000, { CI: '1' }, project)
      expect(output).toMatch(template === 'api' ? /Tests\s+1 passed/ : /Tests\s+2 passed/)
      expect(code, output).toBe(0)
    }, 300_000)

    it.runIf(template === 'api')('writes its tables\' DDL with the packed command (fw-api db generate src/tables.ts)', async () => {
      const { stdout } = await run(process.execPath, [join(project, 'node_modules/fw-api/bin/fw-api.mjs'), 'db', 'generate', 'src/tables.ts'], { cwd: project })
      expect(stdout).toMatch(/^fw-api: wrote src\/fw-db\.ts: \d+ tables, \d+ statements\n$/)
      const text = await readFile(join(project, 'src/fw-db.ts'), 'utf8')
      expect(text).toContain('export const ddl = {')
      expect(text).toContain('CREATE TABLE \\"notes\\"')
      await rm(join(project, 'src/fw-db.ts'))
    }, 120_000)

    it.each(runtimesFor(['node', 'bun', 'deno'], (runtime) => runtime.label !== 'node-web'))('serves on $label', async (runtime) => {
      const env = { JWT_SECRET: 'a secret of thirty-two bytes or more, for the test' }
      const server = await startServer(runtime, 'src/server.ts', 120_000, env, project)
      try {
        const health = await fetch(`${server.origin}/api/health`)
        expect(health.status).toBe(200)
        expect(await health.json()).toBe('ok')
        expect((await fetch(`${server.origin}/api/docs/openapi.json`)).status).toBe(200)
      } finally {
        await server.stop()
      }
    }, 180_000)
  })
})
