import type { API } from '../api/api'
import type { Plugin } from '../api/plugin'
import type { BodyPlan, Limits } from '../body'
import { GatewayTimeout } from '../exceptions'
import { withSetCookies } from '../request/context'
import type { MarkerSpec } from '../request/markers'
import type { Renderer } from '../response/render'
import { deadline } from '../utils/deadline'
import { isThenable } from '../utils/thenable'
import { alwaysPromised, compose, rescued, type Answer, type Handler, type Step } from './compose'
import { contextOfExchange, type Exchange, type LevelMaker } from './exchange'
import { badRequest, extract, readEndpointBody, tooManyQuery, type Failures } from './extract'
import { afterHookStep, beforeHookStep, errorHookStep, type HookStep } from './hook-steps'
import type { CompileOptions } from './options'
import type { ParamPlan } from './params'
import { errorPluginStep, pluginSteps } from './plugin-steps'
import { resolveAll } from './resolve'

/** Everything an endpoint's chain of steps is built from. */
export interface PipelinePlan {
  levels: readonly LevelMaker[]
  method: (this: API, input: Record<string, unknown>) => unknown
  renderer: Renderer
  params: readonly ParamPlan[]
  readsQuery: boolean
  /** the `resolve` params of the endpoint and its before hooks (compile/params.ts), resolved before the body */
  resolvers: readonly MarkerSpec[]
  /** the body plans read (the endpoint's, else a before hook's), chosen at build */
  bodies: readonly BodyPlan[] | undefined
  before: readonly HookStep[]
  after: readonly HookStep[]
  /** the `@api.handle` (error) hooks, nearest class first */
  errorHooks: readonly HookStep[]
  /** class plugins, outermost first */
  plugins: readonly Plugin[]
  /** every plugin with `handleError`, innermost first (class, then service) */
  errorPlugins: readonly Plugin[]
  /** the handler timeout (ms), if any */
  timeout: number | undefined
  /** `Class.method()`, as the timeout's 504 names it */
  label: string
  options: CompileOptions
}

/** The endpoint's answer when it has not settled within `ms`: a 504, rendered by `renderer`. */
function timeoutStep(ms: number, renderer: Renderer, where: string): Step<Exchange> {
  const late = (): Response =>
    renderer.error(new GatewayTimeout(`${where} did not answer within ${ms} ms`))
  return function timeLimit(exchange, next) {
    const answer = next(exchange)
    return answer instanceof Promise ? deadline(answer, ms, late) : answer
  }
}

/**
 * The error boundary: what anything further in throws or rejects with is the
 * endpoint's error rendering; cookies set while handling (a session login)
 * go on the answer, before after hooks see it.
 */
function boundaryStep(renderer: Renderer): Step<Exchange> {
  const failed = (error: unknown): Response => renderer.error(error)
  return function errorBoundary(exchange, next) {
    const answer = rescued(exchange, next, failed)
    if (answer instanceof Promise)
      return answer.then((response) => withSetCookies(exchange.rc, response))
    return withSetCookies(exchange.rc, answer)
  }
}

/** Too many query params: a 400 before anything reads them. */
function queryLimitStep(limits: Limits): Step<Exchange> {
  return function queryLimit(exchange, next) {
    const tooMany = tooManyQuery(exchange.rc, limits)
    if (tooMany) throw tooMany
    return next(exchange)
  }
}

/** The `resolve` params (fw-api/auth users: a 401 before the body is read). */
function resolveStep(resolvers: readonly MarkerSpec[]): Step<Exchange> {
  return function resolveParams(exchange, next) {
    const pending = resolveAll(exchange.rc, resolvers, 0)
    return pending ? pending.then(() => next(exchange)) : next(exchange)
  }
}

/** The body, read once with the limits, before params. */
function bodyStep(bodies: readonly BodyPlan[], limits: Limits): Step<Exchange> {
  return function readBody(exchange, next) {
    return readEndpointBody(exchange.rc, bodies, limits).then((body) => {
      exchange.rc.body = body
      return next(exchange)
    })
  }
}

/**
 * Every param of the endpoint. A failure is a 400: rendered straight (no
 * `Error` built) when nothing can intercept it (`intercepted` false), else
 * thrown for the error hooks and plugins.
 */
function paramsStep(
  params: readonly ParamPlan[],
  renderer: Renderer,
  intercepted: boolean,
): Step<Exchange> {
  const settle = (
    exchange: Exchange,
    next: Handler<Exchange>,
    failures: Failures | undefined,
  ): Answer => {
    if (!failures) return next(exchange)
    if (intercepted) throw badRequest(failures)
    return renderer.invalid(failures.message, failures.issues)
  }
  return function parseParams(exchange, next) {
    const failures = extract(params, exchange.rc, exchange.input, exchange.common)
    // An asynchronous schema check (a Standard Schema library's): the same, once it settles.
    if (isThenable(failures))
      return Promise.resolve(failures).then((found) => settle(exchange, next, found))
    return settle(exchange, next, failures)
  }
}

/** The endpoint's method on its class instance, its value rendered by the endpoint's template. */
function methodCall(
  method: PipelinePlan['method'],
  renderer: Renderer,
  level: number,
): Handler<Exchange> {
  const rendered = renderer.result
  return function callMethod(exchange): Answer {
    exchange.rc.responder = rendered
    const result = method.call(exchange.at(level), exchange.input)
    return isThenable(result) ? Promise.resolve(result).then(rendered) : rendered(result)
  }
}

/**
 * The steps of one endpoint, outermost first (docs/architecture.md, "A
 * request, end to end"): the timeout; class plugins; after hooks (nearest
 * innermost); the error boundary, error plugins, error hooks (nearest
 * innermost); the query limit, `resolve` params, body, params, before hooks
 * (outer class first). The method is the end of the chain.
 */
export function endpointSteps(plan: PipelinePlan): Step<Exchange>[] {
  const { renderer, options } = plan
  const steps: Step<Exchange>[] = []
  if (plan.timeout) steps.push(timeoutStep(plan.timeout, renderer, plan.label))
  // Hooks and class plugins are declared asynchronous work: their endpoints always
  // answer with a promise (tests/spec/sync-path.test.ts).
  if (plan.before.length + plan.after.length + plan.errorHooks.length + plan.plugins.length)
    steps.push(alwaysPromised)
  steps.push(...pluginSteps(plan.plugins, renderer, contextOfExchange))
  for (const hook of [...plan.after].reverse()) steps.push(afterHookStep(hook, renderer))
  steps.push(boundaryStep(renderer))
  for (const plugin of [...plan.errorPlugins].reverse())
    steps.push(errorPluginStep(plugin, contextOfExchange))
  for (const hook of [...plan.errorHooks].reverse()) steps.push(errorHookStep(hook))
  if (plan.readsQuery) steps.push(queryLimitStep(options.limits))
  if (plan.resolvers.length) steps.push(resolveStep(plan.resolvers))
  if (plan.bodies) steps.push(bodyStep(plan.bodies, options.limits))
  const intercepted = plan.errorHooks.length + plan.errorPlugins.length > 0
  // No params, no step: the composer calls the next one straight (an E0 ping is boundary + method).
  if (plan.params.length) steps.push(paramsStep(plan.params, renderer, intercepted))
  for (const hook of plan.before) steps.push(beforeHookStep(hook))
  return steps
}

/**
 * Compile an endpoint's chain once: its steps composed around the method
 * (compile/compose.ts). The handler takes the request's `Exchange`, never
 * throws, and answers synchronously when no step waits.
 */
export function compilePipeline(plan: PipelinePlan): Handler<Exchange> {
  return compose(
    endpointSteps(plan),
    methodCall(plan.method, plan.renderer, plan.levels.length - 1),
  )
}
