/**
 * SPEC §10.2 "Context never drops a filter": a context value a filter needs
 * that is `undefined` matches nothing (an anonymous viewer is not "following"
 * anyone), and inside an endpoint schemas read the request's context (its
 * `state`) without `{ context }` at each call — over real HTTP, with
 * concurrent requests of different users, on PGlite and PostgreSQL.
 */
import 'fw-api/serve'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { api, Fw } from 'fw-api'
import type { RequestContext } from 'fw-api/request'
import { orm } from 'fw-api/orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { follows, users } from '../../examples/blog/tables'
import { engines, openEngine, type EngineDb } from './engines'

const Profile = orm.Schema(users, {
  username: true,
  following: orm.Exists('followers', { filter: (ctx) => ({ followerId: ctx.userId }) }),
  followingNum: orm.Count('followers', { filter: (ctx) => ({ followerId: ctx.userId }) }),
  seenBy: orm.Field('followers.followerId', { filter: (ctx) => ({ followerId: ctx.userId }) }),
  // a nested ctx object that lacks the key is "missing" too
  followedByViewer: orm.Field('followers', { schema: [orm.Schema(follows, { followerId: true })], filter: (ctx) => ({ followerId: (ctx.user as { id?: number } | undefined)?.id }) }),
})
const FollowedQuery = orm.Query(users, {
  followedByMe: orm.Filter({ query: (_: boolean, ctx) => ({ 'followers.followerId': ctx.userId }), schema: v.boolean() }),
})

describe.each(engines)('request context on %s', (engine) => {
  let db: EngineDb
  let ids: Record<string, number> = {}

  beforeAll(async () => {
    db = await openEngine(engine)
    const [alice, bob, carol] = (await orm.Schema(users, { id: true, username: true }).bulkSave([{ username: 'alice' }, { username: 'bob' }, { username: 'carol' }])) as number[]
    ids = { alice: alice as number, bob: bob as number, carol: carol as number }
    await orm.Schema(follows, { followerId: true, followingId: true }).bulkSave([{ followerId: ids.bob, followingId: ids.alice }])
  })
  afterAll(() => db?.stop())

  it('an undefined context value matches nothing: no context, an anonymous viewer, a missing nested key', async () => {
    const anonymous = { following: false, followingNum: 0, seenBy: [], followedByViewer: [] }
    expect(await Profile.serialize({ username: 'alice' })).toEqual([{ username: 'alice', ...anonymous }])
    expect(await Profile.serialize({ username: 'alice' }, { context: { userId: undefined } })).toEqual([{ username: 'alice', ...anonymous }])
    expect(await Profile.serialize({ username: 'alice' }, { context: { user: {} } })).toEqual([{ username: 'alice', ...anonymous }])
    // a viewer who follows, and one who does not
    expect(await Profile.serialize({ username: 'alice' }, { context: { userId: ids.bob, user: { id: ids.bob } } })).toEqual([
      { username: 'alice', following: true, followingNum: 1, seenBy: [ids.bob], followedByViewer: [{ followerId: ids.bob }] },
    ])
    expect(await Profile.serialize({ username: 'alice' }, { context: { userId: ids.carol, user: { id: ids.carol } } })).toEqual([{ username: 'alice', ...anonymous }])
    // a frozen context works (a Proxy may not wrap its frozen members)
    expect((await Profile.serialize({ username: 'alice' }, { context: Object.freeze({ userId: ids.bob, user: Object.freeze({ id: ids.bob }) }) }))[0]?.followedByViewer).toEqual([{ followerId: ids.bob }])
  })

  it('an orm.Filter query function reading an undefined context value matches nothing (and counts nothing)', async () => {
    const query = v.parse(FollowedQuery, { followedByMe: true })
    expect(await Profile.serialize(query)).toEqual([])
    expect(await query.count()).toBe(0)
    expect((await Profile.serialize(query, { context: { userId: ids.bob } })).map((row) => row.username)).toEqual(['alice'])
  })

  it('inside an endpoint, schemas read the request context without { context }, per request, concurrently; DatabaseConnections({ context }) maps it', async () => {
    class Auth extends api.Plugin {
      override processRequest(request: Request, context: RequestContext): void {
        const user = request.headers.get('x-user')
        if (user) context.state.userId = ids[user]
      }
    }
    class ProfileAPI extends api.API {
      @api.get({ name: v.string() })
      async profile({ name }: { name: string }) {
        await new Promise((resolve) => setTimeout(resolve, 5)) // interleave concurrent requests
        const [row] = await Profile.serialize({ username: name })
        return { following: row?.following, count: await v.parse(FollowedQuery, { followedByMe: true }).count() }
      }
    }
    // the default: the request's `state` (set here by an auth plugin)
    const byState = new Fw(import.meta.url, { api: ProfileAPI, route: '/api' })
    byState.use(new orm.DatabaseConnections({ default: db.database }))
    byState.use(new Auth())
    // a mapping of the request: a header read directly
    const byHeader = new Fw(import.meta.url, { api: ProfileAPI, route: '/api' })
    byHeader.use(new orm.DatabaseConnections({ default: db.database }, { context: (request) => ({ userId: ids[request.headers.get('x-user') ?? ''] }) }))
    const servers = [await byState.run({ port: 0, host: '127.0.0.1', signals: false }), await byHeader.run({ port: 0, host: '127.0.0.1', signals: false })]
    try {
      for (const server of servers) {
        const ask = async (viewer?: string) => {
          const response = await fetch(`http://127.0.0.1:${server.port}/api/profile?name=alice`, { headers: viewer ? { 'x-user': viewer } : {} })
          expect(response.status).toBe(200)
          return (await response.json()) as { following: boolean; count: number }
        }
        const viewers = ['bob', undefined, 'carol', 'bob', undefined, 'bob', 'carol', undefined]
        const started = performance.now()
        const answers = await Promise.all(viewers.map(ask))
        expect(performance.now() - started).toBeLessThan(10_000)
        expect(answers.map((answer) => answer.following)).toEqual(viewers.map((viewer) => viewer === 'bob'))
        expect(answers.map((answer) => answer.count)).toEqual(viewers.map((viewer) => (viewer === 'bob' ? 1 : 0)))
      }
    } finally {
      for (const server of servers) await server.close()
    }
  })

  it('a promise an endpoint leaves behind keeps its request state alive, not the request (the carried context is the state)', async () => {
    setFlagsFromString('--expose-gc')
    const collect = runInNewContext('gc') as () => void
    const leftBehind: Promise<unknown>[] = []
    const requests: WeakRef<object>[] = []
    class KeepAPI extends api.API {
      @api.get
      keep() {
        this.request.state.userId = ids.bob
        // what outlives a request: a cache's or a queue's promise made while it ran (it holds the carried context)
        leftBehind.push(Promise.resolve())
        requests.push(new WeakRef(this.request))
        return { kept: leftBehind.length }
      }
    }
    const service = new Fw(import.meta.url, { api: KeepAPI, route: '/api' })
    service.use(new orm.DatabaseConnections({ default: db.database }))
    const server = await service.run({ port: 0, host: '127.0.0.1', signals: false })
    try {
      for (let sent = 0; sent < 3; sent++) {
        const response = await fetch(`http://127.0.0.1:${server.port}/api/keep`, { headers: { connection: 'close' } })
        expect(await response.json()).toEqual({ kept: sent + 1 })
      }
    } finally {
      await server.close()
    }
    for (let round = 0; round < 5 && requests.some((request) => request.deref()); round++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      collect()
    }
    expect(leftBehind).toHaveLength(3)
    expect(requests.filter((request) => request.deref() !== undefined)).toHaveLength(0)
  })
})
