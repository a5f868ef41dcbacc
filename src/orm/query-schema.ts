import { and, sql } from 'drizzle-orm'
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { ImproperlyConfigured } from '../exceptions'
import { valibotAdapter } from '../schema/valibot/adapter'
import { checkExpression } from './check'
import { currentContext } from './context'
import { databaseOf, declareCheck } from './database'
import { guarded } from './errors'
import { explain } from './fields'
import { resolvePath } from './paths'
import { planFor } from './plan'
import type { QueryField } from './query'
import { queryEntry } from './query-entry'
import { keysProblem, knownKeys, queryKeysOf, valueOf } from './query-keys'
import type { QuerySchema } from './query-value'
import { QUERY, whereOf, type QueryDef } from './query-where'
import { columnsOf } from './relations'

/**
 * A query-string schema over a table: filters (columns, paths, expressions, functions),
 * search, scope, offset/limit/page and order (columns or expressions), each under its
 * name or `alias` (`'@page'`), parsed into a value that `Schema.serialize(query)` runs
 * and `query.count()` counts.
 *
 * @example
 * const ArticleQuery = orm.Query(articles, {
 *   author: orm.Filter('author.username'), within: orm.Filter('createdAt', 'gte'),
 *   offset: orm.Offset(), limit: orm.Limit({ max: 100 }), order: orm.OrderBy(['createdAt', 'title']),
 * })
 * // @api.get({ query: request.Query(ArticleQuery) })
 */
export function Query<T extends PgTable, const F extends Record<string, QueryField>>(
  table: T,
  fields: F,
  options: { db?: string } = {},
): QuerySchema<T, F> {
  const def: QueryDef = { table, db: options.db ?? 'default', fields }
  const name = getTableConfig(table).name
  const kinds = Object.values(fields).map((field) => field['~ormQuery'])
  if (kinds.includes('page') && !kinds.includes('limit'))
    throw new ImproperlyConfigured(
      `orm.Query(${name}): orm.Page needs an orm.Limit in the same query (the page size, bounded by its max)`,
    )
  checkFields(def, name)
  const keys = queryKeysOf(`orm.Query(${name})`, fields)
  const known = knownKeys(keys)
  const async = awaitsFilters(fields)
  const entries: Record<string, v.GenericSchema | v.GenericSchemaAsync> = {}
  for (const { field, wire, typed } of keys) {
    const entry = queryEntry(table, def.db, field, fields[field] as QueryField, async)
    entries[wire] = entry
    if (typed !== undefined) {
      const note = v.description(
        `'${wire}' as a browser sends '?${wire}…' (the key ends at its first '=')`,
      )
      entries[typed] = entry.async
        ? v.pipeAsync(entry, note)
        : v.pipe(entry as v.GenericSchema, note)
    }
  }
  const keysCheck = v.check(
    (input: Record<string, unknown>) => keysProblem(input, keys, known) === undefined,
    (issue) =>
      keysProblem(issue.input as Record<string, unknown>, keys, known) ?? 'invalid query keys',
  )
  const parsed = v.transform((input: Record<string, unknown>) => {
    const values: Record<string, unknown> = {}
    for (const entry of keys) values[entry.field] = valueOf(input, entry)
    Object.defineProperty(values, QUERY, { value: def, enumerable: false })
    Object.defineProperty(values, 'count', {
      value: (where?: unknown) => countRows(def, values, where),
      enumerable: false,
    })
    return values
  })
  // A query with another library's filter schema is checked asynchronously (it may answer with a promise).
  const schema = async
    ? v.pipeAsync(v.looseObjectAsync(entries), keysCheck, parsed)
    : v.pipe(v.looseObject(entries as Record<string, v.GenericSchema>), keysCheck, parsed)
  return Object.assign(schema, { table }) as unknown as QuerySchema<T, F>
}

/** Does a filter take a schema that may answer with a promise (another library's, or an async valibot one)? */
function awaitsFilters(fields: Record<string, QueryField>): boolean {
  return Object.values(fields).some(
    (field) =>
      field['~ormQuery'] === 'filter' &&
      field.schema !== undefined &&
      !(valibotAdapter.owns(field.schema) && (field.schema as { async?: unknown }).async !== true),
  )
}

/** Check every filter, search and order path and expression of a query against the table (columns now, relations when the database is known). */
function checkFields(def: QueryDef, name: string): void {
  const { table, fields } = def
  const columns = columnsOf(table)
  const check = (what: string, run: (module: Record<string, unknown>) => unknown) =>
    declareCheck(def.db, table, (module) => void explain(what, () => run(module)))
  for (const [key, field] of Object.entries(fields)) {
    const what = `orm.Query(${name}): ${field['~ormQuery'] === 'order' ? 'OrderBy' : field['~ormQuery'] === 'search' ? 'Search' : 'Filter'} '${key}'`
    const paths =
      field['~ormQuery'] === 'search'
        ? field.fields
        : field['~ormQuery'] === 'filter' && field.path !== undefined
          ? [field.path]
          : []
    for (const path of paths) {
      if (/\.|__/.test(path)) check(what, (module) => resolvePath(module, table, path))
      else if (!Object.hasOwn(columns, path))
        throw new ImproperlyConfigured(`${what}: no column '${path}'`)
    }
    const exprs = field['~ormQuery'] === 'filter' && field.expr ? [field.expr] : []
    if (field['~ormQuery'] === 'order') {
      for (const spec of Object.values(field.terms)) {
        if (typeof spec.field === 'string' && !Object.hasOwn(columns, spec.field))
          throw new ImproperlyConfigured(`${what}: no column '${spec.field}'`)
        if (typeof spec.field === 'object') exprs.push(spec.field)
      }
    }
    for (const expr of exprs) check(what, (module) => checkExpression(module, table, expr))
  }
}

async function countRows(
  def: QueryDef,
  values: Record<string, unknown>,
  base?: unknown,
): Promise<number> {
  const database = databaseOf(def.db)
  const db = await database.db()
  const module = database.options.schema
  const where = whereOf(module, def, values, currentContext())
  const extra = base === undefined ? undefined : planFor(module, def.table, base).where
  const [row] = await guarded(
    def.table,
    () => db.select({ n: sql<number>`count(*)::int` }).from(def.table).where(and(where, extra)),
    'query',
  )
  return row?.n ?? 0
}
