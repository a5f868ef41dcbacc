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
import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { packedPackage, root, run } from './packed'

const tsc = join(root, 'node_modules/typescript/bin/tsc')
const BUDGET_MS = 60_000

let consumer = ''
let started = 0
/** Both type-checks, started together once the project is written (two cores: half the wall time). */
const checks = new Map<'Bundler' | 'NodeNext', ReturnType<typeof typecheck>>()

/** The README's first ```ts block (tests/readme.test.ts keeps it equal to examples/quickstart.ts). */
async function readmeExample(): Promise<string> {
  const readme = await readFile(join(root, 'README.md'), 'utf8')
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1]
  if (block === undefined || !block.includes("from 'fw-api'")) throw new Error('README: no ```ts block importing from fw-api')
  return block
}

/** Every subpath, used the way a user would, plus lines that must NOT compile (proof the types are not `any`). */
const SUBPATHS = `import { Fw, fromNode, plugins, request as req, type FetchHandler, type Limits } from 'fw-api'
import { API, get, post } from 'fw-api/api'
import { Body, QueryParam, type BodyOptions, type ConfigurableMarker, type ParamOptions, type RequestContext } from 'fw-api/request'
import * as response from 'fw-api/response'
import * as file from 'fw-api/file'
import { Time } from 'fw-api/conf'
import { NotFound } from 'fw-api/exceptions'
import { toFetchHandler, type NodeListener } from 'fw-api/adapters'
import * as v from 'valibot'

const options: BodyOptions = { maxBytes: 1024 }
const alias: BodyOptions = { maxLength: 1024 }
const viaNamespace: req.BodyOptions = options
const q: ConfigurableMarker<string, ParamOptions> = QueryParam

class Items extends API {
  static response = class extends response.Response {
    static resultKey = 'data'
  }

  @get({ q })
  list({ q }: { q: string }): string[] {
    const context: RequestContext = this.request
    // @ts-expect-error the context's internal state is not in the declarations
    void context.pathValues
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
service.use(Time({ useTz: false })).use(plugins.CORS({ allowOrigin: '*' })).use(new plugins.RequestId())
class Audit extends plugins.Logger {}
service.use(new Audit({ sink: () => {} }))
const timeConf: Time = Time({ useTz: true })
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

// @ts-expect-error Time's options are checked when it is called
Time({ useTz: 'no' })

export { alias, handler, timeConf, listener, mounted, wrong }
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
  // The build, pack and install are shared with tests/package/docs.test.ts (packed.ts).
  consumer = (await packedPackage()).consumer
  await writeFile(join(consumer, 'src/readme.ts'), await readmeExample())
  await writeFile(join(consumer, 'src/subpaths.ts'), SUBPATHS)
  await writeFile(join(consumer, 'tsconfig.bundler.json'), tsconfig('Bundler'))
  await writeFile(join(consumer, 'tsconfig.nodenext.json'), tsconfig('NodeNext'))
  for (const resolution of ['Bundler', 'NodeNext'] as const) checks.set(resolution, typecheck(resolution))
}, 240_000)

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
      const result = await (checks.get(resolution) ?? typecheck(resolution))
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
