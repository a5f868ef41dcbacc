/**
 * A small app that writes nested rows as a real one does (D4,
 * H3): signup with nested articles and comments, `PUT /me` as the user named
 * by the `X-User` header, and a `raw` endpoint that saves any JSON object
 * (as an endpoint taking `v.custom` / `v.any()` would pass it on).
 */
import 'fw-api/serve'
import { api, Fw, request } from 'fw-api'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { articles, comments, users } from '../../examples/blog/tables'
import * as tables from '../../examples/blog/tables'
import { createTables } from '../../examples/blog/sql'

export const CommentWrite = orm.Schema(comments, { id: true, body: true, authorId: true })
export const ArticleWrite = orm.Schema(articles, { id: true, title: true, comments: orm.Field('comments', { schema: [CommentWrite], mode: 'rwa' }) })
/** A user with the relations a signup or a profile update writes: follows (a key list) and articles with their comments. */
export const Writer = orm.Schema(users, {
  id: true,
  username: true,
  following: orm.Field('following.followingId', { mode: 'raw' }),
  articles: orm.Field('articles', { schema: [ArticleWrite], mode: 'rwa' }),
})
const Loose = v.custom<Record<string, unknown>>((input) => typeof input === 'object' && input !== null && !Array.isArray(input))
const SignupInput = Writer.input('a')
const UpdateInput = Writer.input('w')
const OmitInput = Writer.input({ omit: ['id'] })

class WriteAPI extends api.API {
  @api.post('signup', { user: request.Body(SignupInput) })
  async signup({ user }: { user: Record<string, unknown> }) {
    return Writer.save(user as orm.SaveValue<typeof users>)
  }
  /** the `input({ omit })` form of the signup body: it takes the relation fields `input('a')` takes */
  @api.post('signup-omit', { user: request.Body(OmitInput) })
  async signupOmit({ user }: { user: Record<string, unknown> }) {
    return Writer.save(user as orm.SaveValue<typeof users>)
  }
  @api.put('me', { user: request.Body(UpdateInput), me: request.HeaderParam({ alias: 'X-User' }) })
  async update({ user, me }: { user: Record<string, unknown>; me: string }) {
    return Writer.save({ ...user, id: Number(me) } as orm.SaveValue<typeof users>, { mustUpdate: true })
  }
  @api.post('raw', { user: request.Body(Loose) })
  async raw({ user }: { user: Record<string, unknown> }) {
    return Writer.save(user as orm.SaveValue<typeof users>)
  }
  /** reads and parses the body, writes nothing: the baseline a refused write is compared with */
  @api.post('ignore', { user: request.Body(Loose) })
  async ignore() {
    return null
  }
  @api.post('bulk', { list: request.Body(v.array(Loose)) })
  async bulk({ list }: { list: Record<string, unknown>[] }) {
    return Writer.bulkSave(list as orm.SaveValue<typeof users>[])
  }
}

/** A running write app over `database` (its blog tables created afresh): base URL, JSON request helper, close. */
export interface WriteApp {
  base: string
  send(method: string, path: string, body: unknown, headers?: Record<string, string>): Promise<Response>
  close(): Promise<void>
}

/** Start the write app on a free port over `database` (blog tables dropped and created). */
export async function startWriteApp(database: orm.Database): Promise<WriteApp> {
  await database.execute(`DROP TABLE IF EXISTS follows, comments, articles, users CASCADE;${createTables}`)
  const service = new Fw(import.meta.url, { api: WriteAPI })
  service.use(new orm.DatabaseConnections({ default: database }))
  const server = await service.run({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${server.port}`
  return {
    base,
    send: (method, path, body, headers = {}) => fetch(base + path, { method, headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
    close: () => server.close(),
  }
}

export { tables }
