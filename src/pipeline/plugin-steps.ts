import { AROUND, type Plugin, type PluginResult } from '../api/plugin'
import type { RequestContext } from '../request/context'
import { outgoingResponse } from '../utils/http'
import type { Renderer } from '../response/render'
import { telemetryHost, timedHook } from '../request/telemetry'
import { isThenable } from '../utils/thenable'
import type { Answer, Handler, Recover, Step } from './compose'

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
 * The step is `pluginAround` (`pluginScope` for fw's AROUND) over the plugin, bound once (no
 * closure made at build: "go to definition" lands on each function).
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
  if (scope) return (pluginScope<State>).bind(undefined, scope, plugin, renderer, contextOf)
  if (!plugin.processRequest && !plugin.processResponse) return undefined
  return (pluginAround<State>).bind(undefined, plugin, renderer, contextOf)
}

/** fw's own scope around the rest of a request (`Plugin[AROUND]`). */
type PluginScope = NonNullable<Plugin[typeof AROUND]>

/** fw's own scope of a plugin (AROUND) around its steps, if any, and the rest (a throw is rendered, as theirs). */
function pluginScope<State>(
  scope: PluginScope,
  plugin: Plugin,
  renderer: Renderer,
  contextOf: (state: State) => RequestContext,
  next: Handler<State>,
  state: State,
): Answer {
  try {
    return scope(contextOf(state), () =>
      plugin.processRequest || plugin.processResponse
        ? pluginAround(plugin, renderer, contextOf, next, state)
        : next(state),
    )
  } catch (error) {
    return renderer.error(error)
  }
}

/** A plugin's `enterPlugin`, then `leavePlugin` on the answer; what either throws is rendered. */
function pluginAround<State>(
  plugin: Plugin,
  renderer: Renderer,
  contextOf: (state: State) => RequestContext,
  next: Handler<State>,
  state: State,
): Answer {
  const answer = enterPlugin(plugin, renderer, contextOf, next, state)
  if (!(answer instanceof Promise))
    return plugin.processResponse ? leavePlugin(plugin, renderer, contextOf, state, answer) : answer
  const settled = answer.then(undefined, renderer.error)
  if (!plugin.processResponse) return settled
  return settled.then((response) => leavePlugin(plugin, renderer, contextOf, state, response))
}

/** `processRequest`, then `next` unless it answered; what either throws synchronously is rendered. */
function enterPlugin<State>(
  plugin: Plugin,
  renderer: Renderer,
  contextOf: (state: State) => RequestContext,
  next: Handler<State>,
  state: State,
): Answer {
  try {
    if (!plugin.processRequest) return next(state)
    const context = contextOf(state)
    // fw-api/otel, when imported: a step that takes long is a child span (request/telemetry.ts)
    const observer = telemetryHost.telemetry
    const startedAt = observer ? performance.now() : 0
    const called: PluginResult = plugin.processRequest(context.raw, context)
    const early = observer
      ? timedHook(
          observer,
          'plugin',
          `${plugin.constructor.name}.processRequest()`,
          startedAt,
          called,
        )
      : called
    if (isThenable(early))
      return Promise.resolve(early).then((value) => pluginResponse(value) ?? next(state))
    return pluginResponse(early) ?? next(state)
  } catch (error) {
    return renderer.error(error)
  }
}

/** `processResponse` on the answer: its `Response` replaces it. */
function leavePlugin<State>(
  plugin: Plugin,
  renderer: Renderer,
  contextOf: (state: State) => RequestContext,
  state: State,
  response: Response,
): Answer {
  try {
    const observer = telemetryHost.telemetry
    const startedAt = observer ? performance.now() : 0
    const called: PluginResult = plugin.processResponse?.(response, contextOf(state))
    const replaced = observer
      ? timedHook(
          observer,
          'plugin',
          `${plugin.constructor.name}.processResponse()`,
          startedAt,
          called,
        )
      : called
    if (isThenable(replaced))
      return Promise.resolve(replaced).then(
        (value) => pluginResponse(value, response) ?? response,
        renderer.error,
      )
    return pluginResponse(replaced, response) ?? response
  } catch (error) {
    return renderer.error(error)
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
  return plugins.flatMap((plugin) => pluginStep(plugin, renderer, contextOf) ?? [])
}

/**
 * A plugin's `handleError`, what an endpoint's error boundary (`EndpointChain.answer`) and a
 * class's misses (compile/misses.ts) hand an error to:
 * its `Response` answers, anything else hands the error on (what it throws replaces the error).
 * `recoverWithPlugin` over the plugin, bound once.
 *
 * @example
 * recovers.push(errorPluginRecover(plugin, contextOfExchange))
 */
export function errorPluginRecover<State>(
  plugin: Plugin,
  contextOf: (state: State) => RequestContext,
): Recover<State> {
  return (recoverWithPlugin<State>).bind(undefined, plugin, contextOf)
}

/** `handleError`: its `Response` answers; anything else hands the error on. */
function recoverWithPlugin<State>(
  plugin: Plugin,
  contextOf: (state: State) => RequestContext,
  error: unknown,
  state: State,
): Answer {
  const value: PluginResult = plugin.handleError?.(error, contextOf(state))
  if (isThenable(value))
    return Promise.resolve(value).then((settled) => handedOn(error, pluginResponse(settled)))
  return handedOn(error, pluginResponse(value))
}

/** `response`, else `error` thrown on outwards. */
function handedOn(error: unknown, response: Response | undefined): Response {
  if (response) return response
  throw error
}
