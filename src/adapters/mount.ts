/**
 * `toFetchHandler()`: turn a mount target into a fetch handler (docs/integration.md, "Mounting other apps inside fw").
 */
import { ImproperlyConfigured } from '../exceptions'
import { callNodeListener } from '../node/io/call'
import type { FetchHandler } from '../types'
import { isResponseLike } from '../utils/http'
import { backendOf } from './backends'
import { describe, hasFetch, isClass } from './detect'
import { isNestModuleClass, NEST_SETUP_HINT, nestModuleFetch } from './nest'
import { isNodeApp, wantsNext } from './node'
import type { MountOptions } from './options'

export type { MountOptions } from './options'

/** The targets `toFetchHandler` knows, for error messages. */
const MOUNT_KINDS =
  'a fetch handler function (request) => Response, an object with fetch() (Hono, Elysia, itty-router, h3), ' +
  'an Express/Connect app or router, a Koa app, a Fastify instance, a Nest application or (with backend: nest) a Nest module, ' +
  'or a Node listener wrapped as fromNode((req, res) => ...)'

/**
 * A fetch handler for `target`. Prefix stripping is the caller's job
 * (`stripPrefix`). Node apps run through the in-process Node bridge (Node,
 * Bun, Deno); Fastify through `inject()`; fetch objects are called with their
 * own `this`.
 *
 * @throws ImproperlyConfigured for anything else, naming the supported kinds
 * @example
 * const legacy = toFetchHandler(expressApp)
 * const response = await legacy(new Request('http://localhost/users'))
 */
export function toFetchHandler(target: unknown, options: MountOptions = {}): FetchHandler {
  if (isNodeApp(target)) {
    const { listener } = target
    const withNext = wantsNext(listener)
    return (request) => callNodeListener(listener, request, { ...options, withNext })
  }
  const found = backendOf(target)
  if (found?.mount) return found.mount(target, options, (inner) => toFetchHandler(inner, options))
  if (isNestModuleClass(target)) {
    const nest = options.nest
    if (!nest)
      throw new ImproperlyConfigured(
        `cannot mount the Nest module ${describe(target)}: it needs a service with backend: nest (@nestjs/core)`,
      )
    if (!nest.ready)
      throw new ImproperlyConfigured(
        `cannot mount the Nest module ${describe(target)}: ${NEST_SETUP_HINT}`,
      )
    return nestModuleFetch(nest.core, target, nest.settings, (instance) =>
      toFetchHandler(instance, options),
    )
  }
  if (hasFetch(target)) return (request, env, ctx) => target.fetch(request, env, ctx)
  if (isClass(target)) {
    throw new ImproperlyConfigured(
      `cannot mount ${describe(target)}: it is a class; mount an instance (new ${target.name}())`,
    )
  }
  if (typeof target === 'function') {
    const hint = 'a Node (req, res) listener must be wrapped: fromNode(listener)'
    return async (request, env, ctx) => {
      let result: unknown
      try {
        result = await Reflect.apply(target, undefined, [request, env, ctx])
      } catch (error) {
        // `res.end is not a function`-style failures of an unwrapped Node listener
        if (error instanceof TypeError && target.length >= 2) {
          throw new TypeError(`${error.message} (in the mounted ${describe(target)}; ${hint})`, {
            cause: error,
          })
        }
        throw error
      }
      if (isResponseLike(result)) return result
      throw new TypeError(
        `the mounted ${describe(target)} returned ${describe(result)}, not a Response; ${hint}`,
      )
    }
  }
  throw new ImproperlyConfigured(`cannot mount ${describe(target)}: supported are ${MOUNT_KINDS}`)
}
