/**
 * The package as a new user gets it (issue #10 items 10–11): build, `npm pack`,
 * install the tarball into a fresh project in a temp dir, and type-check the
 * README's 30-second example plus every subpath with a strict tsconfig —
 * `skipLibCheck: false`, no `@types/node` — under moduleResolution Bundler
 * and NodeNext. Catches declarations that only work inside this repository:
 * TS2693 from the .d.ts bundler, `node:*` imports, extensionless specifiers.
 *
 * Installs with `--prefer-offline` (the npm cache; the registry only for what
 * is missing) and uses this repository's TypeScript, so it stays well under a minute.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const run = promisify(execFile)
const tsc = join(root, 'node_modules/typescript/bin/tsc')
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const BUDGET_MS = 60_000

let work = ''
let consumer = ''
let started = 0

/** The README's first ```ts block (tests/readme.test.ts keeps it equal to examples/quickstart.ts). */
async function readmeExample(): Promise<string> {
  const readme = await readFile(join(root, 'README.md'), 'utf8')
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1]
  if (block === undefined || !block.includes("from 'fw-api'")) throw new Error('README: no ```ts block importing from fw-api')
  return block
}

/** Every subpath, used the way a user would, plus lines that must NOT compile (proof the types are not `any`). */
const SUBPATHS = `import { Fw, fromNode, request as req, type FetchHandler, type Limits } from 'fw-api'
import { API, get, post } from 'fw-api/api'
import { Body, QueryParam, type BodyOptions, type ConfigurableMarker, type ParamOptions, type RequestContext } from 'fw-api/request'
import * as response from 'fw-api/response'
import * as file from 'fw-api/file'
import { Time } from 'fw-api/conf'
import { NotFound } from 'fw-api/exceptions'
import { toFetchHandler, type NodeListener } from 'fw-api/adapters'
import * as v from 'valibot'

const options: BodyOptions = { maxLength: 1024 }
const viaNamespace: req.BodyOptions = options
const q: ConfigurableMarker<string, ParamOptions> = QueryParam

class Items extends API {
  static response = class extends response.Response {
    static resultKey = 'data'
  }

  @get({ q })
  list({ q }: { q: string }): string[] {
    const context: RequestContext = this.request
    return [q, context.method, this.request.path]
  }

  @post({ item: Body(v.object({ name: v.string() }), viaNamespace), avatar: req.BodyParam(file.Image) })
  create({ item }: { item: { name: string } }): string {
    if (item.name === '') throw new NotFound('no name')
    return item.name
  }
}

const service = new Fw(import.meta.url, { api: Items, limits: { bodyBytes: 1024 } satisfies Partial<Limits> })
service.use(new Time({ datetimeFormat: '%Y-%m-%d' }))
const handler: FetchHandler = service.fetch
const legacy = fromNode((r, res) => {
  res.setHeader('content-type', 'text/plain')
  res.end(r.url ?? '/')
})
const listener: NodeListener = legacy.listener
const mounted: FetchHandler = toFetchHandler(legacy)

// @ts-expect-error a string is not a Node listener
fromNode('nope')
// @ts-expect-error maxLength is a number
const wrong: BodyOptions = { maxLength: 'big' }
// the module URL is optional (SPEC §5): new Fw(options) compiles; a first argument that is neither does not
new Fw({ api: Items })
// @ts-expect-error the first argument is the options or the module URL
new Fw(42, { api: Items })

export { handler, listener, mounted, wrong }
`

function tsconfig(resolution: 'Bundler' | 'NodeNext'): string {
  return JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        module: resolution === 'Bundler' ? 'ESNext' : 'NodeNext',
        moduleResolution: resolution,
        // What a Workers/Deno/browser project has: the language and the Web globals, no Node.
        lib: ['ES2022', 'DOM'],
        strict: true,
        skipLibCheck: false,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noImplicitOverride: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
        noEmit: true,
      },
      include: ['src/*.ts'],
    },
    null,
    2,
  )
}

async function typecheck(resolution: 'Bundler' | 'NodeNext'): Promise<{ code: number; output: string; files: string }> {
  const project = join(consumer, `tsconfig.${resolution.toLowerCase()}.json`)
  try {
    const { stdout } = await run(process.execPath, [tsc, '-p', project, '--listFiles'], { cwd: consumer, maxBuffer: 16 << 20 })
    return { code: 0, output: '', files: stdout }
  } catch (error) {
    const { stdout = '', code = 1 } = error as { stdout?: string; code?: number }
    const errors = stdout.split('\n').filter((line) => /error TS\d+/.test(line) || line.startsWith(' '))
    return { code, output: errors.join('\n'), files: stdout }
  }
}

beforeAll(async () => {
  started = Date.now()
  work = await mkdtemp(join(tmpdir(), 'fw-consumer-'))
  const pkgDir = join(work, 'package')
  consumer = join(work, 'consumer')
  await mkdir(pkgDir)
  await mkdir(join(consumer, 'src'), { recursive: true })
  // The package directory as `npm publish` sees it, built here (not dist/) so a developer's build is untouched.
  for (const name of ['package.json', 'README.md', 'LICENSE']) await copyFile(join(root, name), join(pkgDir, name))
  await run(process.execPath, [join(root, 'node_modules/tsup/dist/cli-default.js'), '--silent', '--out-dir', join(pkgDir, 'dist')], { cwd: root })
  const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: pkgDir })
  const [packed] = JSON.parse(stdout) as Array<{ filename: string }>
  if (!packed) throw new Error('npm pack produced nothing')

  await writeFile(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  await run(npm, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', join(work, packed.filename), 'valibot'], {
    cwd: consumer,
  })
  await writeFile(join(consumer, 'src/readme.ts'), await readmeExample())
  await writeFile(join(consumer, 'src/subpaths.ts'), SUBPATHS)
  await writeFile(join(consumer, 'tsconfig.bundler.json'), tsconfig('Bundler'))
  await writeFile(join(consumer, 'tsconfig.nodenext.json'), tsconfig('NodeNext'))
}, 120_000)

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true })
})

describe('the packed package in a fresh consumer project', () => {
  it('installs from the tarball with its dependencies and without @types/node', async () => {
    const installed = JSON.parse(await readFile(join(consumer, 'node_modules/fw-api/package.json'), 'utf8')) as { name: string }
    expect(installed.name).toBe('fw-api')
    expect(existsSync(join(consumer, 'node_modules/fw-api/dist/index.d.ts'))).toBe(true)
    expect(existsSync(join(consumer, 'node_modules/valibot'))).toBe(true)
    expect(existsSync(join(consumer, 'node_modules/@types/node'))).toBe(false)
    // only what `files` lists is published (no src/, tests/, bench/)
    expect((await readdir(join(consumer, 'node_modules/fw-api'))).sort()).toEqual(['LICENSE', 'README.md', 'dist', 'package.json'])
  })

  it('has declarations free of node:* imports', async () => {
    const dist = join(consumer, 'node_modules/fw-api/dist')
    const found: string[] = []
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) await walk(path)
        else if (entry.name.endsWith('.d.ts') && /from ['"]node:|import ['"]node:/.test(await readFile(path, 'utf8'))) found.push(path)
      }
    }
    await walk(dist)
    expect(found).toEqual([])
  })

  for (const resolution of ['Bundler', 'NodeNext'] as const) {
    it(`type-checks the README example and every subpath (strict, skipLibCheck: false, moduleResolution ${resolution})`, async () => {
      const result = await typecheck(resolution)
      expect(result.output).toBe('')
      expect(result.code).toBe(0)
      // the package's own declarations were checked, and Node's types were nowhere in the program
      expect(result.files).toContain('node_modules/fw-api/dist/index.d.ts')
      expect(result.files).toContain('node_modules/fw-api/dist/adapters/index.d.ts')
      expect(result.files).not.toContain('@types/node')
    }, 45_000)
  }

  it(`finishes within ${BUDGET_MS / 1000} s (build, pack, install, two type-checks)`, () => {
    expect(Date.now() - started).toBeLessThan(BUDGET_MS)
  })
})
