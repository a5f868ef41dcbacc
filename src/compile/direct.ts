import type { API } from '../api/api'
import type { BodyPlan } from '../body'
import { withSetCookies, type RequestContext } from '../request/context'
import type { Renderer } from '../response/render'
import { isThenable } from '../utils/thenable'
import { extract, readEndpointBody, tooManyQuery, type Failures } from './extract'
import type { CompileOptions } from './options'
import type { ParamPlan } from './params'

/** What the direct pipeline reads of an endpoint's `PipelinePlan` (compile/pipeline.ts). */
export interface DirectPlan {
  method: (this: API, input: Record<string, unknown>) => unknown
  renderer: Renderer
  params: readonly ParamPlan[]
  readsQuery: boolean
  bodies: readonly BodyPlan[] | undefined
  options: CompileOptions
}

/**
 * The pipeline of an endpoint with nothing around it (no hooks, no class
 * plugins, no plugin with `handleError`): the same steps as `compilePipeline`
 * builds (query limit, body, params, method) and the same answers, written
 * straight: no `Exchange`, no step list, no closure per request. Every
 * failure is the endpoint's own error rendering, as there; never throws.
 */
export function compileDirect(p: DirectPlan, make: () => API): (rc: RequestContext) => Response | Promise<Response> {
  const { renderer, params, bodies, method, readsQuery } = p
  const limits = p.options.limits
  const rendered = (value: unknown): Response => renderer.result(value)
  const failed = (error: unknown): Response => renderer.error(error)

  /** Params, then the method (after the body, when there is one). */
  const call = (rc: RequestContext, instance: API): Response | Promise<Response> => {
    try {
      const input: Record<string, unknown> = {}
      const failures = extract(params, rc, input, instance as unknown as Record<string, unknown>)
      // An async schema check (Standard Schema): the same, once it settles.
      if (isThenable(failures)) return Promise.resolve(failures).then((found) => invoke(rc, instance, input, found), failed)
      return invoke(rc, instance, input, failures)
    } catch (error) {
      return renderer.error(error)
    }
  }

  /** The method with its input, or the 400 of the failures. */
  const invoke = (rc: RequestContext, instance: API, input: Record<string, unknown>, failures: Failures | undefined): Response | Promise<Response> => {
    try {
      // Nothing can intercept the 400: rendered without building an Error.
      if (failures) return renderer.invalid(failures.message, failures.issues)
      rc.responder = renderer.result
      const result = method.call(instance, input)
      // Cookies set while handling (`fw-api/auth`'s session login) go on the answer.
      if (isThenable(result)) return Promise.resolve(result).then((value) => withSetCookies(rc, rendered(value)), failed)
      return withSetCookies(rc, renderer.result(result))
    } catch (error) {
      return renderer.error(error)
    }
  }

  return (rc) => {
    const instance = make()
    instance.request = rc
    try {
      if (readsQuery) {
        const tooMany = tooManyQuery(rc, limits)
        if (tooMany) return renderer.error(tooMany)
      }
      if (!bodies) return call(rc, instance)
      return readEndpointBody(rc, bodies, limits).then((body) => {
        rc.body = body
        return call(rc, instance)
      }, failed)
    } catch (error) {
      return renderer.error(error)
    }
  }
}
