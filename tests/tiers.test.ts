/**
 * The test tiers (vitest.config.ts, docs/testing.md): a file of the `unit`
 * project works in-process only. Every test file not listed in
 * `integrationTests` is scanned, with the test modules it imports
 * (tests/helpers/tiers.ts), for a child process, a server or socket, the
 * runtime matrix, a browser, PostgreSQL or Redis, a TypeScript program, a
 * build; one found fails here, naming the file and what it does.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { integrationTests } from '../vitest.config'
import { heavyReasons, repositoryRoot } from './helpers/tiers'

/** Every `tests/**` test file, as a path from the repository root. */
function testFiles(dir = join(repositoryRoot, 'tests'), found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (name !== '.tmp' && name !== 'node_modules') testFiles(path, found)
    } else if (name.endsWith('.test.ts')) found.push(relative(repositoryRoot, path).split('\\').join('/'))
  }
  return found.sort()
}

/** Whether `file` is one of `integrationTests`: the file itself, or under a `dir/**` entry. */
function listedAsIntegration(file: string): boolean {
  return integrationTests.some((entry) => (entry.endsWith('/**') ? file.startsWith(entry.slice(0, -2)) : file === entry))
}

const files = testFiles()

describe('the unit tier', () => {
  it('lists its integration tests as files that exist or folders that hold some', () => {
    const stale = integrationTests.filter((entry) =>
      entry.endsWith('/**') ? !files.some((file) => file.startsWith(entry.slice(0, -2))) : !files.includes(entry),
    )
    expect(stale, 'entries of integrationTests in vitest.config.ts that name no test file').toEqual([])
    expect(integrationTests.filter((entry) => entry.slice(0, -3).includes('*'))).toEqual([])
  })

  it('holds only in-process test files: no child process, server, socket, browser, database, tsc or build', () => {
    const unit = files.filter((file) => !listedAsIntegration(file))
    expect(unit.length).toBeGreaterThan(50)
    const heavy = unit
      .map((file) => ({ file, reasons: heavyReasons(file) }))
      .filter(({ reasons }) => reasons.length > 0)
      .map(({ file, reasons }) => `${file}: ${reasons.join('; ')} — list it in integrationTests (vitest.config.ts)`)
    expect(heavy).toEqual([])
  })
})

describe('the scan (tests/helpers/tiers.ts)', () => {
  const dir = join(repositoryRoot, 'tests/.tmp', `tiers-${process.pid}`)
  const write = (name: string, code: string): string => {
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, name), code)
    return relative(repositoryRoot, join(dir, name))
  }
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('finds what a file does, and what the test modules it imports do', () => {
    write('server-helper.ts', "import { spawn } from 'node:child_process'\nexport const start = () => spawn('bun', ['x.ts'])\n")
    expect(heavyReasons(write('imports-helper.ts', "import { start } from './server-helper'\nstart()\n"))).toEqual([
      expect.stringMatching(/^starts a child process \(tests\/\.tmp\/tiers-\d+\/server-helper\.ts: imports node:child_process\)$/),
    ])
    expect(heavyReasons(write('runs.ts', 'const server = await service.run({ port: 0 })\n'))).toEqual([expect.stringMatching(/^starts a network server \(.*: \.run\(\)$/)])
    expect(heavyReasons(write('lazy.ts', "const { createClient } = await import('redis')\n"))).toEqual([expect.stringMatching(/^needs PostgreSQL or Redis .*imports redis\)$/)])
    expect(heavyReasons(write('matrix.ts', "import { runtimesFor } from '../../runtimes/runtimes'\n"))).toContain(
      'runs the runtime matrix (tests/runtimes/runtimes.ts: runtimesFor()',
    )
    expect(heavyReasons(write('pglite.ts', "const database = orm.Database({ engine: 'pglite', schema })\n"))).toEqual([expect.stringMatching(/: engine: pglite\)$/)])
    expect(heavyReasons('tests/runtimes/conformance.test.ts').length).toBeGreaterThan(0)
  })

  it('leaves out comments, strings and type-only imports', () => {
    const quiet = write(
      'quiet.ts',
      [
        "import type { IncomingMessage } from 'node:http'",
        '// service.run() serves it on Node; spawn() is not called here',
        "const shown = 'await service.run()'",
        'const lines = `spawn(${shown}) .listen(0)`',
        'export const request: IncomingMessage | undefined = undefined',
        "export const refused = { engine: 'mysql' as 'pglite', note: 'pglite' }",
      ].join('\n'),
    )
    expect(heavyReasons(quiet)).toEqual([])
  })
})
