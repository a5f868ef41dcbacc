/**
 * `trustProxy` (SPEC §14, docs/proxy-and-limits.md): which hops in front of the service fw
 * believes, compiled once into a test of one hop.
 */
import { ImproperlyConfigured } from '../exceptions'
import { addressGroups, addressRange, inRange, type AddressRange } from './address'

/**
 * Whether the hop at `hop` (0: the peer, 1: the hop the peer names, …) whose address is
 * `address` is a proxy fw believes.
 *
 * @example
 * const trusted: TrustHop = (address, hop) => hop === 0 && address.startsWith('10.')
 */
export type TrustHop = (address: string, hop: number) => boolean

/**
 * The hops fw believes: addresses and CIDRs (IPv4, IPv6, IPv4-mapped; the names `loopback`,
 * `linklocal`, `uniquelocal`), a number of hops in front of the service, or a function.
 *
 * @example
 * const proxies: TrustedHops = ['10.0.0.0/8', 'loopback']
 */
export type TrustedHops = string | readonly string[] | number | TrustHop

/**
 * The `trustProxy` option: the trusted hops, or them with the header the proxies write —
 * `x-forwarded` (`X-Forwarded-For` / `-Proto` / `-Host`, the default: what nginx, HAProxy,
 * Traefik, Caddy, AWS and Cloudflare set) or `forwarded` (RFC 7239). Only that header is read:
 * one the proxies pass through untouched is the client's to forge.
 *
 * @example
 * new Fw({ api: RootAPI, trustProxy: ['10.0.0.0/8'] })
 * new Fw({ api: RootAPI, trustProxy: { hops: 1, header: 'forwarded' } })
 */
export type TrustProxy = TrustedHops | { hops: TrustedHops; header?: 'x-forwarded' | 'forwarded' }

/** The ranges behind the names Express's `trust proxy` also knows. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
}

/** The ranges `entries` name; an entry that is none is ImproperlyConfigured. */
function rangesOf(entries: readonly string[]): AddressRange[] {
  const ranges: AddressRange[] = []
  for (const entry of entries) {
    const text = typeof entry === 'string' ? entry.trim() : ''
    const named = NAMED_RANGES[text.toLowerCase()]
    if (named !== undefined) {
      ranges.push(...rangesOf(named))
      continue
    }
    const range = addressRange(text)
    if (range === undefined)
      throw new ImproperlyConfigured(
        `trustProxy: ${JSON.stringify(entry)} is not an IP address, a CIDR range (10.0.0.0/8, fd00::/8) or one of loopback, linklocal, uniquelocal`,
      )
    ranges.push(range)
  }
  return ranges
}

/**
 * The hop test of `hops`.
 *
 * @example
 * trustHop(['10.0.0.0/8'])('10.1.2.3', 0) // true
 * trustHop(2)('203.0.113.7', 1) // true: the second hop in front of the service
 */
export function trustHop(hops: TrustedHops): TrustHop {
  if (typeof hops === 'function') return hops
  if (typeof hops === 'number') {
    if (!Number.isInteger(hops) || hops < 0)
      throw new ImproperlyConfigured(
        `trustProxy: ${hops} is not a number of hops (0, 1, 2, …: how many proxies stand in front of the service)`,
      )
    return (_address, hop) => hop < hops
  }
  if (typeof hops !== 'string' && !Array.isArray(hops))
    throw new ImproperlyConfigured(
      'trustProxy: give addresses or CIDRs (a string or a list), a number of hops, or a function (address, hop) => boolean',
    )
  const ranges = rangesOf(typeof hops === 'string' ? hops.split(',') : hops)
  return (address) => {
    const groups = addressGroups(address)
    return groups !== undefined && ranges.some((range) => inRange(groups, range))
  }
}
