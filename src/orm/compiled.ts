import { sql, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Scope } from './build'
import { type Context, recordingContextReads } from './context'
import { contextVariant, type ContextFilter } from './read-plan'
import { valueKey } from './statements'

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

interface Shape {
  /** the context filters a build of this shape evaluates, in order (the same for every context) */
  filters: readonly ContextFilter[]
  /** the fragment per key of their results */
  variants: Map<string, SQL>
}

/** Shapes per schema (scopes a client may choose): beyond this many, new ones are built per request. */
const MAX_SHAPES = 64
/** Variants per shape (per-viewer values): beyond this many, the oldest half is dropped. */
const MAX_VARIANTS = 1024
const shapesByOwner = new WeakMap<object, WeakMap<object, Map<string, Shape>>>()

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
    const key = contextVariant(known.filters, context)
    if (key === undefined) return build()
    const cached = known.variants.get(key)
    if (cached) return cached
    const fragment = flattened(build())
    if (known.variants.size >= MAX_VARIANTS)
      for (const old of [...known.variants.keys()].slice(0, MAX_VARIANTS / 2))
        known.variants.delete(old)
    known.variants.set(key, fragment)
    return fragment
  }
  const filters: ContextFilter[] = []
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
 * The context filters the cached fragments of `shape` evaluate (what a read plan keys its
 * statements by, orm/read-plan.ts); undefined when that shape is built per call.
 *
 * @example
 * const filters = fragmentFilters(module, def, '')
 */
export function fragmentFilters(
  owner: object,
  schema: object,
  shape: string,
): readonly ContextFilter[] | undefined {
  return shapesByOwner.get(owner)?.get(schema)?.get(shape)?.filters
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
