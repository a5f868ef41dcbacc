/**
 * The package as a new user gets it: build, `npm pack`,
 * install the tarball into a fresh project in a temp dir, and type-check the
 * README's 30-second example plus every subpath with a strict tsconfig —
 * `skipLibCheck: false`, no `@types/node` — under moduleResolution Bundler
 * and NodeNext. Catches declarations that only work inside this repository:
 * TS2693 from the .d.ts bundler, `node:*` imports, extensionless specifiers.
 *
 * Installs with `--prefer-offline` (the npm cache; the registry only for what
 * is missing) and uses this repository's TypeScript. Its time is a budget, not
 * behaviour: `node bench/package.mjs` checks it (under 60 s).
 */
import { existsSync } from 'node:fs'
import { copyFile, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { linkPeers, packedPackage, root, run } from './packed'
import { CHECK_MS } from '../helpers/time'

const tsc = join(root, 'node_modules/typescript/bin/tsc')

let consumer = ''
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
import { serveStatic, type StaticHandler } from 'fw-api/static'
import type { HealthOptions, Readiness } from 'fw-api/health'
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

const assets: StaticHandler = serveStatic('./public', { maxAge: '1h', precompressed: true, fallback: 'index.html' })
service.mount(assets, '/assets')
// @ts-expect-error index is a file name or false
serveStatic('./public', { index: true })
const health: HealthOptions = { ready: { db: () => Promise.resolve(true) }, timeout: '2s', drain: 5000 }
new Fw({ api: Items, health })
// @ts-expect-error a readiness check is a function
new Fw({ health: { ready: { db: true } } })
const readiness: Readiness['status'] = 'closing'

export { alias, handler, timeConf, listener, mounted, wrong, readiness }
`

/**
 * `fw-api/orm` with drizzle's pg-core, as a user writes it: tables and relations,
 * an `orm.Schema`, an `orm.Query`, both used in an API class. Checked on its own
 * (tsconfig.orm.json): drizzle's own declarations do not pass `skipLibCheck: false`
 * (docs/orm.md, "Strict type-checking"), so the test separates their errors from ours by file.
 */
const ORM_CONSUMER = `import { API, get, post } from 'fw-api/api'
import { Body, Query } from 'fw-api/request'
import { orm } from 'fw-api/orm'
import { relations } from 'drizzle-orm'
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core'

export const users = pgTable('users', { id: serial('id').primaryKey(), username: text('username').notNull() })
export const articles = pgTable('articles', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  authorId: integer('author_id').notNull().references(() => users.id),
})
export const usersRelations = relations(users, ({ many }) => ({ articles: many(articles) }))
export const articlesRelations = relations(articles, ({ one }) => ({ author: one(users, { fields: [articles.authorId], references: [users.id] }) }))

const UserSchema = orm.Schema(users, { id: true, username: true, articlesNum: orm.Count('articles') })
const ArticleSchema = orm.Schema(articles, { id: true, title: true, authorId: true, author: UserSchema })
const ArticleQuery = orm.Query(articles, {
  author: orm.Filter('author.username'),
  offset: orm.Offset(),
  limit: orm.Limit({ max: 100 }),
  order: orm.OrderBy(['title']),
})

type Article = orm.OutputOf<typeof ArticleSchema>

export class ArticleAPI extends API {
  @get({ query: Query(ArticleQuery) })
  async list({ query }: { query: orm.QueryOf<typeof ArticleQuery> }): Promise<Article[]> {
    return ArticleSchema.serialize(query)
  }

  @post({ article: Body(ArticleSchema.input({ omit: ['id'] })) })
  async create({ article }: { article: orm.InputOf<typeof ArticleSchema> }): Promise<Article> {
    const title: string = article.title
    void title
    return ArticleSchema.init(await ArticleSchema.save(article))
  }
}

const first: Article | undefined = undefined
// @ts-expect-error the serialised author is an object with a username, not a string
const wrongName: string = ({} as Article).author.username.length
export { first, wrongName }
`

/** The codes of drizzle-orm 0.45's own declaration errors that docs/orm.md lists. */
const DRIZZLE_CODES = ['TS2307', 'TS2344', 'TS2416', 'TS2420', 'TS2515', 'TS2559', 'TS2580']

function tsconfig(resolution: 'Bundler' | 'NodeNext', include = 'src/*.ts'): string {
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
      include: [include],
    },
    null,
    2,
  )
}

async function typecheck(resolution: 'Bundler' | 'NodeNext', name = resolution.toLowerCase()): Promise<{ code: number; output: string; files: string }> {
  const project = join(consumer, `tsconfig.${name}.json`)
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
  // The build, pack and install are shared with tests/package/docs.test.ts (packed.ts).
  consumer = (await packedPackage()).consumer
  await writeFile(join(consumer, 'src/readme.ts'), await readmeExample())
  await writeFile(join(consumer, 'src/subpaths.ts'), SUBPATHS)
  await writeFile(join(consumer, 'tsconfig.bundler.json'), tsconfig('Bundler'))
  await writeFile(join(consumer, 'tsconfig.nodenext.json'), tsconfig('NodeNext'))
  for (const resolution of ['Bundler', 'NodeNext'] as const) checks.set(resolution, typecheck(resolution))
}, 1_200_000) // longer than packedPackage's wait (15 min) for another file's build

let ormCheck: ReturnType<typeof typecheck> | undefined

/** The ORM consumer's check, started after the other two (they share two cores). */
async function checkOrm(): Promise<Awaited<ReturnType<typeof typecheck>>> {
  if (!ormCheck) {
    await linkPeers(consumer)
    await mkdir(join(consumer, 'orm'), { recursive: true })
    await writeFile(join(consumer, 'orm/consumer.ts'), ORM_CONSUMER)
    await writeFile(join(consumer, 'tsconfig.orm.json'), tsconfig('Bundler', 'orm/*.ts'))
    ormCheck = typecheck('Bundler', 'orm')
  }
  return ormCheck
}

/** The consumers written with zod, arktype and effect (tests/package/consumers/), checked on their own like the ORM's. */
const STANDARD_LIBRARIES = ['zod', 'arktype', 'effect'] as const
let standardCheck: ReturnType<typeof typecheck> | undefined

async function checkStandard(): Promise<Awaited<ReturnType<typeof typecheck>>> {
  if (!standardCheck) {
    await mkdir(join(consumer, 'standard'), { recursive: true })
    for (const name of STANDARD_LIBRARIES) {
      const link = join(consumer, 'node_modules', name)
      if (!existsSync(link)) await symlink(join(root, 'node_modules', name), link, 'dir')
      await copyFile(join(root, 'tests/package/consumers', `${name}.ts`), join(consumer, 'standard', `${name}.ts`))
    }
    await writeFile(join(consumer, 'tsconfig.standard.json'), tsconfig('Bundler', 'standard/*.ts'))
    standardCheck = typecheck('Bundler', 'standard')
  }
  return standardCheck
}

describe('the packed package in a fresh consumer project', () => {
  it('installs from the tarball with its dependencies and without @types/node', async () => {
    const installed = JSON.parse(await readFile(join(consumer, 'node_modules/fw-api/package.json'), 'utf8')) as { name: string }
    expect(installed.name).toBe('fw-api')
    expect(existsSync(join(consumer, 'node_modules/fw-api/dist/index.d.ts'))).toBe(true)
    expect(existsSync(join(consumer, 'node_modules/valibot'))).toBe(true)
    expect(existsSync(join(consumer, 'node_modules/@types/node'))).toBe(false)
    // only what `files` lists is published (no src/, tests/, bench/)
    expect((await readdir(join(consumer, 'node_modules/fw-api'))).sort()).toEqual(['LICENSE', 'README.md', 'bin', 'dist', 'package.json'])
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
    }, CHECK_MS)
  }

  it('type-checks fw-api/orm with drizzle-orm/pg-core (strict, skipLibCheck: false): no error from fw-api or the consumer, only drizzle\'s own', async () => {
    const result = await checkOrm()
    const errors = result.files.split('\n').filter((line) => /error TS\d+/.test(line))
    const ours = errors.filter((line) => !line.includes('/node_modules/drizzle-orm/'))
    expect(ours).toEqual([])
    // what remains is drizzle's own declarations, of the kinds docs/orm.md lists
    const codes = new Set(errors.map((line) => /error (TS\d+)/.exec(line)?.[1]))
    expect([...codes].filter((code) => !DRIZZLE_CODES.includes(code ?? ''))).toEqual([])
    // the consumer, fw-api/orm's declarations and drizzle's pg-core were all in the program
    expect(result.files).toContain('orm/consumer.ts')
    expect(result.files).toContain('node_modules/fw-api/dist/orm/index.d.ts')
    expect(result.files).toContain('drizzle-orm/pg-core/table.d.ts')
  }, CHECK_MS)

  it('type-checks consumers written with zod, arktype and effect (strict, skipLibCheck: false): their wrong calls fail', async () => {
    const result = await checkStandard()
    const errors = result.files.split('\n').filter((line) => /error TS\d+/.test(line))
    // arktype's own declarations import Node's `buffer` (no @types/node here): those errors are its own, not ours
    const ours = errors.filter((line) => !line.includes('/node_modules/@ark/'))
    expect(ours).toEqual([])
    expect(errors.filter((line) => !/error TS2307: Cannot find module 'buffer'/.test(line))).toEqual([])
    for (const name of STANDARD_LIBRARIES) expect(result.files).toContain(`standard/${name}.ts`)
    expect(result.files).toContain('node_modules/fw-api/dist/index.d.ts')
  }, CHECK_MS)

})
