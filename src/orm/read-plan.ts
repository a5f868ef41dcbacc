/**
 * A read compiled once (docs/orm.md, "Built once, bound per request"), as a schema's write is
 * (orm/write-plan.ts): the first `serialize()` of plain data of single values (`init({ slug })`)
 * builds its statement as always (serialize.ts: the compiled fragment, what it selects, the
 * statement of its shape); what it found is kept as the schema's READ PLAN for that argument
 * shape, per database — the context filters its fragment evaluates, the prepared statement per
 * context variant (the viewer's values the fragment binds), the selected columns and whether its
 * rows have work left after the statement (`finish`). A later call of a known shape runs the plan:
 * the argument's values bound, the context filters evaluated for the variant, the statement
 * executed, its rows decoded by the steps planned once per schema (orm/decode.ts) — no per-call
 * lookup of the schema's fields, columns, compiled fragment or selection. A shape or variant not
 * kept (a scope, a `where`, a parsed query, a list, a value with no faithful key, past the
 * bounds below) is built per call, as before; the SQL and the answers are the same.
 *
 * Also here: the bound form of a `serialize()`'s arguments (`boundQuery`: a parsed query, plain
 * data, a `where` of plain values, keyed by shape) and the select list's row aliases with the
 * page read back from them (`selectionOf`, `pageOf`).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { Scope } from './build'
import { readContext, type Context } from './context'
import { decode } from './decode'
import type { SchemaDef } from './fields'
import { isQueryValue, QUERY, type QueryDef } from './query-where'
import { boundPlain, isBindable, valueKey, type Statement } from './statements'

type Row = Record<string, unknown>
type Module = Record<string, unknown>

/** The select's alias of the row's JSON object (the JSON path). */
export const OBJECT = 'r'
/** The select's alias of the count beside a page (`serializeCounted`). */
export const COUNT = '~n'

/** A select list: alias → aliased SQL. */
export type Selection = Record<string, SQL.Aliased>

/**
 * The select list of a `serialize()`: its plain columns (orm/plain.ts), or its compiled JSON
 * object as `r`; with the count beside them when `count` is given.
 *
 * @example
 * db.select(selectionOf(plain, object, counted ? countSql : undefined)).from(table)
 */
export function selectionOf(
  plain: Selection | undefined,
  object: SQL,
  count: SQL | undefined,
): Selection {
  const rows = plain ?? { [OBJECT]: sql`${object}`.as(OBJECT) }
  return count ? { ...rows, [COUNT]: count.as(COUNT) } : rows
}

/**
 * The statement's rows as the answer's: the driver's row itself (plain columns; the count's
 * column left out), or its JSON object decoded (`decode`, under `scope`); and the count beside
 * the page, if any.
 *
 * @example
 * const { rows, count } = pageOf(module, def, raw, plain, counted, undefined)
 */
export function pageOf(
  module: Module,
  def: SchemaDef,
  raw: readonly Row[],
  plain: Selection | undefined,
  counted: boolean,
  scope: Scope | undefined,
): { rows: Row[]; count: number | undefined } {
  const count = counted ? (raw[0]?.[COUNT] as number | undefined) : undefined
  if (plain) {
    if (!counted) return { rows: raw as Row[], count }
    return { rows: raw.map(({ [COUNT]: _count, ...row }) => row), count }
  }
  const rows = raw.map((row) => {
    const object = row[OBJECT]
    return decode(
      module,
      def,
      typeof object === 'string' ? (JSON.parse(object) as Row) : (object as Row),
      scope,
    )
  })
  return { rows, count }
}

/** A context filter function of a schema's field (`filter: (ctx) => ({ userId: ctx.userId })`). */
export type ContextFilter = (context: Context) => Record<string, unknown>

/**
 * The context variant of a compiled fragment: what its context filters give under `context`,
 * as one key (`!` for a filter that matches nothing); undefined when a result has no faithful key
 * (the fragment is then built for this call alone).
 *
 * @example
 * contextVariant([(ctx) => ({ userId: ctx.userId })], { userId: 1 }) // '{"userId":d1}'
 */
export function contextVariant(
  filters: readonly ContextFilter[],
  context: Context,
): string | undefined {
  const keys: string[] = []
  for (const filter of filters) {
    const { value, missing } = readContext(context, filter)
    const key = missing ? '!' : valueKey(value)
    if (key === undefined) return undefined
    keys.push(key)
  }
  return keys.join('\u0001')
}

/** What a read plan holds besides its statements (serialize.ts finds it on the plan's first call). */
export interface ReadFacts {
  readonly module: Module
  readonly def: SchemaDef
  /** the plain columns selected (orm/plain.ts), or undefined: the JSON object, decoded */
  readonly plain: Selection | undefined
  /** do the rows have work left after the statement (batch, computed, nested fields; `validate`)? */
  readonly finishes: boolean
  /** the context filters the schema's compiled fragment evaluates, in order */
  readonly filters: readonly ContextFilter[]
}

/** A read plan: its facts and its statement per context variant. */
export interface ReadPlan extends ReadFacts {
  readonly statements: Map<string, Statement>
}

/** Argument shapes per schema and database: beyond this many, new ones are built per call. */
const MAX_SHAPES = 64
/** Context variants per shape (per-viewer values): beyond this many, the oldest half is dropped. */
const MAX_VARIANTS = 1024
const plansByDb = new WeakMap<object, WeakMap<SchemaDef, Map<string, ReadPlan>>>()

/** The key of a plain-data shape (what `boundQuery` keys it by). */
const plainKey = (
  shape: readonly string[],
  order: readonly unknown[] | undefined,
  counted: boolean,
) => `D${counted ? 'n' : ''}${JSON.stringify([shape, [], order ?? []])}`

/**
 * The planned read of a `serialize()` on `db`: its plan, the statement of `context`'s variant
 * and the argument's values — when plain data of this shape (no scope, no `where`, column-name
 * order terms) was read before under this variant; else undefined (built per call).
 *
 * @example
 * const read = plannedRead(db, Article.def, { slug }, {}, false, context)
 * if (read) rows = await read.statement.execute(read.values)
 */
export function plannedRead(
  db: object,
  def: SchemaDef,
  arg: unknown,
  options: { scope?: Scope; where?: unknown; order?: readonly unknown[] },
  counted: boolean,
  context: Context,
): { plan: ReadPlan; statement: Statement; values: Record<string, unknown> } | undefined {
  const plans = plansByDb.get(db)?.get(def)
  if (plans === undefined || options.scope !== undefined || options.where !== undefined)
    return undefined
  const order = options.order
  if (order?.some((term) => typeof term !== 'string')) return undefined
  const values: Record<string, unknown> = {}
  const data = boundPlain(arg, 'd', values)
  const plan = data && plans.get(plainKey(data.shape, order, counted))
  if (!plan) return undefined
  const variant = contextVariant(plan.filters, context)
  const statement = variant === undefined ? undefined : plan.statements.get(variant)
  return statement && { plan, statement, values }
}

/**
 * Keep `statement` as the plan of plain data keyed `key` (`boundQuery`'s) under `context`'s
 * variant, for the calls of this shape after it.
 *
 * @example
 * keepReadPlan(db, bound.key, { module, def, plain, finishes, filters }, context, statement)
 */
export function keepReadPlan(
  db: object,
  key: string,
  facts: ReadFacts,
  context: Context,
  statement: Statement,
): void {
  const variant = contextVariant(facts.filters, context)
  if (variant === undefined) return
  let bySchema = plansByDb.get(db)
  if (!bySchema) plansByDb.set(db, (bySchema = new WeakMap()))
  let plans = bySchema.get(facts.def)
  if (!plans) bySchema.set(facts.def, (plans = new Map()))
  let plan = plans.get(key)
  if (!plan) {
    if (plans.size >= MAX_SHAPES) return
    plans.set(key, (plan = { ...facts, statements: new Map() }))
  }
  if (plan.statements.size >= MAX_VARIANTS)
    for (const old of [...plan.statements.keys()].slice(0, MAX_VARIANTS / 2))
      plan.statements.delete(old)
  plan.statements.set(variant, statement)
}

/** Filter operators whose SQL takes the value as one bound parameter, whatever it is. */
const BOUND_OPS: ReadonlySet<string> = new Set(['eq', 'ne', 'gt', 'gte', 'lt', 'lte'])
/** Each query definition's number in statement keys (two definitions never share a statement). */
const queryNumbers = new WeakMap<QueryDef, number>()
const queries = { next: 0 }

/**
 * A `serialize()`'s arguments with their values as placeholders: `arg` and `where` to build the
 * statement from, the `key` of their shape, and the `values` to run it with.
 */
export interface BoundArgs {
  key: string
  arg: Record<string, unknown>
  where: Record<string, unknown> | undefined
  values: Record<string, unknown>
}

/**
 * The bound form of a `serialize()`'s arguments (see the file comment): a parsed query `arg`, or
 * plain data `{ path: value }` (`init({ slug })`: one statement for every slug), and a `where`
 * of plain values; undefined when some part of either cannot be bound.
 *
 * @example
 * const bound = boundQuery(query, { authorId: 1 }, ['-createdAt'], true)
 * // bound?.key: 'Q1n[["limit","offset","tag"],["authorId"],["-createdAt"]]'; bound?.values: { 'q:limit': 20, 'q:offset': 0, 'q:tag': 'x', 'w:authorId': 1 }
 * boundQuery({ slug: 'a-title' }, undefined, undefined, false)?.key // 'D[["slug"],[],[]]'
 */
export function boundQuery(
  arg: unknown,
  where: unknown,
  order: readonly unknown[] | undefined,
  counted: boolean,
): BoundArgs | undefined {
  if (order?.some((term) => typeof term !== 'string')) return undefined
  const values: Record<string, unknown> = {}
  const data = isQueryValue(arg) ? boundParsed(arg, values) : boundPlain(arg, 'd', values)
  if (data === undefined) return undefined
  const boundWhere = where === undefined ? undefined : boundPlain(where, 'w', values)
  if (where !== undefined && boundWhere === undefined) return undefined
  const kind = isQueryValue(arg) ? `Q${queryNumber(arg[QUERY])}` : 'D'
  const shapes = [data.shape, boundWhere?.shape ?? [], order ?? []]
  const key = `${kind}${counted ? 'n' : ''}${JSON.stringify(shapes)}`
  return { key, arg: data.bound, where: boundWhere?.bound, values }
}

/** Each query definition's number in statement keys, given the first time it is bound. */
function queryNumber(def: QueryDef): number {
  let number = queryNumbers.get(def)
  if (number === undefined) queryNumbers.set(def, (number = ++queries.next))
  return number
}

/** A parsed query's fields with their values as placeholders (`q:name`), and its shape. */
function boundParsed(
  arg: Record<string, unknown> & { [QUERY]: QueryDef },
  values: Record<string, unknown>,
): { bound: Record<string, unknown>; shape: string[] } | undefined {
  const def = arg[QUERY]
  const bound: Record<string, unknown> = {}
  const shape: string[] = []
  const placeholder = (name: string, value: unknown): Placeholder => {
    values[name] = value
    return sql.placeholder(name)
  }
  for (const [name, field] of Object.entries(def.fields)) {
    const value = arg[name]
    if (value === undefined) continue
    const kind = field['~ormQuery']
    if (kind === 'limit' || kind === 'offset') {
      if (typeof value !== 'number') return undefined
      bound[name] = placeholder(`q:${name}`, value)
      shape.push(name)
    } else if (kind === 'filter') {
      if (field.query || field.expr || !BOUND_OPS.has(field.op) || !isBindable(value))
        return undefined
      bound[name] = placeholder(`q:${name}`, value)
      shape.push(name)
    } else if (kind === 'order') {
      // the client's choice among declared terms: part of the shape; a declared term may be an expression
      const terms = value as readonly string[]
      if (terms.some((term) => Object.hasOwn(field.terms, term.replace(/^-/, '')))) return undefined
      bound[name] = terms
      shape.push(`${name}=${terms.join(',')}`)
    } else return undefined
  }
  Object.defineProperty(bound, QUERY, { value: def, enumerable: false })
  return { bound, shape }
}
