/**
 * The types of `auth.User` (SPEC §12): its options, what `login()` answers,
 * and the user config — a param, a field decorator, and login/logout/revoke.
 */
import type { InferSelectModel } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { RequestContext } from '../request/context'
import type { FieldDecorator, Marker, ServerResolved } from '../request/markers'
import type { PasswordHasher } from './password'
import type { Scheme } from './scheme'

/** A column name of the table's row. */
export type Key<T extends PgTable> = keyof InferSelectModel<T> & string

/**
 * The primary key column's name: the user id `claims()` gives.
 *
 * @example
 * type UserId = auth.IdKey<typeof users>   // 'id'
 */
export type IdKey<T extends PgTable> = {
  [K in keyof T['_']['columns']]: T['_']['columns'][K]['_']['isPrimaryKey'] extends true ? K : never
}[keyof T['_']['columns']] &
  Key<T>

/**
 * Options of `auth.User`.
 *
 * @example
 * auth.User(users, { authentication: auth.JsonWebToken({ secret }), loginFields: ['username', 'email'], passwordField: 'password', loginTimeField: 'lastLogin' })
 */
export interface UserOptions<T extends PgTable, P extends Key<T>> {
  /** how requests authenticate: `auth.JsonWebToken`, `auth.Session`, `auth.APIKey`, `auth.Basic`, `auth.Custom` */
  authentication: Scheme
  /** columns `login()` finds the user by (any of them may hold the ident) */
  loginFields: readonly Key<T>[]
  /** the column holding `auth.hashPassword()` hashes: never part of the user value (`login()` needs it; a table without passwords, e.g. an outside library's users behind `auth.Custom`, leaves it out) */
  passwordField?: P
  /** updated by `login()` with the time */
  loginTimeField?: Key<T>
  /** updated by `login()` with the client's address */
  loginIpField?: Key<T>
  /** default: PBKDF2-SHA256, 600 000 iterations (`auth.Pbkdf2Hasher()`) */
  hasher?: PasswordHasher
  /** PBKDF2 iterations of the default hasher (600 000; each login costs about 110 ms of CPU on Node at that count, docs/auth.md); ignored with `hasher` */
  iterations?: number
  /** the `orm.DatabaseConnections` alias (default `default`) */
  db?: string
  /** the client's address for `loginIpField` (default: `this.request.ip` — the peer, or the client a trusted proxy names — else null) */
  clientIp?: (context: RequestContext) => string | null | undefined
}

/**
 * Options of `userConfig.optional()`.
 *
 * @example
 * const viewer = { viewer: jwtUser.optional({ invalid: 'anonymous' }) }   // a stale token reads as anonymous
 */
export interface OptionalOptions {
  /** invalid credentials: `'unauthorized'` (default: 401) or `'anonymous'` (`null`, as if none were sent) */
  invalid?: 'unauthorized' | 'anonymous'
}

/**
 * What `login()` answers: the user and, for `JsonWebToken`, the token.
 *
 * @example
 * const done: auth.LoginResult<{ id: number }> | null = await jwtUser.login(this.request, { ident, password })
 */
export interface LoginResult<U> {
  user: U
  /** the signed token (`JsonWebToken`); undefined for a session (its cookie is set on the response) */
  token: string | undefined
}

/**
 * A param giving a user (401 with `WWW-Authenticate` when anonymous), also a common-param field
 * decorator; `optional()` gives `null` for anonymous requests.
 *
 * @example
 * const viewer = { viewer: jwtUser.claims().optional({ invalid: 'anonymous' }) }   // { id } | null, no statement
 */
export interface ClaimsUser<U> extends Marker<U, ServerResolved>, FieldDecorator<U> {
  /**
   * The same user, `null` when no credentials are sent; invalid ones (expired,
   * revoked, unknown) are still 401 unless `{ invalid: 'anonymous' }`: then
   * they are `null` too (public routes a client with a stale token may call).
   */
  optional(options?: OptionalOptions): Marker<U | null, ServerResolved> & FieldDecorator<U | null>
}

/**
 * A user config: a param giving the current user (401 with
 * `WWW-Authenticate` when anonymous), also a common-param field decorator;
 * `optional()` gives `null` for anonymous requests.
 *
 * @example
 * user_by_jwt = api.get({ user: jwtUser }, ({ user }) => user.id)
 */
export interface UserConfig<U, C = Partial<U>> extends ClaimsUser<U> {
  readonly authentication: Scheme
  /**
   * The user as its credentials name it, with no statement: `{ id }` (the primary key) from a
   * verified token, session or key — its revocation (`logout()`/`revoke()`) still checked, the row
   * not read, so a deleted user's unexpired token still gives its id (docs/auth.md, "The id alone").
   */
  claims(): ClaimsUser<C>
  /** the current user (resolved once per request), `null` when anonymous; throws 401 for invalid credentials */
  current(context: RequestContext): Promise<U | null>
  /**
   * Check `password` for the user whose login field holds `ident`, update
   * its login time / address, and start the authentication (a token, or a
   * new session and its cookie); `null` when either is wrong, in the same time.
   */
  login(
    context: RequestContext,
    credentials: { ident: string; password: string },
  ): Promise<LoginResult<U> | null>
  /** end the authentication: the session and its cookie, and every credential of this user issued before (`revoke`) */
  logout(context: RequestContext): Promise<void>
  /**
   * End every credential of user `id` issued before now (its tokens and
   * sessions, on every process sharing the scheme's store): call it after a
   * password change. Credentials issued afterwards are valid.
   */
  revoke(id: unknown, context?: RequestContext): Promise<void>
}
