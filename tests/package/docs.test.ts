/**
 * Examples are tests (SPEC §1): every fenced ```ts block of
 * README.md and docs/*.md is type-checked against the packed package (one
 * TypeScript program for all of them), and run in one Node process (tsx):
 * a block that throws fails here. A block that exports `service` is built,
 * and every `// GET /path → <status> <json>, <header>: <value>` comment in it
 * is requested in-process and compared.
 *
 * Marks, on the line before the fence:
 *   <!-- fragment: why -->   not a module (class members, an excerpt): skipped;
 *   <!-- no-run: why -->     type-checked, not run (needs a server, a Nest app, …).
 * A block whose first line is `// file: <path>` is one file of a project a
 * page builds step by step (docs/guide.md): tests/guide/guide.test.ts writes
 * those files into one folder, type-checks, tests and serves it.
 * Blocks may import the fixtures `./app` (the README's 30-second example, its
 * classes exported), `./tables` (the blog's drizzle tables) and `./app.module`
 * (two Nest module classes).
 */
import { execFile } from 'node:child_process'
import { copyFile, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { linkPeers, packedPackage, root } from './packed'
import { CHECK_MS } from '../helpers/time'

const exec = promisify(execFile)

interface Claim {
  line: string
  method: string
  path: string
  status?: number
  body?: unknown
  headers: Array<[string, string]>
}

interface Block {
  /** `README.md:16`: where the fence opens */
  where: string
  file: string
  code: string
  mark: 'fragment' | 'no-run' | 'assembled' | undefined
  claims: Claim[]
}

const CLAIM = /\/\/\s*(GET|HEAD|DELETE)\s+(\/\S*)\s*→\s*(.*)$/

/** `// GET /x → 200 {"a":1}, x-hooked: 1` → what to request and what to expect. */
function parseClaim(line: string): Claim | undefined {
  const match = CLAIM.exec(line)
  if (!match) return undefined
  const [, method = 'GET', path = '/', rest = ''] = match
  const claim: Claim = { line: line.trim(), method, path, headers: [] }
  let text = rest.trim()
  const status = /^(\d{3})\b\s*/.exec(text)
  if (status) {
    claim.status = Number(status[1])
    text = text.slice(status[0].length)
  }
  const [body = '', ...headers] = text.split(/,\s*(?=[a-z][\w-]*: )/i)
  try {
    if (body.trim() !== '') claim.body = JSON.parse(body)
  } catch {
    // prose, not a JSON value: not compared
  }
  for (const header of headers) {
    const colon = header.indexOf(':')
    claim.headers.push([header.slice(0, colon).trim(), header.slice(colon + 1).trim()])
  }
  return claim
}

/** Every ```ts block of one markdown file. */
function blocksOf(name: string, markdown: string): Block[] {
  const lines = markdown.split('\n')
  const blocks: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```ts') continue
    let end = i + 1
    while (end < lines.length && lines[end] !== '```') end++
    const before = lines.slice(0, i).reverse().find((line) => line.trim() !== '') ?? ''
    const code = lines.slice(i + 1, end).join('\n')
    const mark = /^<!--\s*fragment\b/.test(before) ? 'fragment' : /^<!--\s*no-run\b/.test(before) ? 'no-run' : /^\/\/ file: /.test(code) ? 'assembled' : undefined
    const slug = name.replace(/\W+/g, '-').toLowerCase()
    blocks.push({
      where: `${name}:${i + 1}`,
      file: `${slug}-${i + 1}.ts`,
      code: `${code}\n`,
      mark,
      claims: code.split('\n').flatMap((line) => parseClaim(line) ?? []),
    })
    i = end
  }
  return blocks
}

async function allBlocks(): Promise<Block[]> {
  const files = ['README.md', ...(await readdir(join(root, 'docs'))).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)]
  const blocks: Block[] = []
  for (const name of files) blocks.push(...blocksOf(name, await readFile(join(root, name), 'utf8')))
  return blocks
}

/** Packages the examples import besides fw-api and valibot (this repository's copies). */
const LINKED = ['@types/node', '@types/express', 'drizzle-orm', 'drizzle-valibot', '@electric-sql/pglite', 'express', 'hono', '@nestjs/core', '@nestjs/common', 'reflect-metadata', 'rxjs', 'fastify', 'zod', 'arktype', 'effect', '@opentelemetry/api', '@opentelemetry/context-async-hooks', '@opentelemetry/core', '@opentelemetry/resources', '@opentelemetry/sdk-trace', '@opentelemetry/sdk-metrics', '@opentelemetry/exporter-trace-otlp-http', '@opentelemetry/exporter-metrics-otlp-http', '@opentelemetry/exporter-prometheus', 'redis']

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts', 'lib.esnext.decorators.d.ts'],
  types: ['node'],
  strict: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  // the package's own declarations are checked without skipLibCheck by consumer.test.ts
  skipLibCheck: true,
  noEmit: true,
  isolatedModules: true,
  verbatimModuleSyntax: true,
  // several blocks declare the same class names: each block is its own module
  moduleDetection: ts.ModuleDetectionKind.Force,
}

let dir = ''
let blocks: Block[] = []

async function linkPackage(name: string, from: string): Promise<void> {
  const target = join(dir, 'node_modules', name)
  await mkdir(join(target, '..'), { recursive: true })
  await symlink(from, target, 'dir')
}

beforeAll(async () => {
  const { work, consumer } = await packedPackage()
  dir = join(work, `docs-${process.pid}`)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'docs-examples', private: true, type: 'module' }))
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true } }))
  // fw-api is the installed tarball, with the valibot it resolves (one copy of each)
  await linkPackage('fw-api', join(consumer, 'node_modules/fw-api'))
  await linkPackage('valibot', join(consumer, 'node_modules/valibot'))
  // fw-api/orm loads its optional peers from where the tarball is installed
  await linkPeers(consumer)
  for (const name of LINKED) await linkPackage(name, join(root, 'node_modules', name))
  const quickstart = (await readFile(join(root, 'examples/quickstart.ts'), 'utf8')).replace('export { service }', 'export { service, RootAPI, CalcAPI, ArticleAPI }')
  await writeFile(join(dir, 'app.ts'), quickstart)
  await copyFile(join(root, 'examples/blog/tables.ts'), join(dir, 'tables.ts'))
  await writeFile(join(dir, 'app.module.ts'), 'export class UsersModule {}\nexport class AppModule {}\n')
  blocks = await allBlocks()
  for (const block of blocks) if (block.mark === undefined || block.mark === 'no-run') await writeFile(join(dir, block.file), block.code)
}, 1_200_000) // longer than packedPackage's wait (15 min) for another file's build

describe('the examples in README.md and docs/*.md', () => {
  it('are found, and most of them are checked', () => {
    const checked = blocks.filter((block) => block.mark !== 'fragment')
    expect(blocks.length).toBeGreaterThan(15)
    expect(checked.length / blocks.length).toBeGreaterThan(0.7)
  })

  it('type-check against the packed package (one program, strict)', () => {
    // an assembled project's files import each other: tests/guide/guide.test.ts checks them in their folder
    const files = blocks.filter((block) => block.mark === undefined || block.mark === 'no-run').map((block) => join(dir, block.file))
    const program = ts.createProgram(files, COMPILER_OPTIONS)
    const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')
      const file = diagnostic.file
      if (!file || diagnostic.start === undefined) return text
      const block = blocks.find((candidate) => join(dir, candidate.file) === file.fileName)
      const { line } = file.getLineAndCharacterOfPosition(diagnostic.start)
      const where = block ? `${block.where.split(':')[0]}:${Number(block.where.split(':')[1]) + line + 1}` : file.fileName
      return `${where}: TS${diagnostic.code} ${text}`
    })
    expect(problems).toEqual([])
    // the package itself was resolved from the tarball, not from this repository's src/
    const resolved = program.getSourceFiles().map((file) => file.fileName)
    expect(resolved.some((name) => name.includes('node_modules/fw-api/dist/index.d.ts'))).toBe(true)
    expect(resolved.some((name) => name.startsWith(join(root, 'src')))).toBe(false)
  }, CHECK_MS)

  it('run without throwing, and the services they export answer as their comments say', async () => {
    const runnable = blocks.filter((block) => block.mark === undefined)
    const plan = runnable.map((block) => ({ where: block.where, url: pathToFileURL(join(dir, block.file)).href, claims: block.claims }))
    await writeFile(join(dir, 'plan.json'), JSON.stringify(plan))
    await writeFile(join(dir, 'runner.mjs'), RUNNER)
    const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/esm/index.mjs')).href
    const { stdout } = await exec(process.execPath, ['--import', tsx, join(dir, 'runner.mjs')], {
      cwd: dir,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test' },
      maxBuffer: 16 << 20,
      timeout: 90_000,
    })
    const results = JSON.parse(stdout.slice(stdout.lastIndexOf('\n@@results ') + '\n@@results '.length)) as Array<{ where: string; error?: string; answers: Array<{ line: string; status: number; body: string; headers: Record<string, string> }> }>
    expect(results.filter((result) => result.error !== undefined).map((result) => `${result.where}: ${result.error}`)).toEqual([])
    let compared = 0
    for (const [index, result] of results.entries()) {
      const block = runnable[index] as Block
      for (const [n, claim] of block.claims.entries()) {
        const answer = result.answers[n]
        if (!answer) continue
        const label = `${block.where} ${claim.line}`
        if (claim.status !== undefined) expect(answer.status, label).toBe(claim.status)
        else expect(answer.status, label).toBeLessThan(400)
        if (claim.body !== undefined) expect(JSON.parse(answer.body), label).toEqual(claim.body)
        for (const [name, value] of claim.headers) expect(answer.headers[name.toLowerCase()], label).toBe(value)
        compared++
      }
    }
    expect(compared).toBeGreaterThan(3)
  }, CHECK_MS)
})

/** Imports each block in turn; a block's exported `service` answers its claims in-process. */
const RUNNER = `
import { readFileSync } from 'node:fs'
const plan = JSON.parse(readFileSync(new URL('./plan.json', import.meta.url), 'utf8'))
const results = []
for (const block of plan) {
  const result = { where: block.where, answers: [] }
  try {
    const module = await import(block.url)
    const service = module.service ?? module.default
    // claims are checked where the block exports its service (the README's first example is run by tests/readme.test.ts)
    for (const claim of service && typeof service.fetch === 'function' ? block.claims : []) {
      const response = await service.fetch(new Request('http://localhost' + claim.path, { method: claim.method }))
      result.answers.push({ line: claim.line, status: response.status, body: await response.text(), headers: Object.fromEntries(response.headers) })
    }
  } catch (error) {
    result.error = error instanceof Error ? error.name + ': ' + error.message : String(error)
  }
  results.push(result)
}
process.stdout.write('\\n@@results ' + JSON.stringify(results))
process.exit(0)
`
