/**
 * An endpoint's body read (body/support.ts `readEndpoint`): the Content-Type parsed once, used to
 * choose the plan and to read with. Installed by the body markers, so a service without a body
 * param bundles none of it (SPEC §5.2).
 */
import type { ContentType } from '../utils/content-type'
import { accepts, contentTypeOf, type BodyPlan } from './format'
import type { Limits } from './limits'
import { readBody } from './read'
import type { BodyExchange } from './support'

const ALL: readonly boolean[] = /* @__PURE__ */ Object.freeze([true])

/**
 * Read the endpoint's body (one await hop), the plan chosen by its content type.
 *
 * @example
 * exchange.body = await readEndpointBody(exchange, [{ accept: 'json' }], defaultLimits)
 */
export function readEndpointBody(
  exchange: BodyExchange,
  bodies: readonly BodyPlan[],
  limits: Limits,
): Promise<unknown> {
  const context = exchange.context
  const type = contentTypeOf(context.raw)
  return readBody(
    context.raw,
    chooseBody(exchange, bodies, type),
    limits,
    context.env,
    type,
    context.framing,
  )
}

/**
 * Choose the body plan an endpoint reads the body with. With several
 * whole-body params, the body goes to those whose content types accept it;
 * none → the first plan's 415.
 */
function chooseBody(
  exchange: BodyExchange,
  bodies: readonly BodyPlan[],
  type: ContentType | undefined,
): BodyPlan {
  if (bodies.length === 1) {
    exchange.bodyAccepted = ALL
    return bodies[0] as BodyPlan
  }
  const accepted = bodies.map((plan) => accepts(plan, type))
  const chosen = accepted.indexOf(true)
  exchange.bodyAccepted = accepted
  return bodies[chosen < 0 ? 0 : chosen] as BodyPlan
}
