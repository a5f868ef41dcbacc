/**
 * docs/guide.md is a real project (issue 54 #1): its files — every ```ts block
 * headed `// file: notes/…`, and the blocks after `<!-- file: notes/… -->` —
 * are written into one folder, its dependencies are the ones its
 * package.json names (fw-api from the packed tarball, the rest this
 * repository's copies: no network), and then, as a user would:
 * `tsc --strict` type-checks it (the typed client calls protected endpoints
 * with no cast), `vitest run` runs its test, and its server answers the
 * client script over HTTP on Node, Bun and Deno.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { linkDependencies, packedPackage, root } from '../package/packed'
import postgresClient from 'postgres'
import { engines, startPostgres, type PostgresServer } from '../orm/engines'
import { runCommand, runtimesFor, startServer, type Server } from '../runtimes/runtimes'
import { CHECK_MS } from '../helpers/time'

/**
 * The guide is written as fw should work; a test of it that fails for a bug being fixed elsewhere is
 * listed here with the bug (the vitest full name of the guide's test → why).
 */
const KNOWN_FAILURES: Record<string, string> = {}

/** 32 bytes or more, as the guide asks. */
const JWT_SECRET = 'guide-test-secret-of-at-least-32-bytes'

/** The files of a markdown page's project: `{ path: text }`, in page order. */
function projectFiles(markdown: string): Map<string, string> {
  const lines = markdown.split('\n')
  const files = new Map<string, string>()
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\w+)$/.exec(lines[i] ?? '')
    if (!fence) continue
    let end = i + 1
    while (end < lines.length && lines[end] !== '```') end++
    const code = lines.slice(i + 1, end)
    const before = lines.slice(0, i).reverse().find((line) => line.trim() !== '') ?? ''
    const headed = /^\/\/ file: (\S+)$/.exec(code[0] ?? '')
    const marked = /^<!--\s*file:\s*(\S+)\s*-->$/.exec(before)
    const path = headed?.[1] ?? marked?.[1]
    if (path !== undefined) {
      if (files.has(path)) throw new Error(`docs/guide.md: ${path} written twice (line ${i + 1})`)
      files.set(path, `${code.join('\n')}\n`)
    }
    i = end
  }
  return files
}

let project = ''
let files = new Map<string, string>()

beforeAll(async () => {
  const { work, consumer } = await packedPackage()
  const folder = join(work, `guide-${process.pid}`)
  await rm(folder, { recursive: true, force: true })
  files = projectFiles(await readFile(join(root, 'docs/guide.md'), 'utf8'))
  for (const [path, text] of files) {
    await mkdir(dirname(join(folder, path)), { recursive: true })
    await writeFile(join(folder, path), text)
  }
  project = join(folder, 'notes')
  await linkDependencies(project, consumer)
}, 1_200_000) // longer than packedPackage's wait for another file's build

const node = (script: string, ...args: string[]): string[] => [process.execPath, join(project, 'node_modules', script), ...args]

describe('docs/guide.md, assembled', () => {
  it('holds the whole project, every ts block of the page a file of it', async () => {
    const page = await readFile(join(root, 'docs/guide.md'), 'utf8')
    const tsBlocks = page.split('\n').filter((line) => line === '```ts').length
    expect([...files.keys()].filter((path) => path.endsWith('.ts')).length).toBe(tsBlocks)
    for (const path of ['notes/package.json', 'notes/tsconfig.json', 'notes/app.ts', 'notes/server.ts', 'notes/client.ts', 'notes/app.test.ts'])
      expect([...files.keys()]).toContain(path)
  })

  it('type-checks under tsc --strict', async () => {
    const { code, output } = await runCommand(node('typescript/bin/tsc', '-p', 'tsconfig.json'), CHECK_MS, {}, project)
    expect(output).toBe('')
    expect(code).toBe(0)
  }, CHECK_MS)

  it('passes its own tests (vitest run), but for the known failures', async () => {
    const results = join(project, 'vitest-results.json')
    const { code, output } = await runCommand(node('vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`), 240_000, { CI: '1' }, project)
    const report = JSON.parse(await readFile(results, 'utf8')) as { numPassedTests: number; testResults: Array<{ assertionResults: Array<{ fullName: string; status: string }> }> }
    const failed = report.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status !== 'passed').map((test) => test.fullName))
    // a known failure that passes is a failure here too: its entry goes, the guide works as written
    expect(failed, output).toEqual(Object.keys(KNOWN_FAILURES))
    expect(report.numPassedTests, output).toBeGreaterThanOrEqual(4)
    expect(code, output).toBe(failed.length === 0 ? 0 : 1)
  }, 300_000)

  // on PGlite in each runtime, and on a Postgres 15 server (a database per runtime) where one is installed
  const served = runtimesFor(['node', 'bun', 'deno'], (runtime) => runtime.label !== 'node-web').flatMap((runtime) =>
    engines.map((engine) => ({ runtime, engine, label: `${runtime.label} on ${engine}` })),
  )
  describe.each(served)('served on $label', ({ runtime, engine }) => {
    let server: Server | undefined
    afterAll(async () => {
      await server?.stop()
    })

    it('answers the typed client script over HTTP', async () => {
      const env: Record<string, string> = { JWT_SECRET, UPLOADS_DIR: join(project, `uploads-${runtime.label}-${engine}`) }
      if (engine === 'postgres') env.DATABASE_URL = await freshDatabase(`guide_${runtime.label.replace(/\W/g, '_')}`)
      server = await startServer(runtime, 'server.ts', 120_000, env, project)
      const { code, output } = await runCommand([process.execPath, '--import', 'tsx', 'client.ts'], 120_000, { API_URL: server.origin }, project)
      expect(code, output).toBe(0)
      expect(JSON.parse(output.trim().split('\n').at(-1) ?? '')).toEqual({ me: true, noteTitle: 'Groceries', attachment: 'list.md', found: 1, downloaded: '# Shopping\n', anonymousDelete: 401 })
      const docs = await fetch(`${server.origin}/api/docs/openapi.json`)
      expect(docs.status).toBe(200)
    }, 300_000)
  })
})

let postgres: PostgresServer | undefined
afterAll(async () => {
  await postgres?.stop()
})

/** A new, empty database on the test's Postgres server (started on first use): its URL. */
async function freshDatabase(name: string): Promise<string> {
  postgres ??= await startPostgres()
  const admin = postgresClient(postgres.url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  return postgres.url.replace(/\/[^/?]*(\?|$)/, `/${name}$1`)
}
