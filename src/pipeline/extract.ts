import type { Limits } from '../body'
import { BadRequest, type ParamIssue } from '../exceptions'
import type { RequestContext } from '../request/context'
import { parseQuery } from '../request/query'
import { chainMessage, ConversionError } from '../schema'
import { percentDecoded } from '../utils/chars'
import { stackless } from '../utils/stackless'
import { isThenable } from '../utils/thenable'
import { Invalid } from '../schema/parse'
import type { Exchange } from './exchange'
import type { ParamPlan, ParamSource, SourceEntry } from './plans'

/** Parse failures of one request: the 400's message (first failure) and every failing item. */
export interface Failures {
  message: string
  issues: ParamIssue[]
}

/**
 * Run every plan; collect all failures so the 400 lists each bad item (one
 * channel: `Invalid`). Synchronous unless a schema's check is async (a
 * Standard Schema with an async refinement): from that param on, a promise of the same.
 */
export function extract(
  plans: readonly ParamPlan[],
  exchange: Exchange,
  input: Record<string, unknown>,
  instance: Record<string, unknown>,
): Failures | undefined | Promise<Failures | undefined> {
  let failures: Failures | undefined
  for (let i = 0; i < plans.length; i++) {
    const plan = plans[i] as ParamPlan
    const value = valueOf(plan, exchange)
    // Only an async check answers with a promise (`SchemaChecker.check`: a native one; a resolved
    // value is stored settled), or a default that is one: the other values are not asked.
    if (value instanceof Promise || (plan.hasDefault && isThenable(value)))
      return extractAsync(plans, exchange, input, instance, i, value, failures)
    failures = settle(plan, value, input, instance, failures)
  }
  return failures
}

/** The rest of `extract` once a check answered with a promise: each value awaited in order. */
async function extractAsync(
  plans: readonly ParamPlan[],
  exchange: Exchange,
  input: Record<string, unknown>,
  instance: Record<string, unknown>,
  from: number,
  first: PromiseLike<unknown>,
  failures: Failures | undefined,
): Promise<Failures | undefined> {
  let found = settle(plans[from] as ParamPlan, await first, input, instance, failures)
  for (let i = from + 1; i < plans.length; i++) {
    const plan = plans[i] as ParamPlan
    found = settle(plan, await valueOf(plan, exchange), input, instance, found)
  }
  return found
}

/** One param's value: its default, `undefined` when it may be absent, else checked (an `Invalid`, or a promise for an async check). */
function valueOf(plan: ParamPlan, exchange: Exchange): unknown {
  const raw = readParam(plan, exchange)
  if (raw === undefined && plan.hasDefault) return plan.default
  if (raw === undefined && plan.mayBeAbsent) return undefined
  return checkParam(plan, raw)
}

/**
 * One param's raw value, from where its plan says (compile/param-plan.ts, `ParamSource`).
 *
 * @example
 * readParam(queryPlan(100, spec, 'q', 'input'), exchange) // context.query.q, the first of a repeated key
 */
export function readParam(plan: ParamPlan, exchange: Exchange): unknown {
  const source = plan.source
  const context = exchange.context
  switch (source.kind) {
    case 'path':
      return exchange.pathValues[source.index]
    case 'query': {
      // Same values as URLSearchParams' getAll(wire) / get(wire); arrays are copies.
      const value = context.query[source.wire]
      if (value === undefined || typeof value === 'string')
        return source.list && value !== undefined ? [value] : value
      return source.list ? value.slice() : value[0]
    }
    case 'body':
      return exchange.bodyAccepted?.[source.index] ? exchange.body : undefined
    case 'body-field': {
      const body = exchange.body
      return typeof body === 'object' && body !== null && Object.hasOwn(body, source.wire)
        ? (body as Record<string, unknown>)[source.wire]
        : undefined
    }
    default:
      return source.read(exchange)
  }
}

/**
 * `request.Query(schema)`'s value: the query string parsed afresh (the handler may mutate it).
 *
 * @example
 * queryObjectPlan(100, spec, 'query', 'input').source // { kind: 'query-object', read: readQueryObject }
 */
export function readQueryObject(exchange: Exchange): unknown {
  return parseQuery(exchange.context.search)
}

/**
 * A header param's value (`wire`: its lower-case name), bound to it by its plan.
 *
 * @example
 * readHeader.bind(undefined, 'x-api-key')
 */
export function readHeader(wire: string, exchange: Exchange): unknown {
  return exchange.context.raw.headers.get(wire) ?? undefined
}

/**
 * A cookie param's value, bound to its name by its plan.
 *
 * @example
 * readCookie.bind(undefined, 'session')
 */
export function readCookie(wire: string, exchange: Exchange): unknown {
  return exchange.context.cookies[wire]
}

/**
 * A `Headers`/`Cookies` object param: every declared entry present, by its wire name (bound to
 * its entries by its plan).
 *
 * @example
 * readEntries.bind(undefined, 'header', [{ wire: 'apiKey', source: 'x-api-key', cookies: false }])
 */
export function readEntries(
  at: 'header' | 'cookie',
  entries: readonly SourceEntry[],
  exchange: Exchange,
): Record<string, unknown> {
  const context = exchange.context
  const out: Record<string, unknown> = {}
  for (const entry of entries) {
    const value = entry.cookies
      ? { ...context.cookies }
      : at === 'header'
        ? context.raw.headers.get(entry.source)
        : context.cookies[entry.source]
    if (value !== null && value !== undefined) out[entry.wire] = value
  }
  return out
}

/**
 * One param's raw value converted and checked by its schema: the value, or an `Invalid` when it
 * fails its rule or cannot convert (one failure channel: never throws for bad input).
 *
 * @example
 * checkParam(plan, '4.5') // 4 for an integer schema; checkParam(plan, 'four') instanceof Invalid
 */
export function checkParam(plan: ParamPlan, raw: unknown): unknown {
  try {
    const value = plan.source.kind === 'path' ? pathValue(plan.source, raw) : raw
    if (value instanceof Invalid || !plan.checker) return value
    return plan.checker.check(value)
  } catch (error) {
    if (error instanceof ConversionError) return new Invalid(error.reason, error.path)
    throw error
  }
}

/** A path value decoded, or an `Invalid` when it is an unsafe file path or misses the param's regex. */
function pathValue(source: Extract<ParamSource, { kind: 'path' }>, raw: unknown): unknown {
  if (raw === undefined) return raw
  const decoded = percentDecoded(raw as string)
  if (decoded === undefined) throw new ConversionError(`invalid percent-encoding: '${raw}'`)
  const unsafe = source.unsafe?.(decoded, source.absolute)
  if (unsafe) return new Invalid(`unsafe file path: ${unsafe}`)
  if (source.pattern && !source.pattern.test(decoded))
    return new Invalid(`invalid value: '${decoded}' does not match '${source.regex}'`)
  return decoded
}

/** Put a value where it goes, or add its failures (the 400's message is the first one's). */
function settle(
  plan: ParamPlan,
  value: unknown,
  input: Record<string, unknown>,
  instance: Record<string, unknown>,
  failures: Failures | undefined,
): Failures | undefined {
  if (value instanceof Invalid) {
    // The message chains the param's name (docs/api.md); each listed item is named by its wire path.
    const out = failures ?? {
      message: chainMessage([plan.name, ...value.path], value.reason),
      issues: [],
    }
    for (const failure of value.all) {
      const byField = plan.whole && failure.path.length > 0
      out.issues.push({
        in: plan.in,
        name: byField ? String(failure.path[0]) : plan.name,
        path: byField ? failure.path : [plan.name, ...failure.path],
        message: failure.reason,
      })
    }
    return out
  }
  if (plan.target === 'input') input[plan.key] = value
  else instance[plan.key] = value
  return failures
}

/** The failures as an error (for error hooks and plugins), made without capturing a stack: it would only show fw's own frames. */
export function badRequest(failures: Failures): BadRequest {
  return stackless(() => new BadRequest(failures.message, { errors: failures.issues }))
}

/** Count `&`-separated pairs, stopping just past `limit` so a huge query costs no more than needed. */
function countPairs(search: string, limit: number): number {
  if (!search) return 0
  let count = 1
  for (
    let index = search.indexOf('&');
    index >= 0 && count <= limit;
    index = search.indexOf('&', index + 1)
  )
    count++
  return count
}

/** Too many query params for the limit? (Checked only for endpoints that read the query.) */
export function tooManyQuery(context: RequestContext, limits: Limits): BadRequest | undefined {
  if (countPairs(context.search, limits.queryParams) <= limits.queryParams) return undefined
  return stackless(() => new BadRequest(`too many query parameters (limit ${limits.queryParams})`))
}
