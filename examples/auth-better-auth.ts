/**
 * better-auth inside fw (docs/auth.md, "better-auth"): its fetch handler
 * mounted at `/api/auth` (sign-up, sign-in, sign-out, get-session: all
 * better-auth's own), and its session as the fw user through `auth.Custom`:
 * `{ user: baUser }` is better-auth's user, 401 without a session.
 *
 *   await service.run({ port: 8000 })
 *   curl -c jar -H 'content-type: application/json' -d '{"email":"a@example.com","password":"a-long-password","name":"Alice"}' localhost:8000/api/auth/sign-up/email
 *   curl -b jar localhost:8000/api/me
 *
 * Its data lives in better-auth's memory adapter here; in production give
 * better-auth a database (its drizzle adapter on the fw-api/orm database).
 */
import 'fw-api/adapters'
import 'fw-api/serve'
import { betterAuth } from 'better-auth'
import { memoryAdapter } from 'better-auth/adapters/memory'
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { Fw, api } from 'fw-api'
import { auth } from 'fw-api/auth'

/** better-auth's `user` table as drizzle declares it (what its drizzle adapter reads; here the user's type). */
export const baUsers = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull(),
  image: text('image'),
  createdAt: timestamp('created_at').notNull(),
  updatedAt: timestamp('updated_at').notNull(),
})

/** better-auth, its routes served under the mount (fw strips `/api/auth` before they reach it). */
export const betterAuthApp = betterAuth({
  database: memoryAdapter({ user: [], session: [], account: [], verification: [] }),
  emailAndPassword: { enabled: true },
  secret: process.env.BETTER_AUTH_SECRET ?? 'a-development-secret-of-32-chars!!',
  basePath: '/',
})

/** The fw user: better-auth's session, read from its cookie; no cookie → anonymous (401 for a required user). */
export const baUser = auth.User(baUsers, {
  authentication: auth.Custom({
    name: 'betterAuth',
    scheme: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
    challenge: 'Cookie realm="api", cookie-name="better-auth.session_token"',
    async resolve(context) {
      if (!context.headers.get('cookie')?.includes('better-auth.session_token=')) return undefined
      const session = await betterAuthApp.api.getSession({ headers: context.headers })
      return session ? { ...session.user } : null // a cookie better-auth does not know → 401
    },
  }),
  loginFields: ['email'], // better-auth signs users in: no passwordField on the fw side
})

class RootAPI extends api.API {
  /** the signed-in user, as better-auth has it */
  me = api.get({ user: baUser }, ({ user }) => ({ id: user.id, email: user.email, name: user.name }))

  /** anyone; the name when signed in */
  hello = api.get({ viewer: baUser.optional() }, ({ viewer }) => `hello ${viewer?.name ?? 'stranger'}`)
}

export const service = new Fw(import.meta.url, { name: 'better-auth-example', api: RootAPI, route: '/api' })
service.mount(betterAuthApp.handler, '/api/auth')

