/**
 * One param's plan: where it is read from (path, query, header, cookie, body),
 * how it converts and validates. Built once per endpoint by planParams (params.ts).
 */
import type { BodyPlan } from '../body'
import { fileFieldsOf, fileSchemaInfo } from '../file/info'
import { unsafeFilePath } from '../file/path'
import type { RequestContext } from '../request/context'
import type { MarkerSpec } from '../request/markers'
import { parseQuery } from '../request/context'
import { kebabCase } from '../request/parse'
import {
  ConversionError,
  EMPTY_OBJECT_SCHEMA,
  schemaEntries,
  STRING_SCHEMA,
  takesList,
  unwrapPlan,
  wireKind,
  type AnySchema,
  type ConversionPlan,
} from '../schema'
import { compileSchemaChecker } from '../schema/check'
import { Invalid, type Checker } from '../schema/parse'

/** Where a parsed value goes: the method's input object or the API instance (common params). */
export type Target = 'input' | 'instance'

/** How one param is read, converted and validated; built once per endpoint. */
export interface ParamPlan {
  /** `resolved`: found by the param's own `resolve` (fw-api/auth's users), before the others are read */
  in: 'path' | 'query' | 'header' | 'cookie' | 'body' | 'resolved'
  /** the item name used in messages (the wire name) */
  name: string
  target: Target
  key: string
  read: (rc: RequestContext) => unknown
  /** the value, or `Invalid` when it fails its rule or cannot convert (one failure channel: never throws for bad input) */
  parse: Checker
  hasDefault: boolean
  default: unknown
  /** absent is fine and gives `undefined` (`required: false`) */
  mayBeAbsent: boolean
  /** a whole object (Query, Headers, Cookies, Body): its failures are listed by the wire names of their fields */
  whole: boolean
  /** the declaration it was planned from (schema, default, rules): read by docs generators */
  spec: MarkerSpec
  /** an object param (`request.Query/Headers/Cookies`): one wire item per entry of its schema */
  entries: readonly WireEntry[] | undefined
}

/** One entry of an object param on the wire. */
export interface WireEntry {
  /** the entry's key in the object schema */
  key: string
  /** the key of the parsed object it fills: the alias, else the key */
  wire: string
  /** its wire name as declared: the alias, else the key (a header: the key in kebab-case) */
  name: string
  schema: AnySchema | undefined
  /** its conversion plan (another library's entry `schema` is its JSON Schema node: the plan says what it takes) */
  plan?: ConversionPlan
}

const stringSchema = STRING_SCHEMA

function wantsList(schema: AnySchema): boolean {
  return takesList(schema)
}

/** A checker that reports a value that cannot convert as `Invalid` too (conversion throws `ConversionError`). */
function checked(check: Checker): Checker {
  return (value) => {
    try {
      return check(value)
    } catch (error) {
      if (error instanceof ConversionError) return new Invalid(error.reason, error.path)
      throw error
    }
  }
}

// Every plan is built by this one literal, so all plans share one object shape (monomorphic reads per request).
export function plan(
  depth: number,
  spec: MarkerSpec,
  at: ParamPlan['in'],
  name: string,
  target: Target,
  key: string,
  read: ParamPlan['read'],
  schema: AnySchema = spec.schema ?? stringSchema,
  parse: Checker = compileSchemaChecker(schema, { depth }),
  entries?: readonly WireEntry[],
): ParamPlan {
  const whole =
    spec.kind === 'query-object' ||
    spec.kind === 'header-object' ||
    spec.kind === 'cookie-object' ||
    spec.kind === 'body'
  return {
    in: at,
    name,
    target,
    key,
    read,
    parse: checked(parse),
    hasDefault: spec.hasDefault,
    default: spec.default,
    mayBeAbsent: spec.required === false,
    whole,
    spec,
    entries,
  }
}

function decodePathValue(raw: string | undefined): string | undefined {
  if (raw === undefined || !raw.includes('%')) return raw
  try {
    return decodeURIComponent(raw)
  } catch {
    throw new ConversionError(`invalid percent-encoding: '${raw}'`)
  }
}

export function pathPlan(
  depth: number,
  spec: MarkerSpec,
  name: string,
  index: number,
  target: Target,
  key: string,
): ParamPlan {
  const schema = spec.schema ?? stringSchema
  const check = compileSchemaChecker(schema, { depth })
  const pattern = spec.regex ? new RegExp(`^(?:${spec.regex})$`) : undefined
  // A rest (file path) param never hands a way out of a directory to the handler.
  const rest = spec.match === 'rest'
  const parse: Checker = (value) => {
    const decoded = decodePathValue(value as string | undefined)
    if (typeof decoded === 'string') {
      const unsafe = rest ? unsafeFilePath(decoded, spec.absolute === true) : undefined
      if (unsafe) return new Invalid(`unsafe file path: ${unsafe}`)
      if (pattern && !pattern.test(decoded))
        return new Invalid(`invalid value: '${decoded}' does not match '${spec.regex}'`)
    }
    return check(decoded)
  }
  return plan(depth, spec, 'path', name, target, key, (rc) => rc.pathValues[index], schema, parse)
}

export function queryPlan(depth: number, spec: MarkerSpec, key: string, target: Target): ParamPlan {
  const wire = spec.alias ?? key
  // Same values as URLSearchParams' getAll(wire) / get(wire); arrays are copies.
  const read = wantsList(spec.schema ?? stringSchema)
    ? (rc: RequestContext) => {
        const all = rc.query[wire]
        return all === undefined ? undefined : typeof all === 'string' ? [all] : all.slice()
      }
    : (rc: RequestContext) => {
        const value = rc.query[wire]
        return value === undefined || typeof value === 'string' ? value : value[0]
      }
  return plan(depth, spec, 'query', wire, target, key, read)
}

export function headerPlan(
  depth: number,
  spec: MarkerSpec,
  key: string,
  target: Target,
): ParamPlan {
  const name = spec.alias ?? kebabCase(key)
  const wire = name.toLowerCase()
  return plan(
    depth,
    spec,
    'header',
    name,
    target,
    key,
    (rc) => rc.raw.headers.get(wire) ?? undefined,
  )
}

export function cookiePlan(
  depth: number,
  spec: MarkerSpec,
  key: string,
  target: Target,
): ParamPlan {
  const wire = spec.alias ?? key
  return plan(depth, spec, 'cookie', wire, target, key, (rc) => rc.cookies[wire])
}

/** The wire items of an object param: each entry's alias, else its key (a header entry: the key in kebab-case). */
function wireEntries(schema: AnySchema, at: 'query' | 'header' | 'cookie'): WireEntry[] {
  return schemaEntries(schema).map((entry) => ({
    key: entry.key,
    wire: entry.wire,
    name: at === 'header' && entry.wire === entry.key ? kebabCase(entry.key) : entry.wire,
    schema: entry.schema as AnySchema,
    plan: entry.plan,
  }))
}

/** A whole-object source (Query, Headers, Cookies): read every declared entry by its wire name. */
export function objectPlan(
  depth: number,
  spec: MarkerSpec,
  key: string,
  target: Target,
  at: 'query' | 'header' | 'cookie',
): ParamPlan {
  const schema = spec.schema ?? EMPTY_OBJECT_SCHEMA
  const declared = wireEntries(schema, at)
  // A fresh object per read, not the shared parse (the schema's output may be mutated by the handler).
  if (at === 'query')
    return plan(
      depth,
      spec,
      at,
      key,
      target,
      key,
      (rc) => parseQuery(rc.search),
      schema,
      undefined,
      declared,
    )
  const entries = declared.map((entry) => {
    const source = at === 'header' ? entry.name.toLowerCase() : entry.name
    // A `cookie` entry holding an object schema reads the parsed Cookie header (UtilMeta's HeaderSchema.cookie).
    const cookies =
      at === 'header' &&
      source === 'cookie' &&
      entry.plan !== undefined &&
      unwrapPlan(entry.plan).to === 'object'
    return { wire: entry.wire, source, cookies }
  })
  const read = (rc: RequestContext): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (const entry of entries) {
      const value = entry.cookies
        ? { ...rc.cookies }
        : at === 'header'
          ? rc.raw.headers.get(entry.source)
          : rc.cookies[entry.source]
      if (value !== null && value !== undefined) out[entry.wire] = value
    }
    return out
  }
  return plan(depth, spec, at, key, target, key, read, schema, undefined, declared)
}

export function bodyFieldPlan(
  depth: number,
  spec: MarkerSpec,
  key: string,
  target: Target,
): ParamPlan {
  const wire = spec.alias ?? key
  const read = (rc: RequestContext): unknown => {
    const body = rc.body
    return typeof body === 'object' && body !== null && Object.hasOwn(body, wire)
      ? (body as Record<string, unknown>)[wire]
      : undefined
  }
  return plan(depth, spec, 'body', wire, target, key, read)
}

/** Which wire forms a body param accepts, from its marker and its schema. */
export function bodyPlanOf(spec: MarkerSpec): BodyPlan {
  const schema = spec.schema ?? stringSchema
  const fileInfo = fileSchemaInfo(schema)
  if (spec.kind === 'body' && fileInfo) {
    // The file's maxSize becomes the byte limit, so an oversized upload is a 413 before it is buffered.
    return {
      accept: 'binary',
      contentType: spec.contentType ?? fileInfo.mime,
      maxLength: spec.maxLength ?? fileInfo.maxSize,
    }
  }
  if (spec.kind === 'body' && wireKind(schema) === 'string')
    return { accept: 'text', contentType: spec.contentType, maxLength: spec.maxLength }
  return {
    accept: spec.accept ?? 'any',
    contentType: spec.contentType,
    maxLength: spec.maxLength,
    fileFields: spec.kind === 'body' ? fileFieldsOf(schema) : undefined,
  }
}
