/**
 * `auth.User(table, options)`: the current user as a param (SPEC §12). The
 * scheme finds credentials, the row is loaded from the fw-api/orm database
 * (without its password), and `login()` / `logout()` start and end them.
 */
import {
  eq,
  getTableColumns,
  getTableName,
  or,
  type Column,
  type InferSelectModel,
} from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured, Unauthorized } from '../exceptions'
import { databaseOf } from '../orm/database'
import type { RequestContext } from '../request/context'
import {
  createMarker,
  type FieldDecorator,
  type Marker,
  type MarkerSpec,
  type ParamOptions,
  type ServerResolved,
} from '../request/markers'
import { normalizeIdent } from './ident'
import { defaultHasher, MAX_PASSWORD_LENGTH, Pbkdf2Hasher, type PasswordHasher } from './password'
import { unauthorized, type Found, type Scheme } from './scheme'

type Key<T extends PgTable> = keyof InferSelectModel<T> & string

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
 * A user config: a param giving the current user (401 with
 * `WWW-Authenticate` when anonymous), also a common-param field decorator;
 * `optional()` gives `null` for anonymous requests.
 *
 * @example
 * user_by_jwt = api.get({ user: jwtUser }, ({ user }) => user.id)
 */
export interface UserConfig<U> extends Marker<U, ServerResolved>, FieldDecorator<U> {
  readonly authentication: Scheme
  /**
   * The same user, `null` when no credentials are sent; invalid ones (expired,
   * revoked, unknown) are still 401 unless `{ invalid: 'anonymous' }`: then
   * they are `null` too (public routes a client with a stale token may call).
   */
  optional(options?: OptionalOptions): Marker<U | null, ServerResolved> & FieldDecorator<U | null>
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

/** The client's address (`this.request.ip`: the runtime's peer, or the client a trusted proxy names). */
function clientAddress(context: RequestContext): string | null {
  return context.ip ?? null
}

/** A user id as the primary key column holds it; undefined when it cannot be one. */
function idConverter(column: Column): (id: unknown) => unknown {
  if (column.dataType === 'number')
    return (id) =>
      typeof id === 'number' && Number.isSafeInteger(id)
        ? id
        : typeof id === 'string' && /^-?\d{1,15}$/.test(id)
          ? Number(id)
          : undefined
  if (column.dataType === 'bigint')
    return (id) =>
      typeof id === 'bigint'
        ? id
        : typeof id === 'string' && /^-?\d{1,19}$/.test(id)
          ? BigInt(id)
          : undefined
  return (id) =>
    typeof id === 'string' && id.length <= 512
      ? id
      : typeof id === 'number'
        ? String(id)
        : undefined
}

/**
 * The current user as a param: `auth.User(table, { authentication,
 * loginFields, passwordField })` (UtilMeta's `auth.User`).
 *
 * @example
 * const jwtUser = auth.User(users, { authentication: auth.JsonWebToken({ secret: 'TEST_JWT_SECRET_KEY_OF_32_BYTES_AT_LEAST' }), loginFields: ['username'], passwordField: 'password' })
 * user_by_jwt = api.get({ user: jwtUser }, ({ user }) => user.id)      // 401 without a valid token
 */
export function User<T extends PgTable, const P extends Key<T> = never>(
  table: T,
  options: UserOptions<T, P>,
): UserConfig<Omit<InferSelectModel<T>, P>> {
  type Row = Omit<InferSelectModel<T>, P>
  const scheme = options.authentication
  if (!scheme || typeof scheme.authenticate !== 'function')
    throw new ImproperlyConfigured(
      'auth.User: `authentication` must be a scheme (auth.JsonWebToken, auth.Session, auth.APIKey, auth.Basic, auth.Custom)',
    )
  const columns: Record<string, Column> = getTableColumns(table)
  const need = (name: string, role: string): Column => {
    const column = columns[name]
    if (!column)
      throw new ImproperlyConfigured(
        `auth.User: ${role} '${name}' is not a column of the table (have: ${Object.keys(columns).join(', ')})`,
      )
    return column
  }
  const passwordField: string | undefined = options.passwordField
  if (passwordField !== undefined) need(passwordField, 'passwordField')
  if (!options.loginFields.length)
    throw new ImproperlyConfigured('auth.User: `loginFields` names at least one column')
  const loginColumns = options.loginFields.map((name) => need(name, 'loginFields'))
  if (options.loginTimeField) need(options.loginTimeField, 'loginTimeField')
  if (options.loginIpField) need(options.loginIpField, 'loginIpField')
  const idKey = Object.keys(columns).find((name) => columns[name]?.primary)
  if (idKey === undefined)
    throw new ImproperlyConfigured('auth.User: the table needs a primary key column (the user id)')
  const idColumn = columns[idKey] as Column
  const alias = options.db ?? 'default'
  /** this config's scope: the audience of its tokens and the prefix of its revocations */
  const owner = alias === 'default' ? getTableName(table) : `${alias}:${getTableName(table)}`
  scheme.bind?.(owner)
  const revokedKey = (id: unknown): string => `revoked:${owner}:${String(id)}`
  const toId = idConverter(idColumn)
  const hasher =
    options.hasher ??
    (options.iterations === undefined
      ? defaultHasher
      : Pbkdf2Hasher({ iterations: options.iterations }))
  const clientIp = options.clientIp ?? clientAddress
  const db = () => databaseOf(alias).db()
  /** the key of this config's user in `context.resolved` (one lookup per request, whoever asks) */
  const cacheKey = {}
  let dummyHash: Promise<string> | undefined

  const withoutPassword = (row: Record<string, unknown>): Row => {
    if (passwordField === undefined) return row as Row
    const { [passwordField]: _password, ...rest } = row
    return rest as Row
  }
  const load = async (found: Found, context: RequestContext): Promise<Row> => {
    if (found.user) return withoutPassword(found.user)
    const id = toId(found.id)
    if (id === undefined) throw unauthorized(scheme, 'invalid credentials')
    const revocations = scheme.revocations
    if (revocations && found.issued !== undefined) {
      const before = (await revocations.get(revokedKey(id), context))?.before
      if (typeof before === 'number' && found.issued < before)
        throw unauthorized(scheme, 'credentials revoked')
    }
    const rows = await (await db())
      .select()
      .from(table as PgTable)
      .where(eq(idColumn, id))
      .limit(1)
    const row = rows[0]
    if (!row) throw unauthorized(scheme, 'the user no longer exists')
    return withoutPassword(row)
  }
  const current = (context: RequestContext): Promise<Row | null> => {
    const resolved = (context.resolved ??= new Map())
    let pending = resolved.get(cacheKey) as Promise<Row | null> | undefined
    if (!pending) {
      pending = scheme.authenticate(context).then((found) => (found ? load(found, context) : null))
      resolved.set(cacheKey, pending)
    }
    return pending
  }
  const required = async (context: RequestContext): Promise<Row> => {
    const user = await current(context)
    if (!user) throw unauthorized(scheme, 'authentication required')
    return user
  }
  const spec = (resolve: (context: RequestContext) => unknown, optional: boolean): MarkerSpec => ({
    kind: 'resolve',
    hasDefault: false,
    resolve,
    security: { ...scheme.security, optional },
    headers: scheme.headers,
  })
  const optionalMarker = createMarker<Row | null, ParamOptions, ServerResolved>(spec(current, true))
  // invalid credentials read as none; a 403 (a cross-site cookie request) and server errors still throw
  const anonymousIfInvalid = (context: RequestContext): Promise<Row | null> =>
    current(context).catch((error: unknown) => {
      if (error instanceof Unauthorized) return null
      throw error
    })
  const anonymousMarker = createMarker<Row | null, ParamOptions, ServerResolved>(
    spec(anonymousIfInvalid, true),
  )

  const login = async (
    context: RequestContext,
    credentials: { ident: string; password: string },
  ): Promise<LoginResult<Row> | null> => {
    if (passwordField === undefined)
      throw new ImproperlyConfigured(
        'auth.User: login() checks a password: give `passwordField` (the column holding auth.hashPassword() hashes)',
      )
    scheme.checkLogin?.(context)
    // Every login verifies one hash, the user's or this dummy: unknown users take as long as wrong passwords.
    const dummy = await (dummyHash ??= hasher.hash(crypto.randomUUID()))
    const { ident, password } = credentials ?? {}
    const valid =
      typeof ident === 'string' &&
      ident.length > 0 &&
      ident.length <= 256 &&
      typeof password === 'string' &&
      password.length <= MAX_PASSWORD_LENGTH
    const database = await db()
    // stored idents are normalised (auth.normalizeIdent); a row saved before as typed is still found by it
    const idents = valid ? [...new Set([normalizeIdent(ident), ident])] : []
    const rows = valid
      ? await database
          .select()
          .from(table as PgTable)
          .where(or(...loginColumns.flatMap((column) => idents.map((each) => eq(column, each)))))
          .limit(1)
      : []
    const row = rows[0]
    const stored = row?.[passwordField]
    const matches = await hasher.verify(
      valid ? password : '',
      typeof stored === 'string' ? stored : dummy,
    )
    if (!row || typeof stored !== 'string' || !matches) return null
    const changes: Record<string, unknown> = {}
    if (options.loginTimeField) changes[options.loginTimeField] = new Date()
    if (options.loginIpField) changes[options.loginIpField] = clientIp(context) ?? null
    if (hasher.needsRehash(stored)) changes[passwordField] = await hasher.hash(password)
    if (Object.keys(changes).length)
      await database
        .update(table as PgTable)
        .set(changes)
        .where(eq(idColumn, row[idKey]))
    const user = withoutPassword({ ...row, ...changes })
    const token = scheme.start ? await scheme.start(context, row[idKey]) : undefined
    ;(context.resolved ??= new Map()).set(cacheKey, Promise.resolve(user))
    return { user, token }
  }
  const revoke = async (id: unknown, context?: RequestContext): Promise<void> => {
    const revocations = scheme.revocations
    if (!revocations) return
    const key = toId(id)
    if (key === undefined)
      throw new TypeError(`auth.User: revoke() takes a user id (got ${typeof id})`)
    // kept as long as a credential issued before can live, plus the clock tolerance
    await revocations.set(
      revokedKey(key),
      { before: Date.now() },
      (scheme.lifetime ?? 86400) + 60,
      context,
    )
  }
  const logout = async (context: RequestContext): Promise<void> => {
    // the user of these credentials, if they are still valid (a logout with bad ones ends nothing else)
    const user = await current(context).catch(() => null)
    await scheme.end?.(context)
    if (user) await revoke((user as Record<string, unknown>)[idKey], context)
    ;(context.resolved ??= new Map()).set(cacheKey, Promise.resolve(null))
  }

  return Object.assign(createMarker<Row, ParamOptions, ServerResolved>(spec(required, false)), {
    authentication: scheme,
    optional: (optionalOptions?: OptionalOptions) =>
      optionalOptions?.invalid === 'anonymous' ? anonymousMarker : optionalMarker,
    current,
    login,
    logout,
    revoke,
  }) as unknown as UserConfig<Row>
}
