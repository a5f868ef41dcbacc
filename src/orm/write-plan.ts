/**
 * A schema's write plan and what it answers per call. The plan — columns, keys, unique keys,
 * owners, the declared writable columns, the relation lists and their bounds — is compiled once
 * per schema and schema module, on its first write (orm/write-compile.ts, as an endpoint is
 * compiled at build); `save`, `bulkSave` and their upserts read it, with no per-call lookup of
 * relations, paths or declared columns. Per call, the value is checked against it before any SQL
 * (SPEC §10.2): a write touches only what the schema declares (the row handed to SQL is the value
 * reduced to the declared columns, each value checked against its column's type: a wrong type is
 * a 400 naming the field, never a driver's 500); every nested list has a maximum length and a
 * write's rows a budget (413); a write's transaction has a time bound (503).
 */
import { and, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import {
  BadRequest,
  RequestEntityTooLarge,
  ServiceUnavailable,
  type ParamIssue,
} from '../exceptions'
import { currentContext } from './context'
import type { DefField, SchemaDef } from './fields'
import { filtersOf } from './plan'
import { assertSafe, NUL } from './safe'
import {
  compileWritePlan,
  readTablePlan,
  valueKindOf,
  type RelationWrite,
  type TablePlan,
  type ValueKind,
  type WritePlan,
} from './write-compile'

export type { RelationWrite, TablePlan, WritePlan } from './write-compile'

type Row = Record<string, unknown>
type Module = Record<string, unknown>

const tablePlans = new WeakMap<PgTable, TablePlan>()

/** The write facts of `table`, read on its first write. @example tablePlanOf(users).keys // ['id'] */
export function tablePlanOf(table: PgTable): TablePlan {
  let plan = tablePlans.get(table)
  if (!plan) tablePlans.set(table, (plan = readTablePlan(table)))
  return plan
}

const writePlans = new WeakMap<Module, WeakMap<SchemaDef, WritePlan>>()

/** The write plan of `def` under the database's schema module. @example writePlanOf(module, def).writableKeys */
export function writePlanOf(module: Module, def: SchemaDef): WritePlan {
  let perModule = writePlans.get(module)
  if (!perModule) writePlans.set(module, (perModule = new WeakMap()))
  let plan = perModule.get(def)
  if (!plan) perModule.set(def, (plan = compileWritePlan(module, def, tablePlanOf(def.table))))
  return plan
}

/** Does `value` give the whole primary key of `table` (a row to update, or one to link)? */
export function keyGiven(table: TablePlan, value: Row): boolean {
  return (
    table.keys.length > 0 &&
    table.keys.every((key) => value[key] !== undefined && value[key] !== null)
  )
}

/** An update (`'w'`) when `value` gives the whole primary key and the schema declares it (and `mustCreate` is off), else an insert (`'a'`). */
export function writeModeOf(plan: WritePlan, value: Row, mustCreate?: boolean): 'a' | 'w' {
  return !mustCreate && plan.declaresKey && keyGiven(plan.table, value) ? 'w' : 'a'
}

/** The list a relation field is given (under its output key or its own key). */
export function givenList(field: DefField, value: Row): unknown[] | undefined {
  const given = value[field.out] ?? value[field.key]
  return Array.isArray(given) ? given : undefined
}

/** A to-many relation's `fk = parent key` condition, and the owner values its new rows get. */
export function ownedBy(relation: RelationWrite, parent: Row): { where: SQL; values: Row } {
  const { link } = relation
  const values: Row = {}
  const parts = link.targetColumns.map((column, index) => {
    const key = relation.ownerKeys[index] as string
    values[key] = parent[link.sourceKeys[index] as string]
    return eq(column as PgColumn, values[key])
  })
  return { where: and(...parts) as SQL, values }
}

/** `articles[0].comments` as a problem+json path: `['articles', 0, 'comments']`. */
export type FieldPath = (string | number)[]

/** `['articles', 0, 'id']` → `articles[0].id` */
export function pathText(path: FieldPath): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`,
    )
    .join('')
}

/** One body issue naming the field at `path`. */
export function issueAt(path: FieldPath, message: string): ParamIssue[] {
  return [{ in: 'body', name: String(path[0] ?? ''), path, message }]
}

/**
 * `value` as the row a write may set: only the plan's writable columns (any other key —
 * `isAdmin`, `password` on a schema without them, a relation list — is dropped, never written),
 * each value checked against its column type. A prototype key or a NUL byte anywhere in the value
 * is a 400 (`assertSafe`). `path` is where the row sits in the body, for the 400's issue.
 */
export function declaredRow(plan: WritePlan, value: Row, path: FieldPath): Row {
  checkSafe(plan, value)
  const row: Row = {}
  for (const { key, column, kind } of plan.writable) {
    if (!Object.hasOwn(value, key) || value[key] === undefined) continue
    row[key] = checkColumnValue(plan.def.name, column, value[key], [...path, key], kind)
  }
  return row
}

/** A value `unsafeReason` passes at once: a string without a NUL byte, a number, a boolean, `null`, a `Date`. */
function isPlainValue(item: unknown): boolean {
  if (typeof item === 'string') return !item.includes(NUL)
  return typeof item !== 'object' || item === null || item instanceof Date
}

/**
 * `assertSafe(value)` (orm/safe.ts), asked only when the plan cannot tell: a value giving only keys
 * the plan knows (`knownKeys`: no prototype name), each a plain value or a list of plain values, is
 * safe as it is (no walk); any other key or value is walked there, which throws the 400.
 */
function checkSafe(plan: WritePlan, value: Row): void {
  for (const key of Object.keys(value)) {
    const item = value[key]
    if (
      !plan.knownKeys.has(key) ||
      !(isPlainValue(item) || (Array.isArray(item) && item.every(isPlainValue)))
    )
      return assertSafe(value, 'body', plan.def.name)
  }
}

/** ISO 8601 date or date-time, as JSON and `Date.prototype.toJSON` write them (`2024-01-31`, `2024-01-31T09:00:00.000Z`, `…+02:00`). */
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/

/**
 * `value` as column `column` takes it, or a 400 naming `path`: a timestamp or date column takes a
 * valid `Date` or an ISO 8601 string (converted to a `Date`; a number, another string or an
 * invalid date is refused), an array column an array, a scalar column a string, number, boolean
 * or bigint (the database then checks its form: `'x'` for an integer is a 400 too); JSON, custom
 * and bytes columns take any value. `null` is left to the column's `NOT NULL`.
 *
 * @example checkColumnValue('articles', articles.createdAt, '2024-01-31', ['createdAt']) // a Date
 */
export function checkColumnValue(
  table: string,
  column: PgColumn,
  value: unknown,
  path: FieldPath,
  kind: ValueKind = valueKindOf(column),
): unknown {
  if (value === null || kind === 'any') return value
  if (kind === 'scalar') {
    const type = typeof value
    if (type === 'string' || type === 'number' || type === 'boolean' || type === 'bigint')
      return value
    return refuse(table, path, value, `a ${column.dataType}`)
  }
  if (kind === 'array') return Array.isArray(value) ? value : refuse(table, path, value, 'a list')
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? refuse(table, path, value, 'a valid date') : value
  if (typeof value === 'string' && ISO_DATE_TIME.test(value)) {
    const date = new Date(value)
    return Number.isNaN(date.getTime())
      ? refuse(table, path, value, 'a valid ISO 8601 date-time')
      : date
  }
  return refuse(table, path, value, 'a date-time (an ISO 8601 string or a Date)')
}

/** The 400 of a refused value: what was expected and what came, without quoting it (it may be long or secret). */
function refuse(table: string, path: FieldPath, value: unknown, expected: string): never {
  const got = Array.isArray(value)
    ? 'a list'
    : value instanceof Date
      ? 'an invalid date'
      : typeof value === 'object'
        ? 'an object'
        : `a ${typeof value}`
  const message = `expected ${expected}, got ${got}`
  throw new BadRequest(`${table}.${pathText(path)}: ${message}`, { errors: issueAt(path, message) })
}

/** `save(value, { where })`'s where-object as SQL; one selecting every row (`{}`, a value `undefined`) is a 400, never "no condition". */
export function scopeCondition(plan: WritePlan, where: Row): SQL {
  const condition = filtersOf(plan.module, plan.def.table, where, currentContext())
  if (condition === undefined)
    throw new BadRequest(
      `${plan.def.name}: save(value, { where }) got a condition that selects every row (a value undefined?)`,
    )
  return condition
}

function tooLarge(path: FieldPath, message: string): RequestEntityTooLarge {
  return path.length === 0
    ? new RequestEntityTooLarge(message)
    : new RequestEntityTooLarge(`${pathText(path)}: ${message}`, { errors: issueAt(path, message) })
}

/**
 * Count the rows a write of `values` would touch (each row, its nested rows and key-list items,
 * recursively), refusing with 413 naming the field a list over its `max` or a total over `maxRows`
 * — before any SQL, stopping at the first excess (a 20 000-row body costs one length check).
 * `listed`: the values are a `bulkSave` list (paths start with the row's index).
 */
export function checkWriteSize(
  plan: WritePlan,
  values: readonly Row[],
  options: { mustCreate?: boolean; maxRows: number; listed: boolean; relations: boolean },
): void {
  let rows = values.length
  const over = `the write holds more than ${options.maxRows} rows (maxWriteRows)`
  if (rows > options.maxRows) throw tooLarge([], over)
  const visit = (node: WritePlan, value: Row, path: FieldPath, mustCreate: boolean | undefined) => {
    if (node.lists.length === 0) return // a leaf row: nothing to count below it
    checkSafe(node, value) // a NUL byte or a prototype key: the 400 first
    const mode = keyGiven(node.table, value) && !mustCreate ? 'w' : 'a'
    for (const target of node.relations) {
      const list = givenList(target.field, value)
      if (!list || !target.field.mode.includes(mode)) continue
      const at = [...path, target.field.out]
      if (list.length > target.max)
        throw tooLarge(at, `${list.length} items, at most ${target.max}`)
      rows += list.length
      if (rows > options.maxRows) throw tooLarge(at, over)
      if (target.child) {
        const child = writePlanOf(node.module, target.child)
        for (const [index, item] of list.entries())
          if (typeof item === 'object' && item !== null)
            visit(child, item as Row, [...at, index], false)
      }
    }
  }
  if (options.relations)
    for (const [index, value] of values.entries())
      visit(plan, value, options.listed ? [index] : [], options.mustCreate)
}

/**
 * A check to call before each statement of a write's transaction: the clock starts at the first
 * call (the transaction's start); past `timeout` ms, a 503 (thrown inside the transaction, which
 * rolls back).
 */
export function deadlineOf(timeout: number | undefined): () => void {
  if (timeout === undefined) return () => {}
  let deadline: number | undefined
  return () => {
    const now = performance.now()
    deadline ??= now + timeout
    if (now > deadline)
      throw new ServiceUnavailable(
        `the write took longer than ${timeout} ms (transactionTimeout): rolled back`,
      )
  }
}
