/**
 * The types fw-api/auth users see: a user config gives the row without its
 * password field (required: never null; optional: null too), `claims()` its
 * id alone, `login()` answers that row, and a wrong column name does not compile.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { api } from 'fw-api'
import { auth } from 'fw-api/auth'
import { users } from './fixtures/tables'

const jwtUser = auth.User(users, { authentication: auth.JsonWebToken({ secret: 'a-test-secret-of-32-characters!!' }), loginFields: ['username'], passwordField: 'password' })
type Row = { id: number; username: string; lastLogin: Date | null; lastLoginIp: string | null; avatar: string | null }

describe('auth types', () => {
  it('a user param is the row without the password; optional adds null', () => {
    api.get({ user: jwtUser }, ({ user }) => {
      expectTypeOf(user).toEqualTypeOf<Row>()
      // @ts-expect-error the password field is never part of the user
      void user.password
    })
    api.get({ viewer: jwtUser.optional() }, ({ viewer }) => expectTypeOf(viewer).toEqualTypeOf<Row | null>())
  })

  it('claims() is the primary key alone (`auth.IdKey`); optional adds null', () => {
    expectTypeOf<auth.IdKey<typeof users>>().toEqualTypeOf<'id'>()
    api.get({ user: jwtUser.claims() }, ({ user }) => {
      expectTypeOf(user).toEqualTypeOf<{ id: number }>()
      // @ts-expect-error only the id: the row is not read
      void user.username
    })
    api.get({ viewer: jwtUser.claims().optional({ invalid: 'anonymous' }) }, ({ viewer }) => expectTypeOf(viewer).toEqualTypeOf<{ id: number } | null>())
  })

  it('login answers the row and the token', () => {
    expectTypeOf(jwtUser.login).returns.toEqualTypeOf<Promise<auth.LoginResult<Row> | null>>()
  })

  it('without passwordField (users an outside library owns, behind auth.Custom) the user is the whole row', () => {
    const outside = auth.User(users, { authentication: auth.Custom({ scheme: { type: 'http', scheme: 'bearer' }, resolve: () => undefined }), loginFields: ['username'] })
    api.get({ user: outside }, ({ user }) => expectTypeOf(user).toEqualTypeOf<{ id: number; username: string; password: string; lastLogin: Date | null; lastLoginIp: string | null; avatar: string | null }>())
  })

  it('column names are checked', () => {
    // @ts-expect-error 'email' is not a column of users
    auth.User(users, { authentication: auth.MemoryStore as never, loginFields: ['email'], passwordField: 'password' })
    // @ts-expect-error 'secret' is not a column of users
    auth.User(users, { authentication: auth.JsonWebToken({ secret: 'a-test-secret-of-32-characters!!' }), loginFields: ['username'], passwordField: 'secret' })
  })
})
