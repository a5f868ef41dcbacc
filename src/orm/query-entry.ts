import type { PgTable } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import { ImproperlyConfigured } from '../exceptions'
import { embedSchema } from '../schema/valibot/embed'
import { columnSchema, lazyPathSchema } from './columns'
import { DEFAULT_MAX, DEFAULT_MAX_LENGTH, type FilterSpec, type QueryField } from './query'
import { unsafeReason } from './safe'

const integer = (min: number, max: number) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max))
/** A date the database takes as a parameter: years 1 to 9 999 (drizzle sends ISO text; `+099999-…` and year 0 are SQL errors). */
const dateInRange = (date: Date): boolean =>
  Number.isNaN(date.getTime()) || (date.getUTCFullYear() >= 1 && date.getUTCFullYear() <= 9999)
/** Why a filter value is out of bounds (a string longer than `max`; a list of more items, or with such an item; a date outside years 1–9 999), or undefined. */
function outOfBounds(value: unknown, max: number): string | undefined {
  if (typeof value === 'string')
    return value.length > max ? `at most ${max} characters (got ${value.length})` : undefined
  if (value instanceof Date) return dateInRange(value) ? undefined : 'a date from year 1 to 9999'
  if (!Array.isArray(value)) return undefined
  if (value.length > max) return `at most ${max} items (got ${value.length})`
  for (const item of value) {
    const reason = Array.isArray(item) ? undefined : outOfBounds(item, max)
    if (reason) return `every item ${reason}`
  }
  return undefined
}
/** The bound every filter value is held to (SPEC §10.2 "Bounded writes"). */
const boundsCheck = (max: number) =>
  v.check(
    (value) => outOfBounds(value, max) === undefined,
    (issue) => outOfBounds(issue.input, max) ?? 'out of bounds',
  )
/** No NUL and no prototype key in a filter value (SPEC §10). */
const safetyCheck = v.check(
  (value) => unsafeReason(value) === undefined,
  (issue) => unsafeReason(issue.input) ?? 'invalid value',
)

function filterSchema(
  table: PgTable,
  db: string,
  spec: FilterSpec,
  async: boolean,
): v.GenericSchema | v.GenericSchemaAsync {
  if (spec.schema) {
    // any Standard Schema (zod, arktype, valibot, …) through the seam (SPEC §3.6 "orm inputs")
    const embedded = embedSchema(spec.schema, { async })
    if (!embedded)
      throw new ImproperlyConfigured(
        'orm.Filter: schema must be a Standard Schema (valibot, zod, arktype, …)',
      )
    return embedded
  }
  if (spec.op === 'isNull') return v.boolean()
  if (spec.op === 'contains' || spec.op === 'icontains' || spec.op === 'startsWith')
    return v.string()
  if (spec.path === undefined) return spec.expr ? v.number() : v.unknown()
  const base = spec.path.includes('.')
    ? lazyPathSchema(table, db, spec.path)
    : columnSchema(table, spec.path)
  return spec.op === 'in' ? v.array(base) : base
}

/**
 * The valibot entry of one query field; `async` when the query awaits its
 * filters (another library's schema may answer with a promise).
 */
export function queryEntry(
  table: PgTable,
  db: string,
  name: string,
  field: QueryField,
  async = false,
): v.GenericSchema | v.GenericSchemaAsync {
  switch (field['~ormQuery']) {
    case 'filter': {
      const schema = filterSchema(table, db, field, async)
      const bounds = boundsCheck(field.maxLength ?? DEFAULT_MAX_LENGTH)
      return schema.async
        ? v.optionalAsync(v.pipeAsync(schema, bounds, safetyCheck))
        : v.optional(v.pipe(schema as v.GenericSchema, bounds, safetyCheck))
    }
    case 'search':
    case 'scope':
      return v.optional(
        v.pipe(v.pipe(v.string(), v.maxLength(DEFAULT_MAX_LENGTH)) as v.GenericSchema, safetyCheck),
      )
    case 'offset':
      return v.optional(integer(0, field.max ?? DEFAULT_MAX.offset), field.default ?? 0)
    case 'page':
      return v.optional(integer(1, field.max ?? DEFAULT_MAX.page), field.default ?? 1)
    case 'limit': {
      const max = field.max ?? DEFAULT_MAX.limit
      return v.optional(integer(1, max), field.default ?? max)
    }
    case 'order': {
      const options = field.allowed.flatMap((key) => [key, `-${key}`])
      if (field.allowed.length === 0)
        throw new ImproperlyConfigured(`orm.OrderBy for '${name}' allows no column`)
      return v.optional(
        v.pipe(
          v.union([
            v.array(v.string()),
            v.pipe(
              v.string(),
              v.transform((item) => [item]),
            ),
          ]),
          // The document lists the values the picklist below allows (a transform hides them from the converter).
          v.metadata({
            anyOf: [
              { type: 'array', items: { type: 'string', enum: options } },
              { type: 'string', enum: options },
            ],
            description:
              'Order by these keys (`-` for descending): one, a list, or several comma-separated.',
          }),
          v.transform((list) => list.flatMap((item) => item.split(',')).filter(Boolean)),
          v.array(v.picklist(options)),
        ),
        field.default ? [...field.default] : undefined,
      )
    }
  }
}
