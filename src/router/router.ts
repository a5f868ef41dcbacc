import type { CompiledPath } from './path'

/** One route: a method, a compiled path and whatever the caller attaches. */
export interface RouteEntry<T> {
  method: string
  path: CompiledPath
  data: T
}

/** A route that matched, with its raw (still percent-encoded) param values. */
export interface RouteMatch<T> {
  entry: RouteEntry<T>
  values: (string | undefined)[]
}

/** What a path resolves to, for every method. */
export interface PathMatch<T> {
  /** first matching route per method, in declaration order */
  byMethod: Map<string, RouteMatch<T>>
  /** the methods that have a route here (for `Allow` and preflight) */
  allow: string[]
}

/**
 * Routes compiled once. Paths without params resolve through one map lookup
 * (precomputed against every route, so declaration order still holds); other
 * paths scan the parametrised routes in declaration order.
 *
 * @example
 * const router = new Router([{ method: 'GET', path: compilePath('/a', rule), data: 1 }])
 * router.find('/a')?.byMethod.get('GET')
 */
export class Router<T> {
  readonly entries: readonly RouteEntry<T>[]
  readonly #exact = new Map<string, PathMatch<T>>()
  readonly #dynamic: RouteEntry<T>[]

  constructor(entries: RouteEntry<T>[]) {
    this.entries = entries
    this.#dynamic = entries.filter((entry) => entry.path.regex)
    for (const entry of entries) {
      const literal = entry.path.literal
      if (literal !== undefined && !this.#exact.has(literal)) this.#exact.set(literal, this.#scan(literal, entries))
    }
  }

  /** Resolve a request path (percent-encoded, no query, no trailing slash). */
  find(path: string): PathMatch<T> | undefined {
    return this.#exact.get(path) ?? this.#resolveDynamic(path)
  }

  #resolveDynamic(path: string): PathMatch<T> | undefined {
    const found = this.#scan(path, this.#dynamic)
    return found.allow.length ? found : undefined
  }

  #scan(path: string, entries: readonly RouteEntry<T>[]): PathMatch<T> {
    const byMethod = new Map<string, RouteMatch<T>>()
    for (const entry of entries) {
      if (byMethod.has(entry.method)) continue
      if (entry.path.literal !== undefined) {
        if (entry.path.literal === path) byMethod.set(entry.method, { entry, values: [] })
        continue
      }
      const found = (entry.path.regex as RegExp).exec(path)
      if (found) byMethod.set(entry.method, { entry, values: found.slice(1) })
    }
    return { byMethod, allow: [...byMethod.keys()] }
  }
}
