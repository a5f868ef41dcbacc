import { InternalServerError } from '../exceptions'
import type { Renderer } from '../response/render'
import { telemetryHost, timedHook } from '../request/telemetry'
import { isThenable } from '../utils/thenable'
import { rescued, whenAnswered, type Answer, type Step } from './compose'
import type { Exchange } from './exchange'
import { badRequest, extract, type Failures } from './extract'
import type { ResolvedHook } from './hooks'
import type { ParamPlan } from './params'

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
 * An `@api.before` hook (`EndpointCore`, compile/pipeline.ts, runs them in order): its own params
 * (a 400 when they fail), then the hook. Answers a promise when the core has to wait for it
 * (its value is not used), else `undefined`.
 */
export function runBeforeHook(step: HookStep, exchange: Exchange): Promise<unknown> | undefined {
  const hookInput: Record<string, unknown> = { ...exchange.input }
  const failures = step.params.length
    ? extract(step.params, exchange, hookInput, exchange.common)
    : undefined
  // An asynchronous schema check (a Standard Schema library's): the same, once it settles.
  if (isThenable(failures))
    return Promise.resolve(failures).then((found) =>
      callBeforeHook(step, exchange, hookInput, found),
    )
  const result = callBeforeHook(step, exchange, hookInput, failures)
  return isThenable(result) ? Promise.resolve(result) : undefined
}

function callBeforeHook(
  { hook, renderer, label }: HookStep,
  exchange: Exchange,
  hookInput: Record<string, unknown>,
  failures: Failures | undefined,
): unknown {
  if (failures) throw badRequest(failures)
  exchange.context.responder = renderer.result
  // fw-api/otel, when imported: a hook that takes long is a child span (request/telemetry.ts)
  const observer = telemetryHost.telemetry
  if (observer === undefined) return hook.method.call(exchange.at(hook.level), hookInput)
  const startedAt = performance.now()
  return timedHook(
    observer,
    'before',
    label,
    startedAt,
    hook.method.call(exchange.at(hook.level), hookInput),
  )
}

/**
 * An `@api.after` hook on the answer: a value it returns replaces the answer
 * (rendered with its own template); nothing keeps it, unless the hook read
 * its body (a 500 then: nobody could read it). What it throws is rendered by
 * the endpoint's `fallback` renderer.
 */
export function afterHookStep(
  { hook, renderer: own, label }: HookStep,
  fallback: Renderer,
): Step<Exchange> {
  const failed = (error: unknown): Response => fallback.error(error)
  const consumed = () =>
    new InternalServerError(
      `${label}: the @api.after hook read the response body and returned nothing; return the Response (or a new one, or a value) to answer with`,
    )
  const settle = (response: Response, value: unknown): Response => {
    if (value !== undefined) return own.result(value)
    return response.bodyUsed || response.body?.locked ? fallback.error(consumed()) : response
  }
  const run = (exchange: Exchange, response: Response): Answer => {
    try {
      exchange.context.responder = own.result
      const observer = telemetryHost.telemetry
      const startedAt = observer ? performance.now() : 0
      const called = hook.method.call(exchange.at(hook.level), response)
      const replaced = observer ? timedHook(observer, 'after', label, startedAt, called) : called
      if (isThenable(replaced))
        return Promise.resolve(replaced).then((value) => settle(response, value), failed)
      return settle(response, replaced)
    } catch (error) {
      return failed(error)
    }
  }
  return function afterHook(exchange, next) {
    return whenAnswered(next(exchange), (response) => run(exchange, response))
  }
}

/**
 * An `@api.handle` hook: an error from further in that it takes (its error
 * classes, or any) is answered by its return value, rendered with its own
 * template; one it does not take, or what it throws, goes on outwards.
 */
export function errorHookStep({ hook, renderer }: HookStep): Step<Exchange> {
  const errors = hook.decl.errors ?? []
  const recover = (error: unknown, exchange: Exchange): Answer => {
    if (errors.length && !errors.some((cls) => error instanceof cls)) throw error
    exchange.context.responder = renderer.result
    const value = hook.method.call(exchange.at(hook.level), error)
    return isThenable(value) ? Promise.resolve(value).then(renderer.result) : renderer.result(value)
  }
  return function handleHook(exchange, next) {
    return rescued(exchange, next, recover)
  }
}
