/**
 * Decoding a built object (the JSON path's rows, serialize.ts): column values through their
 * drizzle column, nested objects recursively. What each field needs — its column, its path's
 * resolved column, its child schema — is found once per schema module, schema and scope and
 * kept as a list of steps, so a row is decoded by running them (was: the field list, the
 * columns and each path's resolution looked up again for every row).
 */
import type { PgColumn } from 'drizzle-orm/pg-core'
import { fieldsIn, PK, type Scope } from './build'
import { Self, type SchemaDef } from './fields'
import { resolvePath } from './paths'
import { columnsOf } from './relations'

type Module = Record<string, unknown>
type Row = Record<string, unknown>
/** One field's decoding: reads `raw`, writes `out`. */
type Step = (out: Row, raw: Row) => void

/** Steps per schema module and schema, unscoped (a scope's are built per call: a client chooses it). */
const stepsByModule = new WeakMap<object, WeakMap<SchemaDef, Step[]>>()

/**
 * Decode a built object: column values through their drizzle column, nested objects recursively.
 *
 * @example
 * decode(module, Article.def, { slug: 'a', createdAt: '2024-01-01T00:00:00+00:00' }) // { slug: 'a', createdAt: Date }
 */
export function decode(module: Module, def: SchemaDef, raw: Row, scope?: Scope): Row {
  const out: Row = {}
  if (PK in raw) Object.defineProperty(out, PK, { value: raw[PK], enumerable: false })
  for (const step of stepsOf(module, def, scope)) step(out, raw)
  return out
}

function stepsOf(module: Module, def: SchemaDef, scope: Scope | undefined): Step[] {
  if (scope) return buildSteps(module, def, scope)
  let bySchema = stepsByModule.get(module)
  if (!bySchema) stepsByModule.set(module, (bySchema = new WeakMap()))
  let steps = bySchema.get(def)
  if (!steps) bySchema.set(def, (steps = buildSteps(module, def, undefined)))
  return steps
}

/** A value of `column` as the driver gave it (null stays null). */
const mapped = (column: PgColumn | undefined, value: unknown): unknown =>
  value === null || value === undefined ? null : column ? column.mapFromDriverValue(value) : value

function buildSteps(module: Module, def: SchemaDef, scope: Scope | undefined): Step[] {
  const columns = columnsOf(def.table)
  const steps: Step[] = []
  for (const { field, output, sub } of fieldsIn(def, scope)) {
    if (field.kind === 'batch' || field.kind === 'computed') continue
    const name = field.out
    // an output field is a plain property; a dependency of a computed field a hidden one
    const put = output
      ? (out: Row, value: unknown) => void (out[name] = value)
      : (out: Row, value: unknown) =>
          void Object.defineProperty(out, name, { value, enumerable: false })
    if (field.kind === 'column') {
      const column = columns[field.column]
      if (output) steps.push((out, raw) => void (out[name] = mapped(column, raw[name])))
      else
        steps.push((out, raw) => {
          const value = raw[name]
          put(
            out,
            value === null || value === undefined
              ? null
              : (column?.mapFromDriverValue(value) ?? value),
          )
        })
    } else if (field.kind === 'nested') {
      const child = field.child === Self ? def : field.child
      steps.push((out, raw) => {
        const value = raw[name]
        if (Array.isArray(value))
          put(
            out,
            value.map((item) => decode(module, child, item as Row, sub)),
          )
        else
          put(
            out,
            value && typeof value === 'object' ? decode(module, child, value as Row, sub) : null,
          )
      })
    } else if (field.kind === 'path') {
      const resolved = resolvePath(module, def.table, field.path)
      const column = resolved.transform === undefined ? resolved.column : undefined
      const many = resolved.many && !field.first
      steps.push((out, raw) => {
        const value = raw[name]
        put(
          out,
          Array.isArray(value) && many
            ? value.map((item) => mapped(column, item))
            : mapped(column, value),
        )
      })
    } else if (field.kind === 'virtual') {
      const fallback = field.default ?? null
      steps.push((out) => put(out, fallback))
    } else steps.push((out, raw) => put(out, raw[name] ?? null))
  }
  return steps
}
