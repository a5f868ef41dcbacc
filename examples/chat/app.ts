/**
 * A chat with rooms (SPEC §16's example, docs/websocket.md "Example: a chat"): sign up and log in
 * with `fw-api/auth` (JWT), then `ws://host/api/chat/{room}` — the user authenticated at the
 * upgrade (401 before 101), each message validated (a bad one → an error frame), published to the
 * room's other sockets in every process. Browsers' WebSockets send no `Authorization` header, so
 * the socket also takes the same token as `?access_token=` (RFC 6750 §2.3).
 */
import { Fw, api, exceptions, request } from 'fw-api'
import { auth } from 'fw-api/auth'
import { orm } from 'fw-api/orm'
import { ws } from 'fw-api/ws'
import * as v from 'valibot'
import * as tables from './tables'

const { users } = tables

/**
 * The token secret: `JWT_SECRET` (at least 32 random bytes). Without it the example refuses to
 * start unless `CHAT_DEV=1`: then a random secret made for this process.
 */
function jwtSecret(): string {
  const secret = process.env.JWT_SECRET
  if (secret) return secret
  if (process.env.CHAT_DEV !== '1') throw new Error('chat: set JWT_SECRET to at least 32 random bytes, or CHAT_DEV=1 for a random one in development')
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(48))))
}

const jwt = auth.JsonWebToken({ secret: jwtSecret(), expiresIn: '1d' })
const hasher = auth.Pbkdf2Hasher({ iterations: Number(process.env.PBKDF2_ITERATIONS || auth.PBKDF2_SHA256_ITERATIONS) })
const jwtUser = auth.User(users, { authentication: jwt, loginFields: ['username'], passwordField: 'password', hasher })

/** The token of an upgrade: `Authorization: Bearer …`, or `?access_token=…` (a browser's WebSocket cannot send headers). */
const socketUser = auth.User(users, {
  loginFields: ['username'],
  authentication: auth.Custom({
    name: 'bearerAuth',
    scheme: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
    challenge: 'Bearer realm="api"',
    async resolve(context) {
      const token = new URLSearchParams(context.search).get('access_token')
      const headers = token ? new Headers({ authorization: `Bearer ${token}` }) : context.headers
      const carrier = new request.RequestContext(new Request(context.raw.url, { headers }), context.path, '', Date.now())
      const id = (await jwt.authenticate(carrier))?.id
      return typeof id === 'string' ? id : undefined
    },
  }),
})

const Account = orm.Schema(users, { id: true, username: true, password: orm.Field({ mode: 'wa', noOutput: true }) })
const credentials = {
  username: v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9_]{2,30}$/, 'letters, digits and _, 2 to 30')),
  password: v.pipe(v.string(), v.minLength(8), v.maxLength(200)),
}
const signup = { data: request.Body(v.object(credentials)) }

class AccountAPI extends api.API {
  @api.post(signup)
  async signup({ data }: api.Input<typeof signup>) {
    const id = await Account.save({ username: data.username, password: await auth.hashPassword(data.password, hasher) }, { mustCreate: true })
    return { id, username: data.username }
  }

  @api.post(signup)
  async login({ data }: api.Input<typeof signup>) {
    const done = await jwtUser.login(this.request, { ident: data.username, password: data.password })
    if (!done) throw new exceptions.BadRequest('username or password is invalid')
    return { username: done.user.username, token: done.token }
  }
}

export const ChatIn = v.object({ text: v.pipe(v.string(), v.minLength(1), v.maxLength(2000)) })
export const ChatOut = v.object({ from: v.string(), text: v.string(), at: v.date() })
const roomParams = { room: request.SlugPathParam, user: socketUser, access_token: v.optional(v.pipe(v.string(), v.maxLength(4096))) }
/** Browser pages allowed to open sockets from another origin: `CHAT_ORIGINS` (comma-separated); else the service's own origin only. */
const origins = process.env.CHAT_ORIGINS?.split(',').map((origin) => origin.trim())

class ChatAPI extends api.API {
  // ws://host/api/chat/{room}: params and auth checked at the upgrade (401/400 before 101)
  @ws.socket('{room}', roomParams, { receive: ChatIn, send: ChatOut, ...(origins ? { origins } : {}) })
  async room(socket: ws.Socket<typeof ChatIn, typeof ChatOut>, { room, user }: api.Input<typeof roomParams>) {
    socket.subscribe(room)
    for await (const message of socket) {
      // each message parsed and validated; a bad one → an error frame, the socket lives
      socket.publish(room, { from: user.username, text: message.text, at: new Date() })
    }
  }
}

/** The chat's API: `/api/account/signup`, `/api/account/login`, `ws://…/api/chat/{room}`. */
export class RootAPI extends api.API {
  static account = AccountAPI
  static chat = ChatAPI
}

/**
 * The chat service on embedded PGlite (`dataDir`, in memory without one) or a Postgres server (`url`).
 *
 * @example
 * const { service, database } = createChat({ url: process.env.DATABASE_URL })
 */
export function createChat(options: { url?: string; dataDir?: string } = {}): { service: Fw; database: orm.Database } {
  const database = options.url
    ? orm.Database({ engine: 'postgres', url: options.url, schema: tables, create: true })
    : orm.Database({ engine: 'pglite', dataDir: options.dataDir, schema: tables, create: true })
  const service = new Fw(import.meta.url, { name: 'chat', api: RootAPI, route: '/api', docs: true })
  service.use(orm.DatabaseConnections({ default: database }))
  return { service, database }
}
