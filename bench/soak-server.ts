/**
 * The server of the soak (bench/soak.mjs): the blog example (examples/blog,
 * PGlite in memory) with plugins.Logger, or a minimal service, on 127.0.0.1.
 * Prints `READY <port>`. On SIGUSR2 it collects garbage and prints its memory
 * on stderr (`MEMORY {...}`), so the soak can tell garbage from retained memory.
 *
 * Knobs (environment): SOAK_APP=blog|minimal|unbounded (the blog plus `/api/all`: every article), SOAK_LOGGER=1|0,
 * SOAK_SINK=console (the Logger's default, console.log) | write (process.stdout.write) | none,
 * SOAK_ARTICLES (articles seeded, default 200), SOAK_MINIMAL_ROWS (rows of the minimal app's list, default 10)
 */
import 'fw-api/serve'
import * as v from 'valibot'
import { Fw, api, plugins } from 'fw-api'
import { ArticleSchema, UserSchema } from '../examples/blog/api'
import { createBlog } from '../examples/blog/app'
import { articles } from '../examples/blog/tables'

const env = process.env
const app = env.SOAK_APP ?? 'blog'
const sinks: Record<string, ((line: string) => void) | undefined> = {
  console: undefined,
  write: (line) => void process.stdout.write(`${line}\n`),
  none: () => {},
}

class MinimalUsers extends api.API {
  @api.get('{id}', { id: v.pipe(v.number(), v.integer()) })
  getUser({ id }: { id: number }) {
    return { id, username: `user${id}`, articlesNum: id % 7 }
  }
}
class MinimalArticles extends api.API {
  @api.get
  get() {
    return Array.from({ length: Number(env.SOAK_MINIMAL_ROWS ?? 10) }, (_, id) => ({ id, title: `title ${id}`, content: 'x'.repeat(200) }))
  }
}
class MinimalRoot extends api.API {
  static user = MinimalUsers
  static article = MinimalArticles
}

async function create(): Promise<Fw> {
  if (app === 'minimal') return new Fw(import.meta.url, { name: 'soak-minimal', api: MinimalRoot, route: '/api' })
  const { service, database } = await createBlog()
  if (app === 'unbounded') {
    // What an unbounded page did before orm.Limit had a default max (issue #20 row 3): every row, straight from PGlite.
    class Unbounded extends api.API {
      @api.get
      async get() {
        return (await database.db()).select().from(articles)
      }
    }
    service.mount(Unbounded, '/api/all')
  }
  const ids = await UserSchema.bulkSave(Array.from({ length: 20 }, (_, i) => ({ username: `user${i}` })))
  const count = Number(env.SOAK_ARTICLES ?? 200)
  for (let from = 0; from < count; from += 500) {
    const batch = Array.from({ length: Math.min(500, count - from) }, (_, i) => ({ authorId: ids[(from + i) % ids.length] as number, title: `article ${from + i}`, content: 'lorem ipsum '.repeat(20) }))
    await ArticleSchema.bulkSave(batch)
  }
  return service
}

const service = await create()
if (env.SOAK_LOGGER !== '0') service.use(new plugins.Logger({ sink: sinks[env.SOAK_SINK ?? 'console'] }))

const gc = (): void => {
  const host = globalThis as { Bun?: { gc(force: boolean): void }; gc?: () => void }
  if (host.Bun) host.Bun.gc(true)
  else host.gc?.()
}
/** Bun: JavaScriptCore's own view of its heap (process.memoryUsage().heapUsed counts more on Bun). */
interface Jsc {
  heapStats(): { heapSize: number; heapCapacity: number; extraMemorySize: number; objectCount: number }
}
const jscModule = 'bun:jsc' // a variable: tsc and Node never resolve it
const jsc = (globalThis as { Bun?: unknown }).Bun ? ((await import(jscModule)) as Jsc) : undefined
function jscHeap(): unknown {
  const stats = jsc?.heapStats()
  return stats && { heapSize: stats.heapSize, heapCapacity: stats.heapCapacity, extraMemorySize: stats.extraMemorySize, objectCount: stats.objectCount }
}

process.on('SIGUSR2', () => {
  gc()
  const memory = { ...process.memoryUsage(), jsc: jscHeap() }
  process.stderr.write(`MEMORY ${JSON.stringify(memory)}\n`)
})

const server = await service.run({ port: 0, host: '127.0.0.1' })
console.log(`READY ${server.port}`)
