/**
 * `API.__as__`'s hidden service (SPEC §6: one per process), made and attached by the host
 * framework adapters (`fw-api/adapters` registers it: service/host.ts), which `__as__` needs anyway.
 */
import type { APIClass } from '../api/api'
import { ImproperlyConfigured } from '../exceptions'

/**
 * What `API.__as__` attached: the class's name, recorded when the service is declared; a second
 * `__as__` is refused from it. Never client data.
 */
const hidden: { attachedFor?: string } = {}

/**
 * Make the hidden service of `api` (`make`) and attach it at `route`; refused after the first.
 *
 * @example attachHidden(CalcAPI, '/calc', () => new Fw({ api: CalcAPI, backend: express }))
 */
export function attachHidden(
  api: APIClass,
  route: string,
  make: () => { adapt(route: string): unknown },
): unknown {
  if (hidden.attachedFor !== undefined)
    throw new ImproperlyConfigured(
      `API.__as__() was already called in this process (for ${hidden.attachedFor}); ` +
        'use new Fw(import.meta.url, { backend, api }).adapt(route) to attach more APIs or to configure them',
    )
  const service = make()
  hidden.attachedFor = api.name
  return service.adapt(route)
}
