/**
 * SPEC §1: decorators work when user code is compiled with standard (TC39)
 * decorators and with `experimentalDecorators: true`. fixture-api.ts is
 * compiled by TypeScript itself (not esbuild, which vitest uses elsewhere) in
 * each setting, then answers the same requests (cases.ts) in-process; the
 * TC39 emit also runs in a fresh Node process, where `Symbol.metadata` is
 * missing until fw polyfills it. Type checks: tests/types/compiler.test.ts.
 */
import 'fw-api/openapi'
import { execFile } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import { cases, runCases, type Outcome } from './cases'

const root = fileURLToPath(new URL('../..', import.meta.url))
const here = join(root, 'tests/legacy')
// Inside the project so vitest's `fw` alias and node_modules resolve for the emitted JS.
const out = join(root, 'tests/.tmp/legacy')

interface Variant {
  name: string
  file: string
  options: ts.CompilerOptions
  /** the helper TypeScript's emit must contain, proving which decorator standard ran */
  helper: string
}

const variants: Variant[] = [
  {
    // NestJS's default tsconfig (target ≥ ES2022 makes class fields [[Define]]).
    name: 'experimentalDecorators + emitDecoratorMetadata, useDefineForClassFields: true',
    file: 'legacy-define.js',
    options: { experimentalDecorators: true, emitDecoratorMetadata: true, useDefineForClassFields: true },
    helper: '__decorate(',
  },
  {
    name: 'experimentalDecorators, useDefineForClassFields: false',
    file: 'legacy-assign.js',
    options: { experimentalDecorators: true, useDefineForClassFields: false },
    helper: '__decorate(',
  },
  {
    name: 'standard decorators (TypeScript emit)',
    file: 'tc39.js',
    options: { experimentalDecorators: false, useDefineForClassFields: true },
    helper: '__esDecorate(',
  },
]

const base: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, strict: true }

beforeAll(async () => {
  await rm(out, { recursive: true, force: true })
  await mkdir(out, { recursive: true })
  const source = await readFile(join(here, 'fixture-api.ts'), 'utf8')
  for (const variant of variants) {
    const { outputText } = ts.transpileModule(source, { fileName: 'fixture-api.ts', compilerOptions: { ...base, ...variant.options } })
    await writeFile(join(out, variant.file), outputText)
  }
})

const expected: Outcome[] = cases.map((c) => ({ status: c.status, body: c.expect }))

/** Compare outcomes, ignoring bodies a case does not pin down. */
function comparable(outcomes: Outcome[]): Outcome[] {
  return outcomes.map((outcome, index) => (cases[index]?.expect === undefined ? { status: outcome.status, body: undefined } : outcome))
}

describe.each(variants)('fixture compiled with $name', (variant) => {
  it('is emitted by the intended decorator transform', async () => {
    expect(await readFile(join(out, variant.file), 'utf8')).toContain(variant.helper)
  })

  it('answers every case', async () => {
    const { service } = (await import(pathToFileURL(join(out, variant.file)).href)) as { service: { fetch: (request: Request) => Promise<Response> } }
    const outcomes = comparable(await runCases(service.fetch))
    for (const [index, c] of cases.entries()) expect(outcomes[index], c.line).toEqual(expected[index])
  })

  it('leaves @api.hidden routes (class and method) out of the document', async () => {
    const { service } = (await import(pathToFileURL(join(out, variant.file)).href)) as { service: { openapi: () => { paths: Record<string, unknown> } } }
    const paths = Object.keys(service.openapi().paths)
    expect(paths).toContain('/me')
    expect(paths.filter((path) => path.startsWith('/hidden') || path === '/internal')).toEqual([])
  })
})

describe('TC39 emit on a runtime without Symbol.metadata', () => {
  it('works once fw has polyfilled it', async () => {
    const run = promisify(execFile)
    const tsx = join(root, 'node_modules/tsx/dist/cli.mjs')
    const { stdout } = await run(process.execPath, [tsx, join(here, 'run-fixture.ts'), join(out, 'tc39.js')], {
      cwd: root,
      // The emitted JS imports 'fw'; outside vitest, resolve it through tsconfig paths.
      env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'tsconfig.json') },
    })
    const result = JSON.parse(stdout) as { node: string; hadMetadata: boolean; outcomes: Outcome[] }
    // The point of this case is a runtime lacking the symbol (Node 20); newer runtimes just pass.
    if (result.node.startsWith('v20.')) expect(result.hadMetadata).toBe(false)
    expect(comparable(result.outcomes)).toEqual(expected)
  })
})
