/**
 * The server of the soak (bench/soak.mjs): the blog example (examples/blog,
 * PGlite in memory) with plugins.Logger, or a minimal service, on 127.0.0.1.
 * Prints `READY <port>`. On SIGUSR2 it collects garbage and prints its memory
 * on stderr (`MEMORY {...}`), so the soak can tell garbage from retained memory.
 *
 * Knobs (environment): SOAK_APP=blog|minimal, SOAK_LOGGER=1|0,
 * SOAK_SINK=console (the Logger's default, console.log) | write (process.stdout.write) | none
 */
import * as v from 'valibot'
import { Fw, api, plugins } from 'fw-api'
import { ArticleSchema, UserSchema } from '../examples/blog/api'
import { createBlog } from '../examples/blog/app'

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
    return Array.from({ length: 10 }, (_, id) => ({ id, title: `title ${id}`, content: 'x'.repeat(200) }))
  }
}
class MinimalRoot extends api.API {
  static user = MinimalUsers
  static article = MinimalArticles
}

async function create(): Promise<Fw> {
  if (app === 'minimal') return new Fw(import.meta.url, { name: 'soak-minimal', api: MinimalRoot, route: '/api' })
  const { service } = await createBlog()
  const ids = await UserSchema.bulkSave(Array.from({ length: 20 }, (_, i) => ({ username: `user${i}` })))
  for (let i = 0; i < 200; i++) {
    await ArticleSchema.save({ authorId: ids[i % ids.length] as number, title: `article ${i}`, content: 'lorem ipsum '.repeat(20) })
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
process.on('SIGUSR2', () => {
  gc()
  const memory = process.memoryUsage()
  process.stderr.write(`MEMORY ${JSON.stringify(memory)}\n`)
})

const server = await service.run({ port: 0, host: '127.0.0.1' })
console.log(`READY ${server.port}`)
