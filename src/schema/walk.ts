/**
 * The one schema walker: what lies under a schema's wrappers
 * (`v.optional`, `v.nullable`, `v.nullish`, `v.undefinedable`,
 * `v.exact_optional`, `v.non_*`), read once by every part of fw that looks
 * through them (params plans, issue paths, file schemas, the ORM, OpenAPI).
 * The valibot planner (`valibot/plan.ts`) plans each wrapper on its own: it
 * reads `wrapped` as a schema node, not to look through it.
 */
import { presence, type Presence } from './adapter'
import { getFieldOptions, type FieldOptions } from './field'
import { shapeOf, type AnySchema, type SchemaShape } from './types'

/** Wrapper types whose value may be absent (`undefined`) when they are the outermost. */
const ABSENT_OK = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable'])
const NULL_OK = new Set(['nullable', 'nullish'])

/** Wrappers nest only as deep as an author wrote them; the walk is bounded all the same. */
const MAX_WRAPPERS = 16

/** One item of a schema's `v.pipe(...)`: a schema, a validation, a transformation or metadata. */
export interface PipeItem {
  readonly kind: string
  readonly type: string
  readonly requirement?: unknown
}

/** A schema seen through its wrappers. */
export interface Unwrapped {
  /** the schema under every wrapper (the schema itself when it has none) */
  inner: AnySchema
  /** the wrapper types passed through, outermost first (`['optional', 'nullable']`) */
  wrappers: readonly string[]
  /** the outermost wrapper lets the value be absent (`optional`, `exact_optional`, `nullish`, `undefinedable`) */
  optional: boolean
  /** some wrapper lets the value be `null` (`nullable`, `nullish`) */
  nullable: boolean
  /** the outermost wrapper declares a default (`v.optional(s, d)`, `Field(s, { default })`) */
  hasDefault: boolean
  /** that default, as declared (a value or a function) */
  default: unknown
  /** the inner schema's pipe items after its root (`v.pipe(file.Image, v.maxSize(9))` → `[maxSize]`) */
  actions: readonly PipeItem[]
  /** `Field(...)` options (alias, default) of the outermost schema */
  field: FieldOptions | undefined
}

/**
 * The schema one wrapper holds (`v.optional(s)` → `s`); `undefined` when the
 * schema is no wrapper. What makes a wrapper is decided here only.
 *
 * @example
 * wrappedSchema(v.nullable(v.string()))?.type // 'string'
 */
export function wrappedSchema(schema: AnySchema | SchemaShape): AnySchema | undefined {
  return (schema as SchemaShape).wrapped ?? undefined
}

/** Follow `wrapped` down to the inner schema, noting each wrapper's type in `wrappers` when given. */
function descend(schema: AnySchema, wrappers?: string[]): AnySchema {
  let current = schema
  for (let hops = 0; hops < MAX_WRAPPERS; hops++) {
    const next = wrappedSchema(current)
    if (next === undefined) break
    wrappers?.push(shapeOf(current).type)
    current = next
  }
  return current
}

/**
 * The schema under its wrappers (the schema itself when it has none).
 *
 * @example
 * innerOf(v.optional(v.nullable(v.string()))).type // 'string'
 */
export function innerOf(schema: AnySchema): AnySchema {
  return descend(schema)
}

/**
 * Look through a schema's wrappers once: the inner schema, which wrappers it
 * sits in, its default, the inner pipe's actions and the `Field` options.
 *
 * @example
 * unwrap(v.optional(v.pipe(v.string(), v.email()), 'a@b.c')) // { inner: <the pipe>, wrappers: ['optional'], optional: true, hasDefault: true, default: 'a@b.c', actions: [email], … }
 */
export function unwrap(schema: AnySchema): Unwrapped {
  const wrappers: string[] = []
  const current = descend(schema, wrappers)
  // `pipe` is a list for valibot only (zod's and arktype's `pipe` is a method)
  const listed = shapeOf(current).pipe
  const pipe = Array.isArray(listed) ? listed : []
  return {
    inner: current,
    wrappers,
    ...presenceThrough(schema, wrappers),
    actions: pipe.filter((item, index) => index > 0 || item.kind !== 'schema'),
    field: getFieldOptions(schema),
  }
}

/**
 * Optional / nullable / default of a schema (the valibot adapter's `presence`): what its wrappers
 * say, their types given outermost first (`wrapperTypes`).
 *
 * @example
 * presenceThrough(v.optional(v.string(), 'x'), ['optional']) // { optional: true, nullable: false, hasDefault: true, default: 'x' }
 */
export function presenceThrough(schema: AnySchema, wrappers: readonly string[]): Presence {
  const declared = wrappers.length > 0 ? shapeOf(schema).default : undefined
  return presence(
    mayBeAbsent(schema),
    wrappers.some((type) => NULL_OK.has(type)),
    declared,
  )
}

/**
 * The types of the wrappers a schema sits in, outermost first.
 *
 * @example
 * wrapperTypes(v.optional(v.nullable(v.string()))) // ['optional', 'nullable']
 */
export function wrapperTypes(schema: AnySchema): string[] {
  const wrappers: string[] = []
  descend(schema, wrappers)
  return wrappers
}

/**
 * Is the outermost wrapper one whose value may be absent? (`v.optional`,
 * `v.nullish`, …; not `v.nullable`, nor an optional inside a nullable)
 *
 * @example
 * mayBeAbsent(v.nullish(v.string())) // true
 */
export function mayBeAbsent(schema: AnySchema): boolean {
  return ABSENT_OK.has(shapeOf(schema).type)
}
