/**
 * `npm run example:blog`: the blog on embedded PGlite (no server), or on a
 * Postgres server with `DATABASE_URL=postgres://... npm run example:blog`.
 */
import 'fw-api/serve'
import { ArticleSchema } from './api'
import { createBlog } from './app'
import { UserSchema } from './api'

const url = process.env.DATABASE_URL
const { service } = await createBlog({ url, dataDir: process.env.BLOG_DATA_DIR })

// A little content on first start (save() inserts; the key makes it an update).
if ((await UserSchema.serialize({ username: 'alice' })).length === 0) {
  const [alice, bob] = await UserSchema.bulkSave([{ username: 'alice' }, { username: 'bob' }])
  await ArticleSchema.save({ authorId: alice, title: 'Hello fw', content: 'UtilMeta-style ORM over drizzle' })
  await ArticleSchema.save({ authorId: bob, title: 'Second post', content: '...' })
}

const server = await service.run({ port: Number(process.env.PORT ?? 8000) })
console.log(`blog on ${url ? 'postgres' : 'pglite'}: http://${server.hostname}:${server.port}/api/article?order=-createdAt`)
const stop = async () => {
  await server.close() // closes the database too
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
