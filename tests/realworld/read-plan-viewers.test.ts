/**
 * src/orm/read-plan.ts attacked over real HTTP (Node) with examples/realworld on PGlite and a
 * PostgreSQL 15 server: a read plan is kept per schema, argument shape and viewer (the values the
 * `favorited` / `following` context filters give), so one viewer's plan must never answer for
 * another — viewers interleaved and concurrent, an anonymous one among them — and a viewer's own
 * change is seen at once. Each answer is compared with what the rows say, and with the shape's
 * first read (built, not planned). Across databases and argument shapes: tests/orm/read-plan-attack.
 */
import 'fw-api/serve'
import './secret'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createConduit } from '../../examples/realworld/app'
import { engines, startPostgres, type PostgresServer } from '../orm/engines'

type Answer = { status: number; body: Record<string, any> }

/** A running Conduit: `send` a JSON request to it, as a viewer (a token) or anonymous. */
async function conduit(url: string | undefined) {
  const { service, database } = createConduit({ url })
  await database.connect()
  const server = await service.run({ port: 0, host: '127.0.0.1' })
  const api = `http://127.0.0.1:${server.port}/api`
  const send = async (method: string, path: string, body?: unknown, token?: string): Promise<Answer> => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) }
    const response = await fetch(api + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: response.status, body: (await response.json()) as Record<string, any> }
  }
  const register = async (name: string): Promise<string> => {
    const answer = await send('POST', '/users', { user: { username: name, email: `${name}@mail.com`, password: 'password' } })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    return answer.body.user.token as string
  }
  return { send, register, close: () => server.close() }
}

describe.each(engines)('read plans per viewer over HTTP on %s', (engine) => {
  let pg: PostgresServer | undefined
  let one: Awaited<ReturnType<typeof conduit>>
  const tokens: Record<string, string> = {}
  let slug = ''
  const writer = 'w'

  beforeAll(async () => {
    pg = engine === 'postgres' ? await startPostgres() : undefined
    one = await conduit(pg?.url)
    for (const name of [writer, 'fan', 'stranger']) tokens[name] = await one.register(name)
    const written = await one.send('POST', '/articles', { article: { title: 't', description: 'd', body: 'b', tagList: ['x'] } }, tokens[writer])
    slug = written.body.article.slug
    // the fan favorites the article and follows its writer; the stranger neither
    expect((await one.send('POST', `/articles/${slug}/favorite`, undefined, tokens.fan)).status).toBe(200)
    expect((await one.send('POST', `/profiles/${writer}/follow`, undefined, tokens.fan)).status).toBe(200)
  }, 120_000)
  afterAll(async () => {
    await one?.close()
    await pg?.stop()
  })

  /** What the rows say each viewer sees of the article (favorited, the writer followed). */
  const expected: Record<string, { favorited: boolean; following: boolean }> = {
    fan: { favorited: true, following: true },
    stranger: { favorited: false, following: false },
    anonymous: { favorited: false, following: false },
  }
  const articleAs = (viewer: string) => one.send('GET', `/articles/${slug}`, undefined, tokens[viewer])
  const profileAs = (viewer: string) => one.send('GET', `/profiles/${writer}`, undefined, tokens[viewer])

  it("one viewer's plan never answers another's: interleaved, then 90 concurrent reads", async () => {
    // the first read of each viewer, in turn: the shape's first (built) read, then planned ones
    const first: Record<string, Answer> = {}
    for (const viewer of ['stranger', 'fan', 'anonymous', 'stranger', 'fan', 'anonymous']) {
      const article = await articleAs(viewer)
      expect(article.status).toBe(200)
      expect({ favorited: article.body.article.favorited, following: article.body.article.author.following }, viewer).toEqual(expected[viewer])
      expect(article.body.article.favoritesCount).toBe(1)
      first[viewer] ??= article
      expect(article.body, `${viewer}: planned read as the first`).toEqual(first[viewer]?.body)
      const profile = await profileAs(viewer)
      expect(profile.body.profile.following, viewer).toBe(expected[viewer]?.following)
    }
    const viewers = Array.from({ length: 90 }, (_, index) => ['fan', 'stranger', 'anonymous'][index % 3] ?? 'anonymous')
    const answers = await Promise.all(viewers.map((viewer) => (viewers.indexOf(viewer) % 2 ? profileAs(viewer) : articleAs(viewer))))
    answers.forEach((answer, index) => {
      const viewer = viewers[index] ?? ''
      expect(answer.status).toBe(200)
      if (answer.body.profile) expect(answer.body.profile.following, viewer).toBe(expected[viewer]?.following)
      else expect(answer.body, viewer).toEqual(first[viewer]?.body)
    })
  }, 60_000)

  it("a viewer's change is seen at once (the plan binds values, it caches no rows)", async () => {
    expect((await one.send('DELETE', `/articles/${slug}/favorite`, undefined, tokens.fan)).body.article.favorited).toBe(false)
    expect((await articleAs('fan')).body.article.favorited).toBe(false)
    expect((await articleAs('fan')).body.article.favoritesCount).toBe(0)
    expect((await one.send('POST', `/articles/${slug}/favorite`, undefined, tokens.stranger)).status).toBe(200)
    expect((await articleAs('stranger')).body.article.favorited).toBe(true)
    expect((await articleAs('fan')).body.article.favorited).toBe(false)
    expect((await articleAs('anonymous')).body.article.favorited).toBe(false)
  }, 60_000)
})
