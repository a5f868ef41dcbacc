/**
 * The query-string keys of an `orm.Query`, as a browser sends them.
 *
 * An operator alias (`orm.Filter(orm.Count('followers'), 'gte', { alias: 'followers_num>=' })`)
 * is documented as `?followers_num>=2`. Typed in an address bar, written in a
 * link or passed to `fetch` as it is, that reaches the server as
 * `followers_num>=2` (or `followers_num%3E=2`): the query parser cuts the key
 * at its first `=`, so the key is `followers_num>` and the value `2`. A
 * client that encodes keys (`URLSearchParams`, the generated client) sends
 * `followers_num%3E%3D=2`, whose key is the alias itself. Both forms reach the
 * filter; giving both at once is a 400. A key holding an operator character
 * (`<`, `>`, `!`) that no field declares is a 400 too: `?views>=3` on a query
 * without that filter is a typo to report, not "no filter".
 * @internal
 */
import { ImproperlyConfigured } from '../exceptions'
import type { QueryField } from './query'

/** One field's keys: the declared one (`alias` or the field's name) and, for a filter alias ending in `=`, the key a browser's form arrives as. */
export interface QueryKeys {
  field: string
  wire: string
  /** `followers_num>` for `followers_num>=` */
  typed?: string
}

/** Characters of the operator forms (`>=`, `<=`, `!=`, `>`, `<`) in a query key. */
const OPERATOR = /[<>!]/
/** Characters a browser never delivers inside a key as written: they end the key, the pair or the URL. */
const CUTS_KEY = /[=&#]/

/** The keys of every field, checked once when the query is declared. */
export function queryKeysOf(
  what: string,
  fields: Readonly<Record<string, QueryField>>,
): QueryKeys[] {
  const keys = Object.entries(fields).map(([field, spec]): QueryKeys => {
    const wire = spec.alias ?? field
    const stem = wire.endsWith('=') && spec['~ormQuery'] === 'filter' ? wire.slice(0, -1) : wire
    if (stem === '' || CUTS_KEY.test(stem)) {
      throw new ImproperlyConfigured(
        `${what}: the key '${wire}' of '${field}' cannot be sent as written (a query key ends at '=', '&' or '#'; only a filter's alias may end with '=')`,
      )
    }
    return stem === wire ? { field, wire } : { field, wire, typed: stem }
  })
  const seen = new Map<string, string>()
  for (const { field, wire, typed } of keys) {
    for (const key of typed === undefined ? [wire] : [wire, typed]) {
      const other = seen.get(key)
      if (other !== undefined)
        throw new ImproperlyConfigured(
          `${what}: '${field}' and '${other}' both read the query key '${key}'`,
        )
      seen.set(key, field)
    }
  }
  return keys
}

/** Every key the query reads. */
export function knownKeys(keys: readonly QueryKeys[]): ReadonlySet<string> {
  return new Set(keys.flatMap(({ wire, typed }) => (typed === undefined ? [wire] : [wire, typed])))
}

/** Why the given keys are refused (a filter given in both forms, an operator key no field declares), or undefined. */
export function keysProblem(
  input: Readonly<Record<string, unknown>>,
  keys: readonly QueryKeys[],
  known: ReadonlySet<string>,
): string | undefined {
  for (const { wire, typed } of keys) {
    if (typed !== undefined && input[wire] !== undefined && input[typed] !== undefined)
      return `the filter '${wire}' is given twice (as '${wire}' and as '${typed}')`
  }
  for (const key of Object.keys(input)) {
    if (!known.has(key) && OPERATOR.test(key)) {
      const filters = keys.map(({ wire }) => wire).filter((name) => OPERATOR.test(name))
      return `unknown filter '${key.length > 100 ? `${key.slice(0, 100)}…` : key}'${filters.length ? ` (operator filters here: ${filters.join(', ')})` : ''}`
    }
  }
  return undefined
}

/** The value of one field: under its declared key, else under the key a browser's form arrives as. */
export function valueOf(input: Readonly<Record<string, unknown>>, keys: QueryKeys): unknown {
  const value = input[keys.wire]
  return value === undefined && keys.typed !== undefined ? input[keys.typed] : value
}
