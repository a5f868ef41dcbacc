/**
 * The request target of the native Node path: the absolute URL of an
 * `IncomingMessage` by the rules of @hono/node-server (a plain target and
 * Host joined as they are, anything else through `new URL`), and the
 * one-pass test that a target is served as is.
 */
import type { IncomingMessage } from 'node:http'
import { hostKind } from '../../utils/host'
import { firstHeader } from './headers'

/** A request target node:http accepted that fw serves as is (no dot segments, no characters the URL parser would escape). */
export const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/
/** A `.` or `..` path segment (the URL parser resolves them). */
export const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/

/** The characters `PLAIN_TARGET` allows (ASCII only), by code. */
const TARGET_CHARS = new Uint8Array(128)
for (const [from, to] of [
  [0x21, 0x21],
  [0x23, 0x24],
  [0x26, 0x3b],
  [0x3d, 0x3d],
  [0x3f, 0x5b],
  [0x5d, 0x5d],
  [0x5f, 0x5f],
  [0x61, 0x7a],
  [0x7e, 0x7e],
] as const) {
  TARGET_CHARS.fill(1, from, to + 1)
}

/**
 * `PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)` in one pass over
 * the characters, no regex run (the test that a request target is served as is).
 *
 * @example
 * plainTarget('/users/1?x=2') // true
 * plainTarget('/a/../b')      // false
 */
export function plainTarget(target: string): boolean {
  const n = target.length
  if (n === 0 || target.charCodeAt(0) !== 47) return false
  for (let i = 0; i < n; i++) {
    const code = target.charCodeAt(i)
    if (code >= 128 || TARGET_CHARS[code] === 0) return false
    if (code !== 47 || target.charCodeAt(i + 1) !== 46) continue
    // `/.` or `/..`, then `/`, `?`, `#` or the end: a dot segment
    let next = i + 2
    if (target.charCodeAt(next) === 46) next++
    if (next === n) return false
    const after = target.charCodeAt(next)
    if (after === 47 || after === 63 || after === 35) return false
  }
  return true
}

/** An absolute-form request-target: `http://` or `https://` in any case. */
export const ABSOLUTE_FORM = /^https?:\/\//i

/** Thrown for a request whose target or Host makes no usable URL: the server answers 400, as @hono/node-server does. */
export class BadRequestTarget extends Error {}

/**
 * The absolute URL of `incoming` (`http://host/path?query`), by the rules of
 * @hono/node-server, so both Node paths serve the same routes: a plain target
 * and Host are joined as they are; anything else goes through `new URL`
 * (dot segments resolved, characters escaped), and a Host the URL parser
 * would change, a backslash in the path or a target not starting with `/` is
 * refused.
 */
export function incomingUrl(incoming: IncomingMessage, hostname: string): string {
  const target = incoming.url ?? ''
  // absolute-form, its scheme in any case (RFC 3986; Bun and Deno serve `HTTP://h/…` too)
  if (target.charCodeAt(0) !== 47 && ABSOLUTE_FORM.test(target)) return absolute(target, target)
  const host = firstHeader(incoming.rawHeaders, 'host') || hostname
  const scheme = (incoming.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
  const url = `${scheme}://${host}${target}`
  const kind = hostKind(host)
  if (kind === 'bad') throw new BadRequestTarget('invalid Host header')
  if (kind === 'parse') {
    const parsed = absolute(url, target)
    const bare = host.includes(':') ? host.replace(/:\d+$/, '') : host
    if (
      new URL(parsed).hostname.length !== host.length &&
      new URL(parsed).hostname !== bare.toLowerCase()
    )
      throw new BadRequestTarget('invalid Host header')
    return parsed
  }
  if (target.length === 0) return `${url}/`
  if (target.charCodeAt(0) !== 47) throw new BadRequestTarget('invalid request target')
  return plainTarget(target) ? url : absolute(url, target)
}

function absolute(url: string, target: string): string {
  const backslash = target.indexOf('\\')
  const query = target.indexOf('?')
  if (backslash !== -1 && (query === -1 || backslash < query))
    throw new BadRequestTarget('backslash in the request path')
  try {
    return new URL(url).href
  } catch {
    throw new BadRequestTarget('invalid URL')
  }
}
