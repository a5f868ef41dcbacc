/**
 * Bounded writes (SPEC §10.2): every nested input list has a maximum length
 * and a write's rows a budget, both checked on the value before any SQL; a
 * write's transaction has a time bound.
 */
import { RequestEntityTooLarge, ServiceUnavailable, type ParamIssue } from '../exceptions'
import { Self, type DefField, type SchemaDef } from './fields'
import { resolvedOf } from './build'
import type { Link } from './relations'
import { hasKey } from './save'

type Row = Record<string, unknown>
type Module = Record<string, unknown>

/** A relation field the schema writes in `mode`: a key list through a junction, or nested rows of a to-many relation. */
export function writable(
  module: Module,
  def: SchemaDef,
  field: DefField,
  mode: 'a' | 'w',
): { link: Link; column?: string; child?: SchemaDef; max: number } | undefined {
  if (!field.mode.includes(mode) || (field.kind !== 'path' && field.kind !== 'nested'))
    return undefined
  // resolved once per schema module, as reads resolve it (not on every save)
  const resolved = resolvedOf(module, def, field.path)
  const [link] = resolved.links
  if (!link || resolved.links.length !== 1 || link.kind !== 'many') return undefined
  if (field.kind === 'path')
    return resolved.key ? { link, column: resolved.key, max: field.max } : undefined
  return { link, child: field.child === Self ? def : field.child, max: field.max }
}

/** The list a relation field is given (under its output key or its own key). */
export function givenList(field: DefField, value: Row): unknown[] | undefined {
  const given = value[field.out] ?? value[field.key]
  return Array.isArray(given) ? given : undefined
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

function tooLarge(path: FieldPath, message: string): RequestEntityTooLarge {
  return path.length === 0
    ? new RequestEntityTooLarge(message)
    : new RequestEntityTooLarge(`${pathText(path)}: ${message}`, { errors: issueAt(path, message) })
}

/**
 * Count the rows a write of `values` would touch (each row, its nested rows and
 * key-list items, recursively), refusing with 413 naming the field a list over
 * its `max` or a total over `maxRows` — before any SQL, stopping at the first
 * excess (a 20 000-row body costs one length check). `listed`: the values are
 * a `bulkSave` list (paths start with the row's index).
 */
export function checkWriteSize(
  module: Module,
  def: SchemaDef,
  values: readonly Row[],
  options: { mustCreate?: boolean; maxRows: number; listed: boolean; relations: boolean },
): void {
  let rows = 0
  const count = (added: number, path: FieldPath) => {
    rows += added
    if (rows > options.maxRows)
      throw tooLarge(path, `the write holds more than ${options.maxRows} rows (maxWriteRows)`)
  }
  const visit = (node: SchemaDef, value: Row, path: FieldPath, mustCreate: boolean | undefined) => {
    if (!node.fields.some((field) => field.kind === 'path' || field.kind === 'nested')) return // a leaf row: nothing to count below it
    const mode = hasKey(node.table, value) && !mustCreate ? 'w' : 'a'
    for (const field of node.fields) {
      const list = givenList(field, value)
      const target = list && writable(module, node, field, mode)
      if (!list || !target) continue
      const at = [...path, field.out]
      if (list.length > target.max)
        throw tooLarge(at, `${list.length} items, at most ${target.max}`)
      count(list.length, at)
      if (target.child)
        for (const [index, item] of list.entries())
          if (typeof item === 'object' && item !== null)
            visit(target.child, item as Row, [...at, index], false)
    }
  }
  count(values.length, [])
  if (options.relations)
    for (const [index, value] of values.entries())
      visit(def, value, options.listed ? [index] : [], options.mustCreate)
}

/**
 * A check to call before each statement of a write's transaction: the clock
 * starts at the first call (the transaction's start); past `timeout` ms, a 503
 * (thrown inside the transaction, which rolls back).
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
