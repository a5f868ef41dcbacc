import * as v from 'valibot'
import { insertEntries, selectEntries } from './columns'
import { databaseOf } from './database'
import { Self, type SchemaDef } from './fields'
import { resolvePath } from './paths'
import { columnsOf, foreignKeysTo } from './relations'
import type { InputOptions } from './types'

function lazyPath(def: SchemaDef, path: string, first?: boolean): v.GenericSchema {
  let resolved: v.GenericSchema | undefined
  return v.lazy(() => {
    if (!resolved) {
      const target = resolvePath(databaseOf(def.db).options.schema, def.table, path)
      const part =
        typeof target.transform === 'string' && target.transform !== 'date'
          ? v.pipe(v.number(), v.integer())
          : v.unknown()
      const entry =
        target.key === undefined || target.transform !== undefined
          ? part
          : (selectEntries(target.target)[target.key] ?? v.unknown())
      resolved = target.many && !first ? v.array(entry) : v.nullable(entry)
    }
    return resolved
  })
}

/** The valibot entries of the serialised row (output keys). */
export function entriesOf(def: SchemaDef): Record<string, v.GenericSchema> {
  const select = selectEntries(def.table)
  const entries: Record<string, v.GenericSchema> = {}
  for (const field of def.fields) {
    if (!field.mode.includes('r') || field.noOutput) continue
    if (field.type) entries[field.out] = field.type
    else if (field.kind === 'column') entries[field.out] = select[field.column] as v.GenericSchema
    else if (field.kind === 'path') entries[field.out] = lazyPath(def, field.path, field.first)
    else if (field.kind === 'expr')
      entries[field.out] =
        field.expr['~ormExpr'] === 'exists' ? v.boolean() : v.nullable(v.number())
    else if ((field.kind === 'nested' || field.kind === 'batch') && field.child !== undefined) {
      const child = field.child === Self ? undefined : field.child
      const item: v.GenericSchema = child ? v.object(entriesOf(child)) : v.unknown()
      entries[field.out] = field.many ? v.array(item) : v.nullable(item)
    } else entries[field.out] = v.unknown()
  }
  return entries
}

/**
 * The input schema: `'a'` (create) or `'w'` (update) fields, or the declared
 * columns with `{ omit, partial }` — with the relation fields `'a'` writes
 * (key lists, nested rows), as `input('a')` has them.
 */
export function inputSchema(
  def: SchemaDef,
  options: InputOptions & { mode?: 'a' | 'w' } = {},
): v.GenericSchema {
  const insert = insertEntries(def.table)
  const entries: Record<string, v.GenericSchema> = {}
  const mode = options.mode
  for (const field of def.fields) {
    if (
      (field.kind !== 'column' && field.kind !== 'virtual') ||
      (mode ? !field.mode.includes(mode) : field.kind === 'virtual') ||
      options.omit?.includes(field.key)
    )
      continue
    const entry =
      field.type ??
      (field.kind === 'column' ? (insert[field.column] as v.GenericSchema) : v.unknown())
    const optional = options.partial || mode === 'w' || field.default !== undefined
    // Django's auto_now: an update input stamps a `$onUpdate` column when it is parsed
    const onUpdate =
      mode === 'w' && field.kind === 'column' && field.default === undefined
        ? columnsOf(def.table)[field.column]?.onUpdateFn
        : undefined
    entries[field.out] = optional ? v.optional(entry, (onUpdate ?? field.default) as never) : entry
  }
  // relation fields: those of `mode`; `input({ omit, partial })` takes those `input('a')` takes
  // (a relation list is never parsed and then dropped by `save`: issue 54 #12)
  const relationMode = mode ?? 'a'
  for (const field of def.fields) {
    if (
      (field.kind !== 'path' && field.kind !== 'nested') ||
      !field.mode.includes(relationMode) ||
      options.omit?.includes(field.key)
    )
      continue
    const child = field.kind === 'nested' ? (field.child === Self ? def : field.child) : undefined
    // nested rows get their foreign key to this row from it: not part of their input
    const nestedInput = (schema: SchemaDef) => {
      const link = resolvePath(databaseOf(def.db).options.schema, def.table, field.path).links[0]
      const columns = columnsOf(schema.table)
      const owned = link
        ? Object.keys(columns).filter((key) => link.targetColumns.includes(columns[key] as never))
        : []
      return inputSchema(schema, { mode, omit: owned, partial: mode ? undefined : options.partial })
    }
    // the length is checked before the items: a list over `max` costs one comparison
    const items = child
      ? v.array(v.lazy(() => nestedInput(child)))
      : (lazyPath(def, field.path) as v.GenericSchema<unknown[]>)
    entries[field.out] = v.optional(
      v.pipe(v.array(v.unknown()), v.maxLength(field.max, `at most ${field.max} items`), items),
    )
  }
  for (const { def: child } of def.ones)
    for (const key of foreignKeysTo(def.table, child.table))
      if (!options.omit?.includes(key))
        entries[key] ??=
          options.partial || mode === 'w'
            ? v.optional(insert[key] as v.GenericSchema)
            : (insert[key] as v.GenericSchema)
  const object = v.object(entries)
  const aliases = def.fields.filter(
    (field) => field.kind === 'column' && field.out !== field.column,
  )
  const validate = def.validate
  if (aliases.length === 0 && !validate) return object
  return v.pipe(
    object,
    v.transform((value: Record<string, unknown>) => {
      const out: Record<string, unknown> = { ...value }
      for (const field of aliases)
        if (field.kind === 'column' && field.out in out) {
          out[field.column] = out[field.out]
          delete out[field.out]
        }
      return validate ? (validate(out) ?? out) : out
    }),
  )
}
