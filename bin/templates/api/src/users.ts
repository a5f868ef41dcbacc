import { api, exceptions, request } from 'fw-api'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import { z } from 'zod'
import { currentUser } from './auth.ts'
import { users } from './tables.ts'

/** What a user is shown as: never the password. */
export const Owner = orm.Schema(users, { id: true, username: true }, { name: 'Owner' })
/** What signup writes: the password (hashed) is written, never read back. */
const Account = orm.Schema(users, { id: true, username: true, password: orm.Field({ mode: 'wa', noOutput: true }) })

const credentials = z.object({
  username: z.string().trim().min(3).max(40).regex(/^[\w.-]+$/, 'letters, digits, _ . - only'),
  password: z.string().min(8, 'at least 8 characters').max(200),
})
const signup = { data: request.Body(credentials) }
const login = { data: request.Body(credentials) }
const me = { user: currentUser }

export class UsersAPI extends api.API {
  @api.doc({ summary: 'Sign up' })
  @api.post(signup)
  async signup({ data }: api.Input<typeof signup>) {
    const password = await auth.hashPassword(data.password)
    return Owner.init(await Account.save({ username: data.username, password }))   // a taken name: 409
  }

  @api.doc({ summary: 'Log in: a token for the Authorization header', errors: [exceptions.PermissionDenied] })
  @api.post(login)
  async login({ data }: api.Input<typeof login>) {
    const done = await currentUser.login(this.request, { ident: data.username, password: data.password })
    if (!done) throw new exceptions.PermissionDenied('wrong username or password')
    return { token: done.token }
  }

  @api.doc({ summary: 'The user the token belongs to' })
  @api.get(me)
  async me({ user }: api.Input<typeof me>) {
    return Owner.init(user.id)
  }
}
