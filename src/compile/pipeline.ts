import type { API } from '../api/api'
import type { Plugin } from '../api/plugin'
import type { BodyPlan } from '../body'
import { InternalServerError } from '../exceptions'
import { withSetCookies, type RequestContext } from '../request/context'
import type { MarkerSpec } from '../request/markers'
import { outgoingResponse } from '../response/framing'
import { resolveAll } from './resolve'
import type { Renderer } from '../response/render'
import { isThenable } from '../utils/thenable'
import { compileDirect } from './direct'
import { Exchange, type LevelMaker } from './exchange'
import { badRequest, extract, readEndpointBody, tooManyQuery, type Failures } from './extract'
import type { ResolvedHook } from './hooks'
import type { CompileOptions } from './options'
import type { ParamPlan } from './params'

/**
 * One endpoint compiled into one list of steps (docs/architecture.md, "The
 * endpoint pipeline"): class plugins' `processRequest`, the query limit, the
 * `resolve` params (fw-api/auth users: a 401 before the body is read), the
 * body, params, before hooks, the method; then after hooks and plugins'
 * `processResponse`. A step returns nothing, or a promise when it has to wait;
 * the steps run synchronously until one waits, so an endpoint with nothing
 * asynchronous answers without a promise hop. Errors go to `recover`: error
 * hooks and plugins' `handleError` when there are any, else the endpoint's
 * rendering, without waiting.
 */
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

/** Everything an endpoint's pipeline is built from. */
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
  handle: readonly HookStep[]
  /** class plugins, outermost first */
  plugins: readonly Plugin[]
  /** every plugin with `handleError`, innermost first (class, then service) */
  errorPlugins: readonly Plugin[]
  options: CompileOptions
}

/**
 * One step: `run` returns nothing, or a thenable to wait for; `settle` (when
 * given) takes what it resolved to. One promise hop per waiting step.
 */
interface Step {
  run: (x: Exchange) => unknown
  settle: ((x: Exchange, value: unknown) => void) | undefined
}

const step = (run: Step['run'], settle?: Step['settle']): Step => ({ run, settle })

/** A plugin step's `Response` (framed, response/framing.ts; `passed` as it is), or undefined. */
function settled(result: unknown, use: (response: Response) => void, passed?: Response): unknown {
  if (isThenable(result)) return Promise.resolve(result).then((value) => settled(value, use, passed))
  const response = result === passed ? passed : outgoingResponse(result)
  if (response) use(response)
  return undefined
}

/** A class plugin's answer, instead of the endpoint's. */
function answer(x: Exchange, response: Response): void {
  x.response = response
  x.bypassed = true
}

function buildSteps(p: PipelinePlan): Step[] {
  const { renderer, options, plugins } = p
  const trivial = p.handle.length === 0 && p.errorPlugins.length === 0
  const steps: Step[] = []
  plugins.forEach((plugin) => {
    if (!plugin.processRequest) return void steps.push(step((x) => void x.entered++))
    // A plugin that throws is answered by the endpoint's error rendering (not by error hooks).
    const fail = (x: Exchange) => (error: unknown) => answer(x, renderer.error(error))
    steps.push(step((x) => {
      x.entered++
      try {
        const pending = settled(plugin.processRequest?.(x.rc.raw, x.rc), (response) => answer(x, response))
        return isThenable(pending) ? Promise.resolve(pending).then(undefined, fail(x)) : undefined
      } catch (error) {
        return fail(x)(error)
      }
    }))
  })
  if (p.readsQuery) {
    steps.push(step((x) => {
      const tooMany = tooManyQuery(x.rc, options.limits)
      if (tooMany) throw tooMany
    }))
  }
  if (p.resolvers.length) {
    const resolvers = p.resolvers
    steps.push(step((x) => resolveAll(x.rc, resolvers, 0)))
  }
  const bodies = p.bodies
  if (bodies) {
    steps.push(step(
      (x) => readEndpointBody(x.rc, bodies, options.limits),
      (x, body) => void (x.rc.body = body),
    ))
  }
  const params = p.params
  // Nothing can intercept the 400: render it without building an Error. (A promise: an async schema check.)
  const refuse = (x: Exchange, failures: unknown): void => {
    if (failures && trivial) x.response = renderer.invalid((failures as Failures).message, (failures as Failures).issues)
    else if (failures) throw badRequest(failures as Failures)
  }
  steps.push(step((x) => ((failures) => (isThenable(failures) ? failures : refuse(x, failures)))(extract(params, x.rc, x.input, x.common)), refuse))
  for (const { hook, renderer: own, params: hookParams } of p.before) {
    steps.push(step((x) => {
      const hookInput: Record<string, unknown> = { ...x.input }
      const call = (failures: Failures | undefined): unknown => {
        if (failures) throw badRequest(failures)
        x.rc.responder = own.result
        return hook.method.call(x.at(hook.level), hookInput)
      }
      const failures = hookParams.length ? extract(hookParams, x.rc, hookInput, x.common) : undefined
      return isThenable(failures) ? Promise.resolve(failures).then(call) : call(failures)
    }))
  }
  const last = p.levels.length - 1
  const method = p.method
  const render = (x: Exchange, value: unknown): void => void (x.response = renderer.result(value))
  steps.push(step((x) => {
    x.rc.responder = renderer.result
    const result = method.call(x.at(last), x.input)
    if (isThenable(result)) return result
    x.response = renderer.result(result)
    return undefined
  }, render))
  return steps
}

/** Error hooks nearest first, then plugins' `handleError` (class, then service), then the default rendering. */
async function recoverAsync(p: PipelinePlan, error: unknown, x: Exchange): Promise<Response> {
  let current = error
  for (const { hook, renderer } of p.handle) {
    const errors = hook.decl.errors ?? []
    if (errors.length && !errors.some((cls) => current instanceof cls)) continue
    try {
      x.rc.responder = renderer.result
      return renderer.result(await hook.method.call(x.at(hook.level), current))
    } catch (next) {
      current = next // a failing error hook hands its error on to the outer ones
    }
  }
  for (const plugin of p.errorPlugins) {
    try {
      const replaced = outgoingResponse(await plugin.handleError?.(current, x.rc))
      if (replaced) return replaced
    } catch (next) {
      current = next
    }
  }
  return p.renderer.error(current)
}

/** After hooks (nearest first), then class plugins' `processResponse` (innermost first); each may replace the response. */
function finishSteps(p: PipelinePlan): ((x: Exchange) => unknown)[] {
  const { renderer, plugins } = p
  const steps: ((x: Exchange) => unknown)[] = []
  for (const { hook, renderer: own, label } of p.after) {
    const fail = (x: Exchange) => (error: unknown) => void (x.response = renderer.error(error))
    // An after hook that read (or locked) the body and returned nothing would send a Response nobody can read.
    const consumed = () => new InternalServerError(`${label}: the @api.after hook read the response body and returned nothing; return the Response (or a new one, or a value) to answer with`)
    steps.push((x) => {
      if (x.bypassed) return undefined
      try {
        x.rc.responder = own.result
        const replaced = hook.method.call(x.at(hook.level), x.response)
        const use = (value: unknown): void => {
          const response = x.response as Response
          if (value !== undefined) x.response = own.result(value)
          else if (response.bodyUsed || response.body?.locked) x.response = renderer.error(consumed())
        }
        if (isThenable(replaced)) return Promise.resolve(replaced).then(use, fail(x))
        return use(replaced)
      } catch (error) {
        return fail(x)(error)
      }
    })
  }
  for (let index = plugins.length - 1; index >= 0; index--) {
    const plugin = plugins[index] as Plugin
    if (!plugin.processResponse) continue
    const fail = (x: Exchange) => (error: unknown) => void (x.response = renderer.error(error))
    steps.push((x) => {
      if (index >= x.entered) return undefined
      try {
        const given = x.response as Response
        const pending = settled(plugin.processResponse?.(given, x.rc), (response) => (x.response = response), given)
        return isThenable(pending) ? Promise.resolve(pending).then(undefined, fail(x)) : undefined
      } catch (error) {
        return fail(x)(error)
      }
    })
  }
  return steps
}

/** Run `steps` in order (each may await); they never throw. */
function runAll(steps: readonly ((x: Exchange) => unknown)[], x: Exchange, from: number): Response | Promise<Response> {
  for (let i = from; i < steps.length; i++) {
    const pending = (steps[i] as (x: Exchange) => unknown)(x)
    if (isThenable(pending)) return Promise.resolve(pending).then(() => runAll(steps, x, i + 1))
  }
  return x.response as Response
}

/**
 * Compile an endpoint's pipeline: `handle(rc)` never throws, and is
 * synchronous when no step waits.
 */
export function compilePipeline(p: PipelinePlan): (rc: RequestContext) => Response | Promise<Response> {
  const trivial = p.handle.length === 0 && p.errorPlugins.length === 0
  // One class instance on the route, made up front (the common params land on it directly).
  const single = p.handle.length + p.before.length + p.after.length + p.plugins.length === 0
  const make = (p.levels[p.levels.length - 1] as LevelMaker).make
  // Nothing around the endpoint: the same steps, written straight (compile/direct.ts).
  if (single && trivial && !p.resolvers.length) return compileDirect(p, make)
  const steps = buildSteps(p)
  const finish = finishSteps(p)
  const renderer = p.renderer
  const recover = trivial ? (error: unknown): Response => renderer.error(error) : (error: unknown, x: Exchange) => recoverAsync(p, error, x)
  const done = (x: Exchange): Response | Promise<Response> => {
    // cookies set while handling (a session login): on the endpoint's answer, before after hooks see it
    if (x.rc.setCookies !== undefined) x.response = withSetCookies(x.rc, x.response as Response)
    return finish.length ? runAll(finish, x, 0) : (x.response as Response)
  }
  const rescue = (x: Exchange, error: unknown): Response | Promise<Response> => {
    const recovered = recover(error, x)
    if (recovered instanceof Response) {
      x.response = recovered
      return done(x)
    }
    return recovered.then((response) => {
      x.response = response
      return done(x)
    })
  }
  // Hooks and class plugins are declared asynchronous work: their endpoints always answer
  // with a promise (tests/spec/sync-path.test.ts); everything else answers synchronously when it can.
  const hooked = !single
  const handle = (rc: RequestContext): Response | Promise<Response> => {
    let x: Exchange
    if (single) {
      const instance = make()
      instance.request = rc
      x = new Exchange(rc, p.levels, instance as unknown as Record<string, unknown>, true)
    } else x = new Exchange(rc, p.levels, {}, false)
    return advance(x, 0)
  }
  /** Run the steps from `from` until one sets the response; a step that returns a thenable is awaited (one hop). */
  const advance = (x: Exchange, from: number): Response | Promise<Response> => {
    try {
      for (let i = from; i < steps.length && x.response === undefined; i++) {
        const current = steps[i] as Step
        const pending = current.run(x)
        if (pending !== undefined && isThenable(pending)) {
          const next = i + 1
          return Promise.resolve(pending).then(
            (value) => {
              current.settle?.(x, value)
              return advance(x, next)
            },
            (error: unknown) => rescue(x, error),
          )
        }
      }
    } catch (error) {
      return rescue(x, error)
    }
    return done(x)
  }
  if (!hooked) return handle
  return (rc) => {
    const response = handle(rc)
    return response instanceof Response ? Promise.resolve(response) : response
  }
}
