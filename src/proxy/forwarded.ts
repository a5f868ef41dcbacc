/**
 * Reading the forwarding headers through trusted hops only (docs/proxy-and-limits.md): the
 * chain is walked from the right (the entry the peer wrote) and stops at the first hop that is
 * not trusted; what a hop further left says is the client's to forge and is never read. At most
 * `MAX_HOPS` entries are looked at, whatever the header's length.
 */
import type { ClientResolver, ForwardedClient } from '../request/client'
import { unmapped } from '../request/client'
import { addressGroups } from './address'
import type { TrustHop } from './trust'

/** Proxies a request may cross before fw stops believing the chain (real chains are 1–3 long). */
export const MAX_HOPS = 64

const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/
const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/
const PROTOCOL = /^[A-Za-z][A-Za-z0-9+.-]{0,15}$/
const HOST = /^(?:[A-Za-z0-9._~-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/

/**
 * The address a hop entry names (`203.0.113.7`, `203.0.113.7:4711`, `[2001:db8::1]:4711`,
 * `"[2001:db8::1]"`; IPv4-mapped as IPv4), or undefined (`unknown`, `_hidden`, garbage).
 *
 * @example
 * hopAddress('"[2001:DB8::1]:4711"') // '2001:db8::1'
 */
export function hopAddress(entry: string): string | undefined {
  let text = entry.trim()
  if (text.length > 2 && text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1)
  const bracketed = BRACKETED.exec(text)
  if (bracketed !== null) text = bracketed[1] ?? ''
  else {
    const withPort = IPV4_WITH_PORT.exec(text)
    if (withPort !== null) text = withPort[1] ?? ''
  }
  return addressGroups(text) === undefined ? undefined : unmapped(text.toLowerCase())
}

/**
 * The entries of a comma-separated header from the right: `[rightmost, …]`, at most `count`,
 * commas inside quoted strings kept (RFC 7239 values may be quoted). Only the scanned tail of
 * the header is looked at.
 */
function fromRight(header: string, count: number): string[] {
  const entries: string[] = []
  let end = header.length
  let quoted = false
  for (let index = header.length - 1; index >= -1 && entries.length < count; index--) {
    const code = index < 0 ? 0x2c : header.charCodeAt(index)
    if (code === 0x22) quoted = !quoted
    else if (code === 0x2c && !quoted) {
      const entry = header.slice(index + 1, end).trim()
      if (entry !== '') entries.push(entry)
      end = index
    }
  }
  return entries
}

/** The value a trusted hop set in a list header: the `index`-th from the right, or the leftmost of a shorter list. */
function setByHop(header: string | null, index: number): string | undefined {
  if (header === null) return undefined
  const entries = fromRight(header, index + 1)
  return entries[Math.min(index, entries.length - 1)]
}

/** A protocol a proxy names, lower-cased, if it is one. */
function protocolOf(value: string | undefined): string | undefined {
  const text = value?.trim()
  return text !== undefined && PROTOCOL.test(text) ? text.toLowerCase() : undefined
}

/** A host a proxy names (`shop.example`, `shop.example:8443`, `[::1]:8080`), if it is one. */
function hostOf(value: string | undefined): string | undefined {
  const text = value?.trim()
  return text !== undefined && HOST.test(text) ? text : undefined
}

/**
 * `X-Forwarded-For` / `-Proto` / `-Host` read through the hops `trusted` believes.
 *
 * @example
 * xForwarded(trustHop(['10.0.0.0/8']))(headers, '10.0.0.2') // { ip: '203.0.113.7', protocol: 'https', host: undefined }
 */
export function xForwarded(trusted: TrustHop): ClientResolver {
  return (headers, peer) => {
    if (peer === undefined || !trusted(peer, 0)) return undefined
    const chain = headers.get('x-forwarded-for')
    let ip: string | undefined = peer
    let accepted = 0
    for (const entry of chain === null ? [] : fromRight(chain, MAX_HOPS)) {
      ip = hopAddress(entry)
      accepted++
      if (ip === undefined || !trusted(ip, accepted)) break
    }
    // The list entry the outermost believed hop wrote: hop n wrote the n-th from the right.
    const hop = Math.max(0, accepted - 1)
    return {
      ip,
      protocol: protocolOf(setByHop(headers.get('x-forwarded-proto'), hop)),
      host: hostOf(setByHop(headers.get('x-forwarded-host'), hop)),
    }
  }
}

/** The pairs of one `Forwarded` element (`for=…;proto=https`), names lower-cased, values unquoted. */
function forwardedPairs(element: string): Map<string, string> {
  const pairs = new Map<string, string>()
  for (const pair of element.split(';')) {
    const equals = pair.indexOf('=')
    if (equals < 1) continue
    let value = pair.slice(equals + 1).trim()
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
      value = value.slice(1, -1).replace(/\\(.)/g, '$1')
    pairs.set(pair.slice(0, equals).trim().toLowerCase(), value)
  }
  return pairs
}

/**
 * RFC 7239 `Forwarded` read through the hops `trusted` believes: each element a hop appended
 * names the client it served (`for`), the protocol and host it was asked for.
 *
 * @example
 * forwarded(trustHop(1))(headers, '10.0.0.2') // for `Forwarded: for=203.0.113.7;proto=https`: { ip: '203.0.113.7', protocol: 'https' }
 */
export function forwarded(trusted: TrustHop): ClientResolver {
  return (headers, peer) => {
    if (peer === undefined || !trusted(peer, 0)) return undefined
    const header = headers.get('forwarded')
    const client: ForwardedClient = { ip: peer }
    let accepted = 0
    for (const element of header === null ? [] : fromRight(header, MAX_HOPS)) {
      const pairs = forwardedPairs(element)
      const named = pairs.get('for')
      client.protocol = protocolOf(pairs.get('proto')) ?? client.protocol
      client.host = hostOf(pairs.get('host')) ?? client.host
      // an element without `for` names no client further out: the walk ends at the hop that wrote it
      if (named === undefined) break
      client.ip = hopAddress(named)
      accepted++
      if (client.ip === undefined || !trusted(client.ip, accepted)) break
    }
    return client
  }
}
