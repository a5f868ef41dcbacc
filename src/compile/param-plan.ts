/**
 * One param's plan: where it is read from (path, query, header, cookie, body),
 * how it converts and validates. Built once per endpoint by planParams (params.ts); the plan's types
 * are pipeline/plans.ts, what the request-time steps read.
 */
import { throwImproperlyConfigured } from '../exceptions/configured'
import type { MarkerSpec } from '../request/markers'
import { kebabCase } from '../request/parse'
import { schemaEntries, STRING_SCHEMA, takesList, unwrapPlan, type AnySchema } from '../schema'
import { SchemaChecker } from '../schema/parse'
import type { ParamPlan, ParamSource, ResolveAll, Target, WireEntry } from '../pipeline/plans'
import { readResolved, resolveAll } from '../pipeline/resolve'
import { readCookie, readEntries, readHeader, readQueryObject } from '../pipeline/extract'

const stringSchema = STRING_SCHEMA

// Every plan is built by this one literal, so all plans share one object shape (monomorphic reads per request).
export function plan(
  depth: number,
  spec: MarkerSpec,
  at: ParamPlan['in'],
  name: string,
  target: Target,
  key: string,
  source: ParamSource,
  schema: AnySchema = spec.schema ?? stringSchema,
  checker: SchemaChecker | null = new SchemaChecker(schema, { depth }),
  entries?: readonly WireEntry[],
): ParamPlan {
  // an object param (its entries listed) or a whole body
  const whole = entries !== undefined || spec.kind === 'body'
  return {
    in: at,
    name,
    target,
    key,
    source,
    checker,
    hasDefault: spec.hasDefault,
    default: spec.default,
    mayBeAbsent: spec.required === false,
    whole,
    spec,
    entries,
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
  const source: ParamSource = {
    kind: 'path',
    index,
    pattern: spec.regex ? new RegExp(`^(?:${spec.regex})$`) : undefined,
    regex: spec.regex,
    // A rest (file path) param never hands a way out of a directory to the handler.
    // its code is its marker's (`request.FilePathParam` brings it)
    unsafe:
      spec.match === 'rest'
        ? (
            spec.restPaths ??
            throwImproperlyConfigured('a rest path param is declared with request.FilePathParam')
          ).unsafe
        : undefined,
    absolute: spec.absolute === true,
  }
  return plan(depth, spec, 'path', name, target, key, source)
}

/** What the params of one endpoint (or before hook) read besides their values, noted by their planners. */
export interface PlanReads {
  /** the request headers read (CORS preflights allow them) */
  headerNames: string[]
  /** the `resolve` params' specs, each once, in order */
  resolvers: MarkerSpec[]
  /** the step that resolves them (pipeline/resolve.ts), brought by their planner */
  resolveAll?: ResolveAll
}

/** A plan builder of one source: the param's depth, declaration, key and where its value goes. */
export type SourcePlan = (
  depth: number,
  spec: MarkerSpec,
  key: string,
  target: Target,
  reads?: PlanReads,
) => ParamPlan

/** The kinds whose plan builder their marker brings: only `request.HeaderParam`, `Query`… declare them. */
export type MarkerPlannedKind =
  | 'query-object'
  | 'header'
  | 'header-object'
  | 'cookie'
  | 'cookie-object'
  | 'resolve'

/** Filled by the markers when made (request/index.ts); never emptied. */
const planners: { [K in MarkerPlannedKind]?: SourcePlan } = {}

/**
 * Register how params of `kind` are planned (called by the marker that declares them, when made),
 * so a service that declares none bundles no header, cookie or object-param planning (SPEC §5.2).
 *
 * @example registerPlanner('header', headerPlan)
 */
export function registerPlanner(kind: MarkerPlannedKind, planner: SourcePlan): void {
  planners[kind] ??= planner
}

/** The plan builder of `kind`, registered by its marker. */
export function plannerOf(kind: MarkerPlannedKind): SourcePlan {
  return (
    planners[kind] ??
    throwImproperlyConfigured(`a ${kind} param is declared with its request marker`)
  )
}

export const queryPlan: SourcePlan = (depth, spec, key, target) => {
  const wire = spec.alias ?? key
  const list = takesList(spec.schema ?? stringSchema)
  return plan(depth, spec, 'query', wire, target, key, { kind: 'query', wire, list })
}

export const headerPlan: SourcePlan = (depth, spec, key, target, reads) => {
  const name = spec.alias ?? kebabCase(key)
  const wire = name.toLowerCase()
  reads?.headerNames.push(wire)
  const read = readHeader.bind(undefined, wire)
  return plan(depth, spec, 'header', name, target, key, { kind: 'header', wire, read })
}

export const cookiePlan: SourcePlan = (depth, spec, key, target) => {
  const wire = spec.alias ?? key
  const read = readCookie.bind(undefined, wire)
  return plan(depth, spec, 'cookie', wire, target, key, { kind: 'cookie', wire, read })
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
  reads?: PlanReads,
): ParamPlan {
  const schema = spec.schema
  // request.Query/Headers/Cookies refuse a call without a schema when declared (their `invalid`)
  if (schema === undefined) throw new TypeError(`fw: the ${at} object '${key}' has no schema`)
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
      { kind: 'query-object', read: readQueryObject },
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
    if (at === 'header') reads?.headerNames.push(source)
    return { wire: entry.wire, source, cookies }
  })
  const read = readEntries.bind(undefined, at, entries)
  const source: ParamSource = { kind: 'entries', at, entries, read }
  return plan(depth, spec, at, key, target, key, source, schema, undefined, declared)
}

/** `request.Query(schema)`: the query string as one object. */
export const queryObjectPlan: SourcePlan = (depth, spec, key, target) =>
  objectPlan(depth, spec, key, target, 'query')

/** `request.Headers(schema)`: the declared headers as one object. */
export const headersPlan: SourcePlan = (depth, spec, key, target, reads) =>
  objectPlan(depth, spec, key, target, 'header', reads)

/** `request.Cookies(schema)`: the declared cookies as one object. */
export const cookiesPlan: SourcePlan = (depth, spec, key, target) =>
  objectPlan(depth, spec, key, target, 'cookie')

/**
 * A `resolve` param (fw-api/auth's users): what its own `resolve` stored, nothing to convert; its
 * resolver noted once and the step that runs it brought along (`PlanReads`), its headers noted.
 */
export const resolvedPlan: SourcePlan = (depth, spec, key, target, reads) => {
  if (reads) {
    if (!reads.resolvers.includes(spec)) reads.resolvers.push(spec)
    reads.headerNames.push(...(spec.headers ?? []))
    reads.resolveAll = resolveAll
  }
  const read = readResolved.bind(undefined, spec)
  const source: ParamSource = { kind: 'resolved', spec, read }
  // a resolved value is what its resolver stored: nothing to convert (no checker)
  return plan(
    depth,
    { ...spec, required: false },
    'resolved',
    key,
    target,
    key,
    source,
    undefined,
    null,
  )
}
