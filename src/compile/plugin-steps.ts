import { AROUND, type Plugin, type PluginResult } from '../api/plugin'
import type { RequestContext } from '../request/context'
import { outgoingResponse } from '../utils/http'
import type { Renderer } from '../response/render'
import { telemetryHost, timedHook } from '../request/telemetry'
import { isThenable } from '../utils/thenable'
import { rescued, type Answer, type Handler, type Step } from './compose'

/**
 * A plugin's `Response` (of any realm, framed by its bytes:
 * utils/http.ts; `passed`, the one it was given, as it is), or
 * undefined to carry on.
 */
function pluginResponse(value: unknown, passed?: Response): Response | undefined {
  return value === passed ? passed : outgoingResponse(value)
}

/**
 * The step of one plugin, a service's (around routing) or a class's (around
 * its endpoints): `processRequest` (a `Response` answers instead of `next`),
 * then `processResponse` on the answer (a `Response` replaces it). A plugin
 * that throws, or a `next` that does, is answered by `renderer`'s error
 * rendering, never by a crash. `contextOf` finds the request's context in
 * the chain's state. A plugin with neither step needs no step: `undefined`.
 *
 * @example
 * compose(plugins.map((plugin) => pluginStep(plugin, root, (context) => context)).filter(Boolean), route)
 */
export function pluginStep<State>(
  plugin: Plugin,
  renderer: Renderer,
  contextOf: (state: State) => RequestContext,
): Step<State> | undefined {
  const scope = plugin[AROUND]
  const step = pluginStepOf(plugin, renderer, contextOf)
  if (!scope) return step
  // the scope goes around the plugin's own steps and the rest (a throw is rendered, as theirs)
  return function pluginScope(state, next) {
    try {
      return scope(contextOf(state), () => (step ? step(state, next) : next(state)))
    } catch (error) {
      return renderer.error(error)
    }
  }
}

function pluginStepOf<State>(
  plugin: Plugin,
  renderer: Renderer,
  contextOf: (state: State) => RequestContext,
): Step<State> | undefined {
  if (!plugin.processRequest && !plugin.processResponse) return undefined
  const failed = (error: unknown): Response => renderer.error(error)
  const requestLabel = `${plugin.constructor.name}.processRequest()`
  const responseLabel = `${plugin.constructor.name}.processResponse()`

  /** `processRequest`, then `next` unless it answered. */
  const enter = (state: State, next: Handler<State>): Answer => {
    if (!plugin.processRequest) return next(state)
    const context = contextOf(state)
    // fw-api/otel, when imported: a step that takes long is a child span (request/telemetry.ts)
    const observer = telemetryHost.telemetry
    const startedAt = observer ? performance.now() : 0
    const called: PluginResult = plugin.processRequest(context.raw, context)
    const early = observer ? timedHook(observer, 'plugin', requestLabel, startedAt, called) : called
    if (isThenable(early))
      return Promise.resolve(early).then((value) => pluginResponse(value) ?? next(state))
    return pluginResponse(early) ?? next(state)
  }

  /** `processResponse` on the answer: its `Response` replaces it. */
  const leave = (state: State, response: Response): Answer => {
    try {
      const observer = telemetryHost.telemetry
      const startedAt = observer ? performance.now() : 0
      const called: PluginResult = plugin.processResponse?.(response, contextOf(state))
      const replaced = observer
        ? timedHook(observer, 'plugin', responseLabel, startedAt, called)
        : called
      if (isThenable(replaced))
        return Promise.resolve(replaced).then(
          (value) => pluginResponse(value, response) ?? response,
          failed,
        )
      return pluginResponse(replaced, response) ?? response
    } catch (error) {
      return failed(error)
    }
  }

  return function pluginAround(state, next) {
    let answer: Answer
    try {
      answer = enter(state, next)
    } catch (error) {
      answer = failed(error)
    }
    if (!(answer instanceof Promise)) return plugin.processResponse ? leave(state, answer) : answer
    const settled = answer.then(undefined, failed)
    if (!plugin.processResponse) return settled
    return settled.then((response) => leave(state, response))
  }
}

/**
 * The request's context in a service plugin's chain: its state is the context itself (an
 * endpoint's chain finds it in its `Exchange`: `contextOfExchange`).
 *
 * @example pluginSteps(plugins, root, itself)
 */
export const itself = (context: RequestContext): RequestContext => context

/** The steps of `plugins` (outermost first), those with a request or response step. */
export function pluginSteps<State>(
  plugins: readonly Plugin[],
  renderer: Renderer,
  contextOf: (state: State) => RequestContext,
): Step<State>[] {
  const steps: Step<State>[] = []
  for (const plugin of plugins) {
    const step = pluginStep(plugin, renderer, contextOf)
    if (step) steps.push(step)
  }
  return steps
}

/**
 * The step of a plugin's `handleError` inside an endpoint's error boundary:
 * an error from further in is handed to it; its `Response` answers, anything
 * else hands the error on (what it throws replaces the error).
 */
export function errorPluginStep<State>(
  plugin: Plugin,
  contextOf: (state: State) => RequestContext,
): Step<State> {
  const recover = (error: unknown, state: State): Answer => {
    const value: PluginResult = plugin.handleError?.(error, contextOf(state))
    if (isThenable(value)) {
      return Promise.resolve(value).then((settled) => {
        const response = pluginResponse(settled)
        if (response) return response
        throw error
      })
    }
    const response = pluginResponse(value)
    if (response) return response
    throw error
  }
  return function pluginHandleError(state, next) {
    return rescued(state, next, recover)
  }
}
