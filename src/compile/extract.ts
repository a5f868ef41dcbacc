import {
  accepts,
  contentTypeOf,
  readBody,
  type BodyPlan,
  type ContentType,
  type Limits,
} from '../body'
import { BadRequest, type ParamIssue } from '../exceptions'
import type { RequestContext } from '../request/context'
import { chainMessage } from '../schema'
import { stackless } from '../utils/stackless'
import { isThenable } from '../utils/thenable'
import { Invalid } from '../schema/parse'
import type { ParamPlan } from './params'

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
  rc: RequestContext,
  input: Record<string, unknown>,
  instance: Record<string, unknown>,
): Failures | undefined | Promise<Failures | undefined> {
  let failures: Failures | undefined
  for (let i = 0; i < plans.length; i++) {
    const plan = plans[i] as ParamPlan
    const value = valueOf(plan, rc)
    if (isThenable(value)) return extractAsync(plans, rc, input, instance, i, value, failures)
    failures = settle(plan, value, input, instance, failures)
  }
  return failures
}

/** The rest of `extract` once a check answered with a promise: each value awaited in order. */
async function extractAsync(
  plans: readonly ParamPlan[],
  rc: RequestContext,
  input: Record<string, unknown>,
  instance: Record<string, unknown>,
  from: number,
  first: PromiseLike<unknown>,
  failures: Failures | undefined,
): Promise<Failures | undefined> {
  let found = settle(plans[from] as ParamPlan, await first, input, instance, failures)
  for (let i = from + 1; i < plans.length; i++) {
    const plan = plans[i] as ParamPlan
    found = settle(plan, await valueOf(plan, rc), input, instance, found)
  }
  return found
}

/** One param's value: its default, `undefined` when it may be absent, else parsed (an `Invalid`, or a promise for an async check). */
function valueOf(plan: ParamPlan, rc: RequestContext): unknown {
  const raw = plan.read(rc)
  if (raw === undefined && plan.hasDefault) return plan.default
  if (raw === undefined && plan.mayBeAbsent) return undefined
  return plan.parse(raw)
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
export function tooManyQuery(rc: RequestContext, limits: Limits): BadRequest | undefined {
  if (countPairs(rc.search, limits.queryParams) <= limits.queryParams) return undefined
  return stackless(() => new BadRequest(`too many query parameters (limit ${limits.queryParams})`))
}

const ALL: readonly boolean[] = Object.freeze([true])

/**
 * Read the endpoint's body (one await hop): the Content-Type parsed once, used
 * to choose the plan (`chooseBody`) and to read with.
 */
export function readEndpointBody(
  rc: RequestContext,
  bodies: readonly BodyPlan[],
  limits: Limits,
): Promise<unknown> {
  const type = contentTypeOf(rc.raw)
  return readBody(rc.raw, chooseBody(rc, bodies, type), limits, rc.env, type, rc.framing)
}

/**
 * Choose the body plan an endpoint reads the body with. With several
 * whole-body params, the body goes to those whose content types accept it;
 * none → the first plan's 415.
 */
function chooseBody(
  rc: RequestContext,
  bodies: readonly BodyPlan[],
  type: ContentType | undefined,
): BodyPlan {
  if (bodies.length === 1) {
    rc.bodyAccepted = ALL
    return bodies[0] as BodyPlan
  }
  const accepted = bodies.map((plan) => accepts(plan, type))
  const chosen = accepted.indexOf(true)
  rc.bodyAccepted = accepted
  return bodies[chosen < 0 ? 0 : chosen] as BodyPlan
}
