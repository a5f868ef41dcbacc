import type { StatementEnd, Telemetry } from '../request/telemetry'

/** The methods of a driver client that run one statement: postgres.js's `unsafe`, PGlite's `query`. */
const RUNS = new Set<PropertyKey>(['unsafe', 'query'])
/** The methods that hand a callback a transaction's client: postgres.js's, PGlite's. */
const SCOPES = new Set<PropertyKey>(['begin', 'savepoint', 'transaction'])

/** The statement's end, or none: the telemetry's own failure never fails the statement. */
function observing(observer: Telemetry, sql: string, system: string): StatementEnd | undefined {
  try {
    return observer.statement(sql, system)
  } catch {
    return undefined
  }
}

/**
 * The driver client drizzle is given, each statement it runs observed by `fw-api/otel`
 * (request/telemetry.ts): a span and a duration per statement, in transactions and savepoints too.
 * Used only when the telemetry is registered before the database connects; the ORM imports no
 * OpenTelemetry. postgres.js's query is lazy (it runs on its first `then`, after drizzle's
 * `.values()`), so its end is attached to the query itself, which still runs once.
 */
export function observedClient<C extends object>(
  client: C,
  observer: Telemetry,
  system: string,
): C {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key)
      if (typeof value !== 'function') return value
      if (RUNS.has(key))
        return (sql: unknown, ...rest: unknown[]) => {
          const end = typeof sql === 'string' ? observing(observer, sql, system) : undefined
          const result: unknown = value.call(target, sql, ...rest)
          if (end === undefined) return result
          if (result instanceof Promise)
            result.then(
              () => end(),
              (error: unknown) => end(error),
            )
          else end()
          return result
        }
      if (SCOPES.has(key))
        return (...args: unknown[]) => {
          const run = args.at(-1)
          if (typeof run === 'function')
            args[args.length - 1] = (inner: object) => run(observedClient(inner, observer, system))
          return value.apply(target, args)
        }
      return value.bind(target)
    },
  })
}
