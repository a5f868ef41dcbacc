import { sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { AROUND, Plugin } from '../api/plugin'
import type { Answer } from '../pipeline/compose'
import { ImproperlyConfigured } from '../exceptions'
import type { RequestContext } from '../request/context'
import type { Ref } from './paths'
import { whereSql } from './sql'
import { createAsyncStorage, type AsyncStorage } from '../utils/async-storage'

/**
 * What a request gives a schema (`serialize(query, { context })`): e.g. the
 * current user, read by context filters (`filter: (ctx) => ({ userId: ctx.userId })`).
 *
 * @example
 * await ArticleSchema.serialize(query, { context: { userId: 1 } })
 */
export type Context = Readonly<Record<string, unknown>>

/** A where-object over the aggregated rows, or a function of the request context giving one. */
export type ExprFilter = Record<string, unknown> | ((context: Context) => Record<string, unknown>)

type Module = Record<string, unknown>

/**
 * Run a function of the request context, noting every key it read that holds
 * `undefined` (`ctx.userId` of an anonymous viewer, or of a call that was not
 * given the context). Plain objects in the context are followed (`ctx.user.id`).
 */
export function readContext<T>(
  context: Context,
  read: (context: Context) => T,
): { value: T; missing: boolean } {
  let missing = false
  const watch = (target: object): object =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value: unknown = Reflect.get(object, key, receiver)
        if (value === undefined && typeof key === 'string') missing = true
        // a frozen property must be returned as it is (a Proxy's invariant): its reads are not followed
        const fixed = Object.getOwnPropertyDescriptor(object, key)
        if (fixed && !fixed.configurable && !fixed.writable) return value
        return typeof value === 'object' &&
          value !== null &&
          Object.getPrototypeOf(value) === Object.prototype
          ? watch(value)
          : value
      },
    })
  const value = read(watch(context) as Context)
  return { value, missing }
}

/** Does a where-object give `undefined` anywhere (a value, an operand, an `$or` branch)? */
function hasUndefined(where: unknown): boolean {
  if (where === undefined) return true
  if (typeof where !== 'object' || where === null || where instanceof Date) return false
  if (Array.isArray(where)) return where.some(hasUndefined)
  return Object.values(where).some(hasUndefined)
}

/** A context filter function as `contextFilterSql` evaluated it: its where-object, or undefined when it matches nothing. */
export type ContextRead = (
  filter: (context: Context) => Record<string, unknown>,
  value: Record<string, unknown> | undefined,
) => void
/**
 * The reader `recordingContextReads` installs for the length of one synchronous build (restored in
 * its `finally`): no request's reads can reach another's, as nothing awaits while it is set.
 */
const recording: { reader: ContextRead | undefined } = { reader: undefined }

/**
 * Run `build` (synchronous) telling `record` every context filter function it
 * evaluates and what it gave: what a compiled fragment depends on besides its schema (orm/compiled.ts).
 */
export function recordingContextReads<T>(record: ContextRead, build: () => T): T {
  const previous = recording.reader
  recording.reader = record
  try {
    return build()
  } finally {
    recording.reader = previous
  }
}

/**
 * The SQL of a field's or aggregate's `filter` over the rows `ref` points at.
 * A function of the request context that reads an `undefined` value, or gives
 * one in its where-object, matches NOTHING (`false`): never "no filter", so an
 * anonymous viewer's `following` is false, not "any follower exists".
 */
export function contextFilterSql(
  module: Module,
  table: PgTable,
  filter: ExprFilter | undefined,
  context: Context,
  ref: Ref,
): SQL | undefined {
  if (filter === undefined) return undefined
  if (typeof filter !== 'function') return whereSql(module, table, filter, ref)
  const { value, missing } = readContext(context, filter)
  const matchesNothing = missing || hasUndefined(value)
  recording.reader?.(filter, matchesNothing ? undefined : value)
  if (matchesNothing) return sql`false`
  return whereSql(module, table, value, ref)
}

/** `where` joined with a filter's SQL, if any. */
export function withFilter(where: SQL, filter: SQL | undefined): SQL {
  return filter ? sql`${where} and ${filter}` : where
}

/**
 * What schemas read as the request context when `serialize`/`init`/`count` are
 * not given `{ context }`: by default the request's `state` (what auth plugins
 * and hooks fill: `this.request.state.userId`).
 *
 * @example
 * orm.DatabaseConnections({ default: db }, { context: (request) => ({ userId: request.state.user?.id }) })
 */
export type ContextOf = (request: RequestContext) => Context

/**
 * What a request carries to schemas under a mapping of the service (`DatabaseConnections({ context })`):
 * the request and the mapping, called when a schema reads the context. Under the default mapping the
 * request's `state` itself is carried instead, not the request: every promise made during the request
 * holds the carried value (AsyncLocalStorage's promise hook), so a promise that outlives the request (a
 * cache, a task, the driver's queue) keeps the small `state` alive, not the request's whole graph (its
 * raw request, response and rows) — on Node that graph was then promoted by every young GC (B6).
 */
class Mapped {
  constructor(
    readonly request: RequestContext,
    readonly contextOf: ContextOf,
  ) {}
}

/**
 * The carrier of the current request, for schemas called inside an endpoint without `{ context }`:
 * one `AsyncLocalStorage` (`node:async_hooks`) for the process, created once where the runtime has
 * it — Node, Bun, Deno; Workers with `nodejs_compat` — through `process.getBuiltinModule`, so the
 * core never imports `node:*`. The request is carried by `run` around the rest of its pipeline
 * (scoped: nothing outlives the request), never `enterWith`.
 */
const storage: AsyncStorage<Context | Mapped> | undefined = createAsyncStorage<Context | Mapped>()

/** Does this runtime carry the request to schemas (AsyncLocalStorage available)? */
export const carriesRequests = storage !== undefined

/** The current request's context (mapped by its service's connections), or undefined outside a request. */
export function requestContext(): Context | undefined {
  const current = storage?.getStore()
  return current instanceof Mapped ? current.contextOf(current.request) : current
}

const UNCARRIED =
  'orm: a context filter or batch function read the request context, but this runtime cannot ' +
  'carry the request to schemas (no AsyncLocalStorage: Cloudflare Workers without nodejs_compat). ' +
  'Pass it explicitly: serialize(query, { context: this.request.state }) (or { context: {} } for no user)'

/**
 * The context of a call given no `{ context }` where the runtime cannot carry the request
 * (Workers without `nodejs_compat`): reading any key of it throws `ImproperlyConfigured`, so a
 * context filter fails loudly instead of silently reading "no user".
 */
export const uncarriedContext: Context = new Proxy(Object.freeze({}), {
  get(target, key, receiver) {
    // symbols and `then` are asked by inspection and promise resolution, not by a filter
    if (typeof key === 'string' && key !== 'then') throw new ImproperlyConfigured(UNCARRIED)
    return Reflect.get(target, key, receiver)
  },
})

/**
 * The service plugin that makes each request current for the rest of its pipeline (its routing,
 * endpoint, hooks and inner plugins), with the service's mapping (none: the request's `state`):
 * `AsyncLocalStorage.run` around them where the runtime has it; no step elsewhere.
 */
export function requestPlugin(contextOf?: ContextOf): Plugin {
  const plugin = new Plugin()
  if (storage)
    plugin[AROUND] = contextOf
      ? (request: RequestContext, next: () => Answer): Answer =>
          storage.run(new Mapped(request, contextOf), next)
      : (request: RequestContext, next: () => Answer): Answer => storage.run(request.state, next)
  return plugin
}

/**
 * The context schemas read when not given `{ context }`: the current request's
 * (inside an endpoint of a service that uses connections), else empty — and an
 * empty context makes every context filter match nothing. Where the runtime cannot
 * carry the request (Workers without `nodejs_compat`), a context that throws
 * `ImproperlyConfigured` when read: a context filter never silently reads "no user".
 */
export function currentContext(): Context {
  return requestContext() ?? (carriesRequests ? {} : uncarriedContext)
}
