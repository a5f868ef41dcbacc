/**
 * `auth.User(table, options)`: the current user as a param (SPEC §12). The
 * scheme finds credentials, the row is loaded from the fw-api/orm database
 * (without its password), and `login()` / `logout()` start and end them.
 */
import { eq, getTableColumns, getTableName, type Column, type InferSelectModel } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { ImproperlyConfigured, Unauthorized } from '../exceptions'
import { registerPlanner, resolvedPlan } from '../compile/param-plan'
import { activeDatabases, databaseOf, type Db } from '../orm/database'
import type { RequestContext } from '../request/context'
import {
  createMarker,
  type MarkerSpec,
  type ParamOptions,
  type ServerResolved,
} from '../request/markers'
import { observed } from '../request/telemetry'
import { normalizeIdent } from './ident'
import { loginLookup } from './lookup'
import { idConverter, type Verified } from './user-id'
import type {
  IdKey,
  Key,
  LoginResult,
  OptionalOptions,
  UserConfig,
  UserOptions,
} from './user-types'
import { defaultHasher, MAX_PASSWORD_LENGTH, Pbkdf2Hasher } from './password'
import { unauthorized, type Found } from './scheme'

export type {
  ClaimsUser,
  IdKey,
  LoginResult,
  OptionalOptions,
  UserConfig,
  UserOptions,
} from './user-types'

/** The client's address (`this.request.ip`: the runtime's peer, or the client a trusted proxy names). */
function clientAddress(context: RequestContext): string | null {
  return context.ip ?? null
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
): UserConfig<Omit<InferSelectModel<T>, P>, Pick<InferSelectModel<T>, IdKey<T>>> {
  type Row = Omit<InferSelectModel<T>, P>
  const scheme = options.authentication
  if (!scheme || typeof scheme.authenticate !== 'function')
    throw new ImproperlyConfigured(
      'auth.User: `authentication` must be a scheme (auth.JsonWebToken, auth.Session, auth.APIKey, auth.Basic, auth.Custom)',
    )
  // its markers' params are planned (and resolved) by what this registers (compile/param-plan.ts)
  registerPlanner('resolve', resolvedPlan)
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
  const lookup = loginLookup(
    table,
    options.loginFields.map((name) => need(name, 'loginFields')),
  )
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
  /** the database's open connection as it is (a lookup, no call: nothing to wait for), else opened */
  const db = (): Db | Promise<Db> => {
    const database = activeDatabases.get(alias) ?? databaseOf(alias)
    return database.readyDb ?? database.db()
  }
  /** the key of this config's user in `context.resolved` (one lookup per request, whoever asks) */
  const cacheKey = {}
  /** the key of its verified credentials (the id, the row when the scheme gave it) */
  const verifiedKey = {}
  let dummyHash: Promise<string> | undefined

  /** what every read of the user selects: the table's columns minus the password (SPEC §12), never the hash */
  const userColumns = Object.fromEntries(
    Object.entries(columns).filter(([name]) => name !== passwordField),
  ) as Record<string, PgColumn>
  const withoutPassword = (row: Record<string, unknown>): Row => {
    if (passwordField === undefined) return row as Row
    const { [passwordField]: _password, ...rest } = row
    return rest as Row
  }
  /** the id the scheme vouches for (and the row, when the scheme gave it), its revocation checked */
  const verify = async (found: Found, context: RequestContext): Promise<Verified<Row>> => {
    if (found.user) return { id: found.user[idKey], user: withoutPassword(found.user) }
    const id = toId(found.id)
    if (id === undefined) throw unauthorized(scheme, 'invalid credentials')
    const revocations = scheme.revocations
    if (revocations && found.issued !== undefined) {
      const before = (await revocations.get(revokedKey(id), context))?.before
      if (typeof before === 'number' && found.issued < before)
        throw unauthorized(scheme, 'credentials revoked')
    }
    return { id }
  }
  const load = async ({ id, user }: Verified<Row>): Promise<Row> => {
    if (user) return user
    const rows = await (await db())
      .select(userColumns)
      .from(table as PgTable)
      .where(eq(idColumn, id))
      .limit(1)
    const row = rows[0]
    if (!row) throw unauthorized(scheme, 'the user no longer exists')
    return row as Row
  }
  /** the request's verified credentials: authenticated once per request, whoever asks */
  const verified = (context: RequestContext): Promise<Verified<Row> | null> => {
    const resolved = (context.resolved ??= new Map())
    let pending = resolved.get(verifiedKey) as Promise<Verified<Row> | null> | undefined
    if (!pending) {
      pending = scheme
        .authenticate(context)
        .then((found) => (found ? verify(found, context) : null))
      resolved.set(verifiedKey, pending)
    }
    return pending
  }
  const current = (context: RequestContext): Promise<Row | null> => {
    const resolved = (context.resolved ??= new Map())
    let pending = resolved.get(cacheKey) as Promise<Row | null> | undefined
    if (!pending) {
      pending = verified(context).then((found) => (found ? load(found) : null))
      resolved.set(cacheKey, pending)
    }
    return pending
  }
  /** what the token says, no row read: `{ [primary key]: id }` */
  const claimed = (context: RequestContext): Promise<Record<string, unknown> | null> =>
    verified(context).then((found) => (found ? { [idKey]: found.id } : null))
  /** the request's user is now `user` (login) or none (logout) */
  const settle = (context: RequestContext, user: Row | null, id?: unknown): void => {
    const resolved = (context.resolved ??= new Map())
    resolved.set(cacheKey, Promise.resolve(user))
    resolved.set(verifiedKey, Promise.resolve(user === null ? null : { id, user }))
  }
  const spec = (resolve: (context: RequestContext) => unknown, optional: boolean): MarkerSpec => ({
    kind: 'resolve',
    hasDefault: false,
    resolve,
    security: { ...scheme.security, optional },
    headers: scheme.headers,
  })
  /** a param of what `resolve` gives: required (401 when anonymous), and its `optional()` forms */
  const markersOf = <U>(resolve: (context: RequestContext) => Promise<U | null>) => {
    const required = async (context: RequestContext): Promise<U> => {
      const user = await resolve(context)
      if (!user) throw unauthorized(scheme, 'authentication required')
      return user
    }
    // no credentials sent (the scheme tells at once): the optional user is null, with no promise to wait for
    const orNobody =
      (resolveSent: (context: RequestContext) => Promise<U | null>) =>
      (context: RequestContext): Promise<U | null> | null =>
        scheme.sent?.(context) === false ? null : resolveSent(context)
    const optionalMarker = createMarker<U | null, ParamOptions, ServerResolved>(
      spec(orNobody(resolve), true),
    )
    // invalid credentials read as none; a 403 (a cross-site cookie request) and server errors still throw
    const anonymousIfInvalid = (context: RequestContext): Promise<U | null> =>
      resolve(context).catch((error: unknown) => {
        if (error instanceof Unauthorized) return null
        throw error
      })
    const anonymousMarker = createMarker<U | null, ParamOptions, ServerResolved>(
      spec(orNobody(anonymousIfInvalid), true),
    )
    return Object.assign(createMarker<U, ParamOptions, ServerResolved>(spec(required, false)), {
      optional: (optionalOptions?: OptionalOptions) =>
        optionalOptions?.invalid === 'anonymous' ? anonymousMarker : optionalMarker,
    })
  }
  const claimsMarkers = markersOf(claimed)

  const attemptLogin = async (
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
    const rows = valid ? await lookup(database, idents) : []
    const row = rows[0]
    const stored = row?.[passwordField]
    const matches = await observed('fw.auth.verify_password', () =>
      hasher.verify(valid ? password : '', typeof stored === 'string' ? stored : dummy),
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
    settle(context, user, row[idKey])
    return { user, token }
  }
  // fw-api/otel, when imported: the login is a span, its password check a child (request/telemetry.ts)
  const login = (
    context: RequestContext,
    credentials: { ident: string; password: string },
  ): Promise<LoginResult<Row> | null> =>
    observed('fw.auth.login', () => attemptLogin(context, credentials))
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
    const found = await verified(context).catch(() => null)
    await scheme.end?.(context)
    if (found) await revoke(found.id, context)
    settle(context, null)
  }

  return Object.assign(markersOf(current), {
    authentication: scheme,
    claims: () => claimsMarkers,
    current,
    login,
    logout,
    revoke,
  }) as unknown as UserConfig<Row, Pick<InferSelectModel<T>, IdKey<T>>>
}
