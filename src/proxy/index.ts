/**
 * `fw-api/proxy`: the `trustProxy` option (SPEC §14, docs/proxy-and-limits.md) — which proxies
 * in front of the service fw believes, and the client, protocol and host they name
 * (`this.request.ip`, `.secure`, `.protocol`, `.host`). Importing this entry registers it; the
 * core reads the peer address alone and carries no header parser.
 *
 * @example
 * import 'fw-api/proxy'
 * const service = new Fw({ api: RootAPI, trustProxy: ['10.0.0.0/8'] })
 */
import { ImproperlyConfigured } from '../exceptions'
import type { ClientResolver } from '../request/client'
import { registerProxy } from '../service/host'
import { forwarded, xForwarded } from './forwarded'
import { trustHop, type TrustedHops, type TrustProxy } from './trust'

export { MAX_HOPS, hopAddress } from './forwarded'
export type { TrustHop, TrustProxy, TrustedHops } from './trust'

/**
 * Compile a `trustProxy` option into the resolver the service asks for each request's client.
 *
 * @example
 * const resolve = compileTrustProxy(['10.0.0.0/8'])
 * resolve(new Headers({ 'x-forwarded-for': '203.0.113.7' }), '10.0.0.2') // { ip: '203.0.113.7', … }
 */
export function compileTrustProxy(option: TrustProxy): ClientResolver {
  const settings =
    typeof option === 'object' && option !== null && !Array.isArray(option)
      ? (option as { hops: unknown; header?: unknown })
      : { hops: option }
  const header = settings.header ?? 'x-forwarded'
  if (header !== 'x-forwarded' && header !== 'forwarded')
    throw new ImproperlyConfigured(
      `trustProxy: header ${JSON.stringify(header)} is not 'x-forwarded' (X-Forwarded-For/-Proto/-Host) or 'forwarded' (RFC 7239)`,
    )
  const hop = trustHop(settings.hops as TrustedHops)
  return header === 'forwarded' ? forwarded(hop) : xForwarded(hop)
}

registerProxy(compileTrustProxy)
