/**
 * Issue 54 #1: the typed client leaves out params the caller never sends — an auth user
 * (`{ user: jwtUser }`, `jwtUser.optional()`, a user field) is resolved on the server from the
 * request's credentials, which go with `createClient({ auth: { bearer } })`. A protected call
 * compiles under `strict` with no cast (it failed with TS2554 "Expected 1-2 arguments, but got
 * 0" / "Property 'user' is missing"); sending a user does not compile.
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { api, request } from 'fw-api'
import { auth } from 'fw-api/auth'
import { createClient, type Client } from 'fw-api/client'
import { users } from '../auth/fixtures/tables'

const jwtUser = auth.User(users, { authentication: auth.JsonWebToken({ secret: 'a-test-secret-of-32-characters!!' }), loginFields: ['username'], passwordField: 'password' })
const userParam = { user: jwtUser }
const follow = { ...userParam, username: v.pipe(v.string(), v.maxLength(60)) }
const viewer = { viewer: jwtUser.optional() }

class MeAPI extends api.API {
  @api.get(userParam)
  get({ user }: api.Input<typeof userParam>) {
    return { id: user.id, name: user.username }
  }

  @api.post('{username}/follow', follow)
  follow({ user, username }: api.Input<typeof follow, '{username}/follow'>) {
    return `${user.id}→${username}`
  }

  feed = api.get({ ...viewer, limit: v.optional(v.number(), 20) }, ({ viewer: current, limit }) => (current ? limit : 0))

  optional = api.get(viewer, ({ viewer: current }) => current?.username ?? null)
}

class RootAPI extends api.API {
  static me = MeAPI
}

const client = createClient<typeof RootAPI>({ baseURL: 'https://api.example', auth: { bearer: 'a-token' } })

describe('a protected call with no cast', () => {
  it('an endpoint whose only param is the user takes no input', () => {
    expectTypeOf(client.me.get).toBeCallableWith()
    expectTypeOf(client.me.get()).resolves.toEqualTypeOf<{ id: number; name: string }>()
    expectTypeOf(client.me.get.raw).toBeCallableWith()
  })

  it('the user is left out, the other params stay as they are', () => {
    expectTypeOf(client.me.follow).toBeCallableWith({ username: 'bob' })
    expectTypeOf<keyof Parameters<typeof client.me.follow>[0]>().toEqualTypeOf<'username'>()
    // @ts-expect-error: username is required
    void client.me.follow({})
  })

  it('an optional user (jwtUser.optional()) and a field endpoint too', () => {
    expectTypeOf(client.me.feed).toBeCallableWith()
    expectTypeOf(client.me.feed).toBeCallableWith({ limit: 5 })
    expectTypeOf(client.me.optional).toBeCallableWith()
  })

  it('a user cannot be sent', () => {
    // @ts-expect-error: the user comes from the credentials, not the input
    void client.me.follow({ username: 'bob', user: { id: 1 } })
    // @ts-expect-error: the same for an optional user
    void client.me.feed({ viewer: null })
  })

  it('the token goes with auth: { bearer } (a string or a function)', () => {
    expectTypeOf(createClient<typeof RootAPI>).toBeCallableWith({ baseURL: 'https://api.example', auth: { bearer: () => 'fresh' } })
    expectTypeOf<Client<typeof RootAPI>['me']['get']>().toBeCallableWith()
  })

  it('the endpoint still receives the row; request.ServerResolved is the wire type of such a param', () => {
    expectTypeOf<api.WireOf<typeof jwtUser>>().toEqualTypeOf<request.ServerResolved>()
    expectTypeOf<api.WireInput<typeof follow>>().toEqualTypeOf<{ username: string }>()
  })
})
