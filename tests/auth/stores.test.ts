/**
 * Session stores: Redis (a real redis-server: shared by two services, as by
 * two processes, expiring by Redis's TTL), memory (bounded), the database
 * store (PGlite), KV (a binding object, as Workers passes it).
 */
import 'fw-api/serve'
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Fw, api } from 'fw-api'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import * as request from 'fw-api/request'
import * as v from 'valibot'
import * as tables from './fixtures/tables'
import { redisSkipReason, startRedis } from './redis'

type Redis = ReturnType<typeof createClient>

// PGlite starts in seconds to tens of seconds on a busy machine: once per file, in a hook.
const database = orm.Database({ engine: 'pglite', schema: tables, create: true })
const hasher = auth.Pbkdf2Hasher({ iterations: 1000 })
beforeAll(async () => {
  await (await database.db()).insert(tables.users).values({ username: 'dana', password: await hasher.hash('dana123') })
}, 300_000) // PGlite starts slowly on a busy machine
afterAll(() => database.close())

describe('MemoryStore, DatabaseStore, KVStore', () => {
  it('MemoryStore keeps at most maxEntries, oldest dropped first; expired sessions are gone', async () => {
    const store = auth.MemoryStore({ maxEntries: 2 })
    await store.set('a', { uid: 1 }, 60)
    await store.set('b', { uid: 2 }, 60)
    await store.set('c', { uid: 3 }, 60)
    expect(await store.get('a')).toBe(undefined)
    expect(await store.get('c')).toEqual({ uid: 3 })
    await store.set('gone', { uid: 4 }, 0.001)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(await store.get('gone')).toBe(undefined)
  })

  it('DatabaseStore upserts, reads only unexpired rows, deletes', async () => {
    orm.DatabaseConnections({ default: database }).activate()
    const store = auth.DatabaseStore(tables.sessions)
    await store.set('k', { uid: 1 }, 60)
    await store.set('k', { uid: 2 }, 60)
    expect(await store.get('k')).toEqual({ uid: 2 })
    await store.set('old', { uid: 3 }, -1)
    expect(await store.get('old')).toBe(undefined)
    await store.delete('k')
    expect(await store.get('k')).toBe(undefined)
    expect(() => auth.DatabaseStore(tables.users)).toThrow(/no column 'key'/)
  })

  it('KVStore writes JSON with a TTL of at least 60 s, from a binding or a function of env', async () => {
    const kept = new Map<string, { value: string; ttl: number }>()
    const binding = {
      get: async (key: string) => kept.get(key)?.value ?? null,
      put: async (key: string, value: string, options: { expirationTtl: number }) => void kept.set(key, { value, ttl: options.expirationTtl }),
      delete: async (key: string) => void kept.delete(key),
    }
    const store = auth.KVStore((env) => (env as { SESSIONS: typeof binding }).SESSIONS)
    const context = new request.RequestContext(new Request('http://localhost/'), '/', '', Date.now(), { SESSIONS: binding })
    await store.set('k', { uid: 1 }, 5, context)
    expect(kept.get('fw:session:k')).toEqual({ value: '{"uid":1}', ttl: 60 })
    expect(await store.get('k', context)).toEqual({ uid: 1 })
    await store.delete('k', context)
    expect(await auth.KVStore(binding).get('k')).toBe(undefined)
  })
})

/**
 * Revocation on a store: a JWT config and a session config keeping their revocations in `store`;
 * logout by one token ends every earlier token and session of the user; later ones work.
 */
async function revokesEverything(store: auth.SessionStore, env?: unknown): Promise<void> {
  const jwtUser = auth.User(tables.users, { authentication: auth.JsonWebToken({ secret: 'a-revocation-test-secret-of-32-bytes', revocations: store }), loginFields: ['username'], passwordField: 'password', hasher })
  const sessionUser = auth.User(tables.users, { authentication: auth.Session({ store }), loginFields: ['username'], passwordField: 'password', hasher })
  class RevokeAPI extends api.API {
    me = api.get({ user: jwtUser }, ({ user }) => user.username)
    session = api.get({ user: sessionUser }, ({ user }) => user.username)
    @api.post
    async token() { return (await jwtUser.login(this.request, { ident: 'dana', password: 'dana123' }))?.token ?? null }
    @api.post
    async cookie() { return (await sessionUser.login(this.request, { ident: 'dana', password: 'dana123' }))?.user.id ?? null }
    @api.post({ user: jwtUser })
    async logout() { await jwtUser.logout(this.request) }
  }
  const service = new Fw(import.meta.url, { api: RevokeAPI })
  service.use(orm.DatabaseConnections({ default: database }))
  const call = (method: string, path: string, headers: Record<string, string> = {}) => service.fetch(new Request(`http://localhost/${path}`, { method, headers }), env)
  const tokenOf = async () => (await (await call('POST', 'token')).json()) as string
  const [first, second] = [await tokenOf(), await tokenOf()]
  const cookie = ((await call('POST', 'cookie')).headers.getSetCookie()[0] ?? '').split(';')[0] ?? ''
  expect((await call('GET', 'session', { cookie })).status).toBe(200)
  expect((await call('POST', 'logout', { authorization: `Bearer ${first}` })).status).toBe(200)
  for (const [name, headers] of [['the token logged out', { authorization: `Bearer ${first}` }], ['another token', { authorization: `Bearer ${second}` }]] as const)
    expect((await call('GET', 'me', headers)).status, name).toBe(401)
  expect((await call('GET', 'session', { cookie })).status, 'a session').toBe(401)
  expect(await (await call('GET', 'me', { authorization: `Bearer ${await tokenOf()}` })).json()).toBe('dana')
}

describe('revocation: logout ends every earlier credential of the user, on every store', () => {
  it('MemoryStore', () => revokesEverything(auth.MemoryStore()))
  it('DatabaseStore', () => revokesEverything(auth.DatabaseStore(tables.sessions)))
  it('KVStore', async () => {
    const kept = new Map<string, string>()
    const binding = { get: async (key: string) => kept.get(key) ?? null, put: async (key: string, value: string) => void kept.set(key, value), delete: async (key: string) => void kept.delete(key) }
    await revokesEverything(auth.KVStore((env) => (env as { SESSIONS: typeof binding }).SESSIONS), { SESSIONS: binding })
    expect([...kept.keys()].some((key) => key.startsWith('fw:session:revoked:users:'))).toBe(true)
  })
})

describe.skipIf(redisSkipReason !== undefined)('RedisStore on a redis-server', () => {
  let redis: Awaited<ReturnType<typeof startRedis>> | undefined
  const clients: Redis[] = []
  const servers: { close(): Promise<void> }[] = []
  const connect = async (): Promise<Redis> => {
    const client = createClient({ url: redis?.url })
    await client.connect()
    clients.push(client)
    return client
  }
  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(async () => {
    for (const server of servers) await server.close()
    for (const client of clients) await client.quit()
    await redis?.stop()
  })

  it('stores, reads, expires and deletes sessions under its prefix; garbage reads as no session', async () => {
    const client = await connect()
    const store = auth.RedisStore(client)
    await store.set('k1', { uid: 7 }, 60)
    expect(await store.get('k1')).toEqual({ uid: 7 })
    expect(await client.ttl('fw:session:k1')).toBeGreaterThan(50)
    await store.set('short', { uid: 1 }, 1)
    await new Promise((resolve) => setTimeout(resolve, 2100))
    expect(await store.get('short')).toBe(undefined)
    await client.set('fw:session:garbage', 'not json')
    expect(await store.get('garbage')).toBe(undefined)
    await store.delete('k1')
    expect(await store.get('k1')).toBe(undefined)
  })

  it('a session made by one service is read by another (two clients, as two processes or machines)', async () => {
    const credentials = { data: request.Body(v.object({ username: v.string(), password: v.string() })) }
    const serviceWith = async (client: Redis) => {
      const user = auth.User(tables.users, { authentication: auth.Session({ store: auth.RedisStore(client) }), loginFields: ['username'], passwordField: 'password', hasher })
      class SessionAPI extends api.API {
        me = api.get({ user }, ({ user: found }) => found.username)
        @api.post(credentials)
        async login({ data }: api.Input<typeof credentials>) { return (await user.login(this.request, { ident: data.username, password: data.password }))?.user.id ?? null }
      }
      const service = new Fw(import.meta.url, { api: SessionAPI })
      service.use(orm.DatabaseConnections({ default: database }))
      const server = await service.run({ port: 0, host: '127.0.0.1' })
      servers.push(server)
      return `http://127.0.0.1:${server.port}`
    }
    const first = await serviceWith(await connect())
    const second = await serviceWith(await connect())
    const login = await fetch(`${first}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'dana', password: 'dana123' }) })
    expect(await login.json()).toBe(1)
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0] ?? ''
    const elsewhere = await fetch(`${second}/me`, { headers: { cookie } })
    expect(elsewhere.status).toBe(200)
    expect(await elsewhere.json()).toBe('dana')
    expect((await fetch(`${second}/me`)).status).toBe(401)
  })

  it('revocation: logout ends every earlier token and session of the user', async () => {
    await revokesEverything(auth.RedisStore(await connect()))
  })
})
