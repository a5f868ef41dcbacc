import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Scope } from './build'
import { type Context, readContext, recordingContextReads } from './context'

/**
 * Compiled fragments: a schema's `json_build_object(...)` (its columns, paths,
 * aggregates and nested relations) built and rendered ONCE per schema, output
 * shape (scope, key column) and database, then reused by every request as one
 * flat run of text and bound values. Building it walks the whole schema tree
 * and drizzle's rendering walks it again: on `GET /api/articles?limit=20` that
 * was the largest part of the ORM's own time.
 *
 * What a fragment depends on besides its schema are the context filter
 * functions (`filter: (ctx) => ({ userId: ctx.userId })`) it evaluated: the
 * same functions are evaluated again for each request and the fragment built
 * for their results (a per-viewer value bound in the SQL) is reused only when
 * every result is the same; an anonymous viewer's `false` is one more variant.
 */

/** NUL never occurs in Postgres text: it marks where a bound value goes in a rendered fragment. */
const MARK = '\u0000'

/** Postgres rendering with markers instead of `$n`, so a fragment splits into text and values. */
class FragmentDialect extends PgDialect {
  override escapeParam(num: number): string {
    return `${MARK}${num}${MARK}`
  }
}
const dialect = new FragmentDialect()

/** Render `fragment` once: a flat SQL of its text and its values (already in driver form), composable anywhere. */
export function flattened(fragment: SQL): SQL {
  const { sql: text, params } = dialect.sqlToQuery(fragment)
  const parts = text.split(MARK)
  return sql.join(
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql.param(params[Number(part)]))),
  )
}

type Filter = (context: Context) => Record<string, unknown>
interface Shape {
  /** the context filters a build of this shape evaluates, in order (the same for every context) */
  filters: readonly Filter[]
  /** the fragment per key of their results */
  variants: Map<string, SQL>
}

/** Shapes per schema (scopes a client may choose): beyond this many, new ones are built per request. */
const MAX_SHAPES = 64
/** Variants per shape (per-viewer values): beyond this many, the oldest half is dropped. */
const MAX_VARIANTS = 1024
const shapesByOwner = new WeakMap<object, WeakMap<object, Map<string, Shape>>>()

/**
 * A value as a cache key, its type included (`1` is not `'1'`, a Date is its time);
 * undefined for what has no faithful key (a function, a class instance, a cycle).
 */
export function valueKey(value: unknown, depth = 0): string | undefined {
  if (depth > 8) return undefined
  if (value === null) return 'n'
  switch (typeof value) {
    case 'undefined':
      return 'u'
    case 'string':
      return `s${JSON.stringify(value)}`
    case 'number':
      return `d${Object.is(value, -0) ? '-0' : String(value)}`
    case 'boolean':
      return value ? 't' : 'f'
    case 'bigint':
      return `i${value}`
    case 'object': {
      if (value instanceof Date) return `D${value.getTime()}`
      const items: string[] = []
      if (Array.isArray(value)) {
        for (const item of value) {
          const key = valueKey(item, depth + 1)
          if (key === undefined) return undefined
          items.push(key)
        }
        return `[${items.join(',')}]`
      }
      const prototype = Object.getPrototypeOf(value)
      if (prototype !== Object.prototype && prototype !== null) return undefined
      for (const [name, item] of Object.entries(value)) {
        const key = valueKey(item, depth + 1)
        if (key === undefined) return undefined
        items.push(`${JSON.stringify(name)}:${key}`)
      }
      return `{${items.join(',')}}`
    }
    default:
      return undefined
  }
}

/** The key of what a context filter gave: `!` when it matches nothing. */
const resultKey = (value: Record<string, unknown> | undefined): string | undefined =>
  value === undefined ? '!' : valueKey(value)

/**
 * The compiled fragment of `shape` for `owner`/`schema` under `context`: cached, or
 * `build()` then cached. `owner` is what the rendering depends on (the schema module).
 */
export function compiledFragment(
  owner: object,
  schema: object,
  shape: string,
  context: Context,
  build: () => SQL,
): SQL {
  let bySchema = shapesByOwner.get(owner)
  if (!bySchema) shapesByOwner.set(owner, (bySchema = new WeakMap()))
  let shapes = bySchema.get(schema)
  if (!shapes) bySchema.set(schema, (shapes = new Map()))
  const known = shapes.get(shape)
  if (known) {
    const keys: string[] = []
    for (const filter of known.filters) {
      const { value, missing } = readContext(context, filter)
      const key = resultKey(missing ? undefined : value)
      if (key === undefined) return build()
      keys.push(key)
    }
    const key = keys.join('\u0001')
    const cached = known.variants.get(key)
    if (cached) return cached
    const fragment = flattened(build())
    if (known.variants.size >= MAX_VARIANTS)
      for (const old of [...known.variants.keys()].slice(0, MAX_VARIANTS / 2))
        known.variants.delete(old)
    known.variants.set(key, fragment)
    return fragment
  }
  const filters: Filter[] = []
  const keys: (string | undefined)[] = []
  const built = recordingContextReads((filter, value) => {
    filters.push(filter)
    keys.push(resultKey(value))
  }, build)
  const fragment = flattened(built)
  if (shapes.size < MAX_SHAPES && keys.every((key) => key !== undefined))
    shapes.set(shape, { filters, variants: new Map([[keys.join('\u0001'), fragment]]) })
  return fragment
}

/**
 * A scope as a cache key (of a compiled fragment, serialize.ts): the same names (in any order)
 * give the same key.
 *
 * @example
 * scopeKey(undefined) // ''
 */
export function scopeKey(scope: Scope | undefined): string {
  if (!scope) return ''
  const only = scope.only
    ? [...scope.only.entries()]
        .map(([name, sub]) => `${JSON.stringify(name)}${sub === true ? '' : `(${scopeKey(sub)})`}`)
        .sort()
        .join(',')
    : '*'
  const excluded = scope.excluded
    ? [...scope.excluded].map((name) => JSON.stringify(name)).sort()
    : []
  return `${only}-${excluded.join(',')}`
}
