/**
 * A port of UtilMeta's live auth test (utilmeta-py
 * tests/test_2_auth/test_auth_live.py, against tests/server/app/api.py's
 * UserAPI): one test per peer assertion, the peer's expected values
 * unchanged, over real HTTP on Node (native and Web paths), Bun and Deno
 * (the service: ./fixtures/utilmeta-app.ts). The API mirrors the peer's: `jwt_login`
 * answers UserBase with its `jwt_token`, the JWT is sent as `bearer <token>`
 * (lower case), the session lives in a database table, the client keeps its
 * cookie as the peer's `UserClient` does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 240_000

/** The peer's `UserClient`: named calls, `{ status, result }`, a cookie jar. */
function userClient(baseURL: string) {
  let cookie = ''
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(baseURL + path, { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      cookie = /Max-Age=0/.test(line) ? '' : pair
    }
    const text = await response.text()
    return { status: response.status, result: (text ? JSON.parse(text) : null) as Record<string, unknown> }
  }
  return {
    jwt_login: (data: { username: string; password: string }) => send('POST', '/user/jwt_login', data),
    jwt_get: (token: string) => send('GET', '/user/user_by_jwt', undefined, { authorization: token }),
    session_get: () => send('GET', '/user/user_by_session'),
    session_login: (data: { username: string; password: string }) => send('POST', '/user/session_login', data),
    update_user: (data: { avatar: string }) => send('PATCH', '/user', data),
    session_logout: () => send('POST', '/user/session_logout'),
  }
}

describe.each(runtimesFor(['node', 'bun', 'deno']))('UtilMeta test_live_auth, ported, on $label', (runtime) => {
  let server: Server | undefined
  let client: ReturnType<typeof userClient>
  beforeAll(async () => {
    server = await startServer(runtime, 'tests/auth/fixtures/utilmeta-server.ts', START_MS)
    client = userClient(`${server.origin}/api`)
  }, START_MS + 10_000) // PGlite starts slowly on a busy machine
  afterAll(() => server?.stop())

  let v: Awaited<ReturnType<typeof client.jwt_login>>
  let token = ''
  let r2: typeof v
  let r1: typeof v
  let pr: typeof v

  it('jwt_login: v.status == 200', async () => {
    v = await client.jwt_login({ username: 'alice', password: 'alice123' })
    expect(v.status).toBe(200)
  })
  it('jwt_login: v.result.jwt_token is not None', () => expect(v.result.jwt_token).not.toBeNull())
  it("jwt_login: v.result.username == 'alice'", () => expect(v.result.username).toBe('alice'))
  it('jwt_login: v.result.id == 1', () => expect(v.result.id).toBe(1))

  it('jwt_get(bearer token): r2.status == 200', async () => {
    token = String(v.result.jwt_token)
    r2 = await client.jwt_get(`bearer ${token}`)
    expect(r2.status).toBe(200)
  })
  it('jwt_get: r2.result.id == 1', () => expect(r2.result.id).toBe(1))
  it("jwt_get: r2.result.username == 'alice'", () => expect(r2.result.username).toBe('alice'))

  it('session_get before login: r401.status == 401', async () => expect((await client.session_get()).status).toBe(401))

  it('session_login: v.status == 200', async () => {
    v = await client.session_login({ username: 'alice', password: 'alice123' })
    expect(v.status).toBe(200)
  })
  it("session_login: v.result.username == 'alice'", () => expect(v.result.username).toBe('alice'))
  it('session_login: v.result.id == 1', () => expect(v.result.id).toBe(1))

  it('session_get: r1.status == 200', async () => {
    r1 = await client.session_get()
    expect(r1.status).toBe(200)
  })
  it('session_get: r1.result.id == 1', () => expect(r1.result.id).toBe(1))
  it("session_get: r1.result.username == 'alice'", () => expect(r1.result.username).toBe('alice'))

  it('update_user: pr.status == 200', async () => {
    pr = await client.update_user({ avatar: 'path/to/new/avatar' })
    expect(pr.status).toBe(200)
  })
  it('update_user: pr.result.id == 1', () => expect(pr.result.id).toBe(1))
  it("update_user: pr.result.avatar == 'path/to/new/avatar'", () => expect(pr.result.avatar).toBe('path/to/new/avatar'))

  it('session_logout: ro.status == 200', async () => expect((await client.session_logout()).status).toBe(200))
  it('session_get after logout: r401.status == 401', async () => expect((await client.session_get()).status).toBe(401))
})
