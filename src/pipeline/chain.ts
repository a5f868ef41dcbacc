import type { BaseAPI } from '../api/api'
import type { Plugin } from '../api/plugin'
import type { BodyPlan } from '../body'
import { bodySupport, type EndpointBody } from '../body/support'
import { GatewayTimeout } from '../exceptions'
import { withSetCookies, type RequestContext } from '../request/context'
import type { MarkerSpec } from '../request/markers'
import { telemetryHost } from '../request/telemetry'
import type { Renderer } from '../response/render'
import { deadline } from '../utils/deadline'
import { isThenable } from '../utils/thenable'
import { compose, type Answer, type Handler, type Recover, type Step } from './compose'
import { contextOfExchange, Exchange, type LevelMaker } from './exchange'
import { badRequest, extract, tooManyQuery, type Failures } from './extract'
import { afterHookStep, errorHookRecover, runBeforeHook, type HookStep } from './hook-steps'
import type { CompileOptions, ParamPlan, ResolveAll } from './plans'
import { errorPluginRecover, pluginSteps } from './plugin-steps'

/** Everything an endpoint's chain of steps is built from. */
export interface PipelinePlan {
  levels: readonly LevelMaker[]
  method: (this: BaseAPI, input: Record<string, unknown>) => unknown
  renderer: Renderer
  params: readonly ParamPlan[]
  readsQuery: boolean
  /** the `resolve` params of the endpoint and its before hooks (compile/params.ts), resolved before the body */
  resolvers: readonly MarkerSpec[]
  /** the step that resolves them (pipeline/resolve.ts), brought by their planner; none without one */
  resolveAll: ResolveAll | undefined
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
  /** the endpoint's deadline (ms); `false` or none: no deadline */
  timeout: number | false | undefined
  /** `Class.method()`, as the timeout's 504 names it */
  label: string
  options: CompileOptions
}

/**
 * Cancel the body of an answer nobody will send (it came after the deadline; a HEAD's): a stream
 * is closed, not left running (an SSE iterator).
 *
 * @example
 * cancelBody(response) // then send its status and headers alone
 */
export function cancelBody(response: Response): void {
  response.body?.cancel().catch(ignore)
}
const ignore = (): void => {}

/**
 * An endpoint's chain of steps, compiled once (compile/endpoint.ts adds what docs generators
 * read). The whole order, outermost first (docs/architecture.md, "A request, end to end"): the
 * deadline (`handle`, not a step); class plugins; after hooks (nearest innermost), composed once
 * (pipeline/compose.ts); the error boundary (`answer`); error plugins, error hooks (nearest
 * innermost); then `run`: the query limit, `resolve` params, body, params, before hooks (outer
 * class first), the method, each a method calling the next; a step that has to wait continues
 * in a `then`. Nothing declared, no step: `handle` calls `answer` straight. Nothing waits
 * unless a step does: an endpoint with nothing asynchronous answers with a `Response`.
 */
export class EndpointChain {
  readonly #plan: PipelinePlan
  /** the declared steps outside the error boundary composed around `answer`, if any */
  readonly #outside: Handler<Exchange> | undefined
  /** the declared error hooks and plugins an error from `run` is handed to, innermost first */
  readonly #recovers: readonly Recover<Exchange>[]
  readonly #levels: readonly LevelMaker[]
  /** the endpoint's class, as `Exchange.at` counts it */
  readonly #level: number
  /** no query, `resolve` params, body, params or before hooks: `run` is the method call (an E0 ping) */
  readonly #methodOnly: boolean
  /** the endpoint's body read (body/support.ts), made at build when the endpoint reads a body */
  readonly #body: EndpointBody | undefined
  /** declared asynchronous work (hooks): the answer is always a promise, decided at build */
  readonly #promised: boolean
  /** no hooks or class plugins: only the endpoint's class instance is read (see `Exchange`'s constructor) */
  readonly #endpointInstanceOnly: boolean
  /** the endpoint's deadline (ms), 0 for none */
  readonly #deadlineMs: number

  constructor(plan: PipelinePlan) {
    const { renderer } = plan
    const outside: Step<Exchange>[] = pluginSteps(plan.plugins, renderer, contextOfExchange)
    for (const hook of [...plan.after].reverse()) outside.push(afterHookStep(hook, renderer))
    this.#plan = plan
    this.#outside = outside.length
      ? compose(outside, (exchange) => this.answer(exchange))
      : undefined
    this.#recovers = [
      ...plan.errorHooks.map(errorHookRecover),
      ...plan.errorPlugins.map((plugin) => errorPluginRecover(plugin, contextOfExchange)),
    ]
    this.#levels = plan.levels
    this.#level = plan.levels.length - 1
    this.#body = plan.bodies
      ? bodySupport().endpointBody(plan.bodies, plan.options.limits)
      : undefined
    this.#methodOnly =
      !plan.readsQuery &&
      !plan.resolveAll &&
      !plan.bodies &&
      !plan.params.length &&
      !plan.before.length
    // Hooks are declared asynchronous work: their endpoints always answer with a promise. Plugins
    // wait only when a step of theirs does (tests/spec/sync-path.test.ts).
    this.#promised = plan.before.length + plan.after.length + plan.errorHooks.length > 0
    this.#endpointInstanceOnly = !this.#promised && !plan.plugins.length
    this.#deadlineMs = plan.timeout || 0
  }

  /**
   * Answer a matched request. Never throws; synchronous when nothing asynchronous is declared
   * and the method returns no promise. An answer still pending is held to the endpoint's deadline.
   */
  handle(context: RequestContext, pathValues: readonly (string | undefined)[]): Answer {
    const exchange = new Exchange(context, pathValues, this.#levels, this.#endpointInstanceOnly)
    const reached = this.#outside ? this.#outside(exchange) : this.answer(exchange)
    const answer = this.#promised ? Promise.resolve(reached) : reached
    return this.#deadlineMs && answer instanceof Promise
      ? this.#withDeadline(answer, context)
      : answer
  }

  /**
   * The endpoint's deadline, outermost of its steps: when its answer (a handler, hook, body read
   * or schema check still running) has not settled within the deadline, a 504 rendered by the
   * endpoint's template, and the request's `signal` aborts. An answer that comes later is
   * dropped, its body cancelled. A stream is exempt once its `Response` is there (its headers are
   * sent then). A synchronous answer arms no timer.
   */
  #withDeadline(answer: Promise<Response>, context: RequestContext): Promise<Response> {
    const ms = this.#deadlineMs
    return deadline(answer, ms, () => {
      const late = new GatewayTimeout(`${this.#plan.label} did not answer within ${ms} ms`)
      context.expire(late)
      answer.then(cancelBody, ignore)
      return this.#plan.renderer.error(late)
    })
  }

  /**
   * The error boundary: what anything further in throws or rejects with is handed to the error
   * hooks and plugins (innermost first; what one throws goes on to the next), else the
   * endpoint's error rendering; cookies set while handling (a session login) go on the answer,
   * before after hooks see it.
   */
  answer(exchange: Exchange): Answer {
    return this.#attempt(exchange, -1, undefined)
  }

  /** `run` (`at` -1), else the recover at `at` with `error`, else (past the last) the renderer's answer to it; what throws goes one further. */
  #attempt(exchange: Exchange, at: number, error: unknown): Answer {
    const { context } = exchange
    const recovers = this.#recovers
    if (at === recovers.length) return withSetCookies(context, this.#plan.renderer.error(error))
    let answer: Answer
    try {
      answer = at < 0 ? this.run(exchange) : (recovers[at] as Recover<Exchange>)(error, exchange)
    } catch (thrown) {
      return this.#attempt(exchange, at + 1, thrown)
    }
    if (!(answer instanceof Promise)) return withSetCookies(context, answer)
    return answer.then(
      (response) => withSetCookies(context, response),
      (thrown: unknown) => this.#attempt(exchange, at + 1, thrown),
    )
  }

  /** Too many query params is a 400 before anything reads them; then the `resolve` params (fw-api/auth users: a 401 before the body is read). */
  run(exchange: Exchange): Answer {
    if (this.#methodOnly) return this.#callMethod(exchange)
    const plan = this.#plan
    if (plan.readsQuery) {
      const tooMany = tooManyQuery(exchange.context, plan.options.limits)
      if (tooMany) throw tooMany
    }
    if (plan.resolveAll) {
      const pending = plan.resolveAll(exchange.context, plan.resolvers, 0)
      if (pending) return pending.then(() => this.#readBody(exchange))
    }
    return this.#readBody(exchange)
  }

  /** The body, read once with the limits, before params. */
  #readBody(exchange: Exchange): Answer {
    const body = this.#body
    if (!body) return this.#params(exchange)
    return body.read(exchange).then((read) => {
      exchange.body = read
      return this.#params(exchange)
    })
  }

  /** Every param of the endpoint (an asynchronous schema check, a Standard Schema library's: once it settles). */
  #params(exchange: Exchange): Answer {
    if (!this.#plan.params.length) return this.#beforeHooks(exchange, 0)
    const failures = extract(this.#plan.params, exchange, exchange.input, exchange.common)
    if (failures instanceof Promise) return failures.then((found) => this.#checked(exchange, found))
    return this.#checked(exchange, failures)
  }

  /** Params failed: a 400, rendered straight when nothing can intercept it, else thrown for the error hooks and plugins. */
  #checked(exchange: Exchange, failures: Failures | undefined): Answer {
    if (!failures) return this.#beforeHooks(exchange, 0)
    // an error hook or plugin may intercept it: thrown to them (else no `Error` built)
    if (this.#recovers.length) throw badRequest(failures)
    return this.#plan.renderer.invalid(failures.message, failures.issues)
  }

  /** The before hooks from `from` on, outer class first, each with its own params; then the method. */
  #beforeHooks(exchange: Exchange, from: number): Answer {
    const hooks = this.#plan.before
    for (let index = from; index < hooks.length; index++) {
      const waiting = runBeforeHook(hooks[index] as HookStep, exchange)
      if (waiting) return waiting.then(() => this.#beforeHooks(exchange, index + 1))
    }
    return this.#callMethod(exchange)
  }

  /** The endpoint's method on its class instance, its value rendered by the endpoint's template. */
  #callMethod(exchange: Exchange): Answer {
    const rendered = this.#plan.renderer.result
    exchange.context.responder = rendered
    // fw-api/otel, when imported: the method and its rendering are timed (request/telemetry.ts)
    const observer = telemetryHost.telemetry
    if (observer !== undefined)
      return observer.method(
        () => this.#plan.method.call(exchange.at(this.#level), exchange.input),
        rendered,
      )
    const result = this.#plan.method.call(exchange.at(this.#level), exchange.input)
    return result instanceof Promise || isThenable(result)
      ? Promise.resolve(result).then(rendered)
      : rendered(result)
  }
}
