/**
 * SPEC §16 with a real auth param (§12): `@ws.socket('me', { user: jwtUser })` on Node
 * (`service.run()`, PGlite): no token or a bad one is 401 with `WWW-Authenticate` before 101; a
 * valid bearer token opens the socket and the method gets the user row; `auth.Require` on the
 * service guards the upgrade too.
 *
 *   npx vitest run tests/ws/auth.test.ts --typecheck.enabled=false
 */
import 'fw-api/serve'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, Fw, type RunningServer } from 'fw-api'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import { ws } from 'fw-api/ws'
import * as tables from '../auth/fixtures/tables'
import { connect, refusal } from './client'

const SECRET = 'the-websocket-test-secret-of-32-bytes!'
const jwtUser = auth.User(tables.users, { authentication: auth.JsonWebToken({ secret: SECRET }), loginFields: ['username'] })

class MeAPI extends api.API {
  @ws.socket('me', { user: jwtUser })
  async me(socket: ws.Socket, { user }: { user: { username: string } }) {
    socket.send({ hello: user.username, same: socket.request.user === user })
  }
}

const token = (subject: string): Promise<string> =>
  new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(subject).setAudience('users').setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(SECRET))

describe('an auth param at the upgrade', () => {
  const database = orm.Database({ engine: 'pglite', schema: tables, create: true })
  let server: RunningServer
  let base: string
  beforeAll(async () => {
    const service = new Fw({ api: MeAPI, route: '/api' })
    service.use(orm.DatabaseConnections({ default: database }))
    server = await service.run({ port: 0, signals: false })
    base = `ws://127.0.0.1:${server.port}/api/me`
    await (await database.db()).insert(tables.users).values({ username: 'alice', password: 'unused' })
  })
  afterAll(() => server?.close())

  it('no token or a bad one: 401 with WWW-Authenticate, before 101', async () => {
    const anonymous = await refusal(base)
    expect(anonymous.status).toBe(401)
    expect(String(anonymous.headers['www-authenticate'])).toMatch(/^Bearer/)
    expect((await refusal(base, { headers: { authorization: 'Bearer not.a.token' } })).status).toBe(401)
    expect((await refusal(base, { headers: { authorization: `Bearer ${await token('999')}` } })).status).toBe(401)
  })

  it('a valid token opens the socket; the method gets the user', async () => {
    const client = await connect(base, { headers: { authorization: `Bearer ${await token('1')}` } })
    expect(await client.next()).toEqual({ hello: 'alice', same: true })
  })

  it('auth.Require on the service guards the upgrade too', async () => {
    class OpenAPI extends api.API {
      @ws.socket('open')
      async open(socket: ws.Socket) {
        socket.send('in')
      }
    }
    const guarded = new Fw({ api: OpenAPI, route: '/api' })
    guarded.use(orm.DatabaseConnections({ default: database }))
    guarded.use(auth.Require(jwtUser))
    const running = await guarded.run({ port: 0, signals: false })
    try {
      const url = `ws://127.0.0.1:${running.port}/api/open`
      expect((await refusal(url)).status).toBe(401)
      const client = await connect(url, { headers: { authorization: `Bearer ${await token('1')}` } })
      expect(await client.next()).toBe('in')
    } finally {
      await running.close()
    }
  })
})
