import type { PathMatcher } from './match'
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

/** FNV-1a-style hash of `text.slice(start, end)`, kept in small-integer range. */
function hashSlice(text: string, start: number, end: number): number {
  let hash = end - start
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash & 0x3fffffff
}

/**
 * A string-keyed table looked up by a slice of a request path without
 * slicing it: the slice is hashed in place (an integer key), then compared
 * in place. No substring is allocated per request.
 */
class SliceTable<V> {
  readonly #buckets = new Map<number, [string, V][]>()
  /** every value, in the order added */
  readonly values: V[] = []

  /** Add `value` under `key`, a key not in the table yet (the trie adds a child only when it finds none). */
  add(key: string, value: V): void {
    const slot = hashSlice(key, 0, key.length)
    let bucket = this.#buckets.get(slot)
    if (!bucket) this.#buckets.set(slot, (bucket = []))
    bucket.push([key, value])
    this.values.push(value)
  }

  /** The value stored under `text.slice(start, end)`. */
  get(text: string, start = 0, end = text.length): V | undefined {
    const bucket = this.#buckets.get(hashSlice(text, start, end))
    if (!bucket) return undefined
    for (let i = 0; i < bucket.length; i++) {
      const pair = bucket[i] as [string, V]
      if (pair[0].length === end - start && text.startsWith(pair[0], start)) return pair[1]
    }
    return undefined
  }
}

/** A node of the literal-prefix trie: the routes whose leading literal segments lead here, plus their ancestors'. */
interface PrefixNode<T> {
  children: SliceTable<PrefixNode<T>>
  /** candidates for a path that reaches this node (its own routes and every ancestor's), in declaration order */
  routes: RouteEntry<T>[]
}

/** The leading segments of a template that hold no param, as they appear (percent-encoded) in a request path. */
function literalPrefix(template: string): string[] {
  const out: string[] = []
  for (const segment of template.split('/').slice(1)) {
    if (segment.includes('{')) break
    out.push(encodeURI(segment))
  }
  return out
}

/**
 * Routes compiled once. Paths without params resolve through one map lookup
 * (precomputed against every route, so declaration order still holds). Routes
 * with params sit in a trie keyed by their leading literal segments: a path
 * walks it segment by segment and only the routes on that walk (in
 * declaration order) are tried — whole-segment templates segment by segment,
 * others with a linear-time matcher (never a backtracking regex).
 *
 * @example
 * const router = new Router([{ method: 'GET', path: compilePath('/a', rule), data: 1 }])
 * router.find('/a')?.byMethod.get('GET')
 * router.match('/a', 'GET')?.entry.data // 1
 */
export class Router<T> {
  readonly #exact = new Map<string, PathMatch<T>>()
  readonly #root: PrefixNode<T> = { children: new SliceTable(), routes: [] }

  constructor(entries: RouteEntry<T>[]) {
    // The trie's nodes first, one per leading literal segment; then each route, in declaration
    // order, joins its node and every node below it (a path that walks further tries it too).
    const nodes = entries.map((entry) => {
      if (!entry.path.match) return undefined
      let node = this.#root
      for (const segment of literalPrefix(entry.path.template)) {
        let child = node.children.get(segment)
        if (!child) node.children.add(segment, (child = { children: new SliceTable(), routes: [] }))
        node = child
      }
      return node
    })
    const join = (node: PrefixNode<T>, entry: RouteEntry<T>): void => {
      node.routes.push(entry)
      for (const child of node.children.values) join(child, entry)
    }
    nodes.forEach((node, index) => node && join(node, entries[index] as RouteEntry<T>))
    for (const entry of entries) {
      const literal = entry.path.literal
      if (literal !== undefined && !this.#exact.has(literal))
        this.#exact.set(literal, this.#scan(literal, entries))
    }
  }

  /** Resolve a request path (percent-encoded, no query, no trailing slash) for every method. */
  find(path: string): PathMatch<T> | undefined {
    const found = this.#exact.get(path) ?? this.#scan(path, this.#candidates(path))
    return found.allow.length ? found : undefined
  }

  /**
   * The first route (in declaration order) for `method` matching `path`, or
   * `undefined`; only that method's routes are tried. Same answer as
   * `find(path)?.byMethod.get(method)`.
   */
  match(path: string, method: string): RouteMatch<T> | undefined {
    const exact = this.#exact.get(path)
    if (exact) return exact.byMethod.get(method)
    const routes = this.#candidates(path)
    for (let i = 0; i < routes.length; i++) {
      const entry = routes[i] as RouteEntry<T>
      if (entry.method !== method) continue
      const values = (entry.path.match as PathMatcher)(path)
      if (values) return { entry, values }
    }
    return undefined
  }

  /** The routes with params that can match `path`: those on its walk down the literal-prefix trie. */
  #candidates(path: string): readonly RouteEntry<T>[] {
    let node = this.#root
    let start = 1
    while (start <= path.length && node.children.values.length > 0) {
      let end = path.indexOf('/', start)
      if (end < 0) end = path.length
      const child = node.children.get(path, start, end)
      if (!child) break
      node = child
      start = end + 1
    }
    return node.routes
  }

  #scan(path: string, entries: readonly RouteEntry<T>[]): PathMatch<T> {
    const byMethod = new Map<string, RouteMatch<T>>()
    for (const entry of entries) {
      if (byMethod.has(entry.method)) continue
      if (entry.path.literal !== undefined) {
        if (entry.path.literal === path) byMethod.set(entry.method, { entry, values: [] })
        continue
      }
      const values = (entry.path.match as PathMatcher)(path)
      if (values) byMethod.set(entry.method, { entry, values })
    }
    return { byMethod, allow: [...byMethod.keys()] }
  }
}
