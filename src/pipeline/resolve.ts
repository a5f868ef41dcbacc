import type { RequestContext } from '../request/context'
import type { MarkerSpec } from '../request/markers'
import { isThenable } from '../utils/thenable'
import type { Exchange } from './exchange'

/**
 * Store each `resolve` param's value in `context.resolved`, in order; waits only
 * for a resolver that returns a promise. A resolver's throw (e.g. a 401) is the step's.
 */
export function resolveAll(
  context: RequestContext,
  resolvers: readonly MarkerSpec[],
  from: number,
): Promise<void> | undefined {
  const resolved = (context.resolved ??= new Map())
  for (let index = from; index < resolvers.length; index++) {
    const spec = resolvers[index] as MarkerSpec
    const value = spec.resolve?.(context)
    if (value instanceof Promise || isThenable(value)) {
      return Promise.resolve(value).then((settledValue) => {
        resolved.set(spec, settledValue)
        return resolveAll(context, resolvers, index + 1)
      })
    }
    resolved.set(spec, value)
  }
  return undefined
}

/**
 * A `resolve` param's value: what its resolver stored (bound to its spec by its plan).
 *
 * @example
 * readResolved.bind(undefined, spec)
 */
export function readResolved(spec: MarkerSpec, exchange: Exchange): unknown {
  return exchange.context.resolved?.get(spec)
}
