/**
 * The `Allow` and preflight header values of the routes a path resolves to,
 * computed once per distinct set of routes (not per request) and reused.
 */
import type { RouteTarget } from '../compile/routes'
import type { PathMatch, RouteEntry } from '../router'
import { CONTENT_TYPE } from '../utils/http'

/** What a 405 and a preflight send for one set of routes. */
export interface AllowHeaders {
  /** `Allow` / `Access-Control-Allow-Methods` */
  methods: string
  /** `Access-Control-Allow-Headers`: every header the routes declare, plus content-type */
  headers: string
}

interface Node {
  next: Map<RouteEntry<RouteTarget>, Node>
  value?: AllowHeaders
}

function compute(found: PathMatch<RouteTarget>): AllowHeaders {
  const names = new Set<string>()
  for (const match of found.byMethod.values())
    for (const name of match.entry.data.endpoint.headerNames) names.add(name)
  names.add(CONTENT_TYPE)
  return { methods: found.allow.join(', '), headers: [...names].join(', ') }
}

/**
 * A table of `AllowHeaders` keyed by the routes of a `PathMatch`, in order
 * (a trie over route entries, which live as long as the service).
 *
 * @example
 * const table = new AllowTable(); table.of(router.find('/users')!).methods // 'GET, POST'
 */
export class AllowTable {
  readonly #root: Node = { next: new Map() }

  /** The header values for `found`, computed the first time its routes are seen. */
  of(found: PathMatch<RouteTarget>): AllowHeaders {
    let node = this.#root
    for (const match of found.byMethod.values()) {
      let child = node.next.get(match.entry)
      if (!child) node.next.set(match.entry, (child = { next: new Map() }))
      node = child
    }
    return (node.value ??= compute(found))
  }
}
