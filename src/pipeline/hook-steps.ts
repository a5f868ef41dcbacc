import { InternalServerError } from '../exceptions'
import type { Renderer } from '../response/render'
import { telemetryHost, timedHook } from '../request/telemetry'
import { isThenable } from '../utils/thenable'
import { whenAnswered, type Answer, type Handler, type Recover, type Step } from './compose'
import type { Exchange } from './exchange'
import { badRequest, extract, type Failures } from './extract'
import type { ParamPlan, ResolvedHook } from './plans'

/** A hook with what it runs with, resolved at build. */
export interface HookStep {
  hook: ResolvedHook
  /** its own template's renderer (its return values and `this.respond`) */
  renderer: Renderer
  /** the params only it declares (before hooks) */
  params: readonly ParamPlan[]
  /** `Class.method()`, as errors name it */
  label: string
}

/**
 * An `@api.before` hook (`EndpointChain`, pipeline/chain.ts, runs them in order): its own params
 * (a 400 when they fail), then the hook. Answers a promise when the core has to wait for it
 * (its value is not used), else `undefined`.
 */
export function runBeforeHook(step: HookStep, exchange: Exchange): Promise<unknown> | undefined {
  const hookInput: Record<string, unknown> = { ...exchange.input }
  const failures = step.params.length
    ? extract(step.params, exchange, hookInput, exchange.common)
    : undefined
  // An asynchronous schema check (a Standard Schema library's): the same, once it settles.
  if (failures instanceof Promise)
    return failures.then((found) => callBeforeHook(step, exchange, hookInput, found))
  const result = callBeforeHook(step, exchange, hookInput, failures)
  // a hook that returns nothing has nothing to wait for (not asked whether it is a thenable)
  return result !== undefined && isThenable(result) ? Promise.resolve(result) : undefined
}

function callBeforeHook(
  step: HookStep,
  exchange: Exchange,
  hookInput: Record<string, unknown>,
  failures: Failures | undefined,
): unknown {
  if (failures) throw badRequest(failures)
  return callHook(step, 'before', exchange, hookInput)
}

/**
 * The hook's method called with `argument` on its level's instance, its `this.respond()` its
 * renderer's; fw-api/otel, when imported: a hook that takes long is a child span (request/telemetry.ts).
 */
function callHook(
  { hook, renderer, label }: HookStep,
  kind: 'before' | 'after',
  exchange: Exchange,
  argument: unknown,
): unknown {
  exchange.context.responder = renderer.result
  const observer = telemetryHost.telemetry
  const startedAt = observer ? performance.now() : 0
  const called = hook.method.call(exchange.at(hook.level), argument)
  return observer ? timedHook(observer, kind, label, startedAt, called) : called
}

/**
 * An `@api.after` hook on the answer: a value it returns replaces the answer
 * (rendered with its own template); nothing keeps it, unless the hook read
 * its body (a 500 then: nobody could read it). What it throws is rendered by
 * the endpoint's `fallback` renderer. The step is `afterHook` over the hook and `fallback`,
 * bound once (no closure made at build: "go to definition" lands on each function).
 *
 * @example
 * outside.push(afterHookStep(hook, renderer))
 */
export function afterHookStep(hook: HookStep, fallback: Renderer): Step<Exchange> {
  return afterHook.bind(undefined, hook, fallback)
}

/** The rest, then the `@api.after` hook on its answer. */
function afterHook(
  hook: HookStep,
  fallback: Renderer,
  next: Handler<Exchange>,
  exchange: Exchange,
): Answer {
  return whenAnswered(next(exchange), (response) =>
    runAfterHook(hook, fallback, exchange, response),
  )
}

function runAfterHook(
  step: HookStep,
  fallback: Renderer,
  exchange: Exchange,
  response: Response,
): Answer {
  try {
    const replaced = callHook(step, 'after', exchange, response)
    if (isThenable(replaced))
      return Promise.resolve(replaced).then(
        (value) => settleAfterHook(step, fallback, response, value),
        fallback.error,
      )
    return settleAfterHook(step, fallback, response, replaced)
  } catch (error) {
    return fallback.error(error)
  }
}

/** The hook's value answers (its own template); none: the answer, unless the hook read its body. */
function settleAfterHook(
  { renderer, label }: HookStep,
  fallback: Renderer,
  response: Response,
  value: unknown,
): Response {
  if (value !== undefined) return renderer.result(value)
  if (!response.bodyUsed && !response.body?.locked) return response
  return fallback.error(
    new InternalServerError(
      `${label}: the @api.after hook read the response body and returned nothing; return the Response (or a new one, or a value) to answer with`,
    ),
  )
}

/**
 * An `@api.handle` hook, what an endpoint's error boundary (`EndpointChain.answer`) and a class's
 * misses (compile/misses.ts) hand an error to:
 * an error it takes (its error classes, or any) is answered by its return value, rendered with
 * its own template; one it does not take, or what it throws, goes on outwards.
 * `recoverWithHook` over the hook, bound once.
 *
 * @example
 * const recovers = plan.errorHooks.map(errorHookRecover)
 */
export function errorHookRecover(hook: HookStep): Recover<Exchange> {
  return recoverWithHook.bind(undefined, hook)
}

/** An error the `@api.handle` hook takes: its value, rendered with its own template; else the error, on outwards. */
function recoverWithHook({ hook, renderer }: HookStep, error: unknown, exchange: Exchange): Answer {
  const errors = hook.decl.errors ?? []
  if (errors.length && !errors.some((cls) => error instanceof cls)) throw error
  exchange.context.responder = renderer.result
  const value = hook.method.call(exchange.at(hook.level), error)
  return isThenable(value) ? Promise.resolve(value).then(renderer.result) : renderer.result(value)
}
