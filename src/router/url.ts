/**
 * URL plumbing: the path of a request target, splitting a request URL into
 * path and query, Bun's host-less requests, and re-addressing a request below
 * a prefix. The route vocabulary itself is in ./route-path.
 */
import { usableHost } from '../utils/host'
import { normalizeRoute, under } from './route-path'

/**
 * The path of a request target (`/a/b?x=1` → `/a/b`; absolute-form targets too).
 *
 * @example
 * pathOf('http://h/a/b?x=1') // '/a/b'
 */
export function pathOf(target: string): string {
  if (/^https?:\/\//i.test(target)) {
    try {
      return new URL(target).pathname
    } catch {
      return '/'
    }
  }
  const end = target.search(/[?#]/)
  return end === -1 ? target : target.slice(0, end)
}

/** Where the path and the query start in a request URL. */
export interface TargetSplit {
  /** request path without query; a trailing slash dropped */
  path: string
  /** raw query string without `?` */
  search: string
  /** index of the path's first `/` in the URL */
  start: number
}

/**
 * Where the `//` of an `http://` or `https://` URL in any case is, or -1 (the lower-case
 * schemes every runtime writes never get here: `splitTarget` takes them with `startsWith`).
 */
function anyCaseScheme(url: string): number {
  return /^https?:\/\//i.test(url) ? url.indexOf('//') : -1
}

/**
 * Split a request URL into its path and query by index (no URL object).
 * `undefined` when the URL does not come from a usable request-target and
 * Host: a relative URL (Bun with a bad Host), a Host with `/`, `@`, `\` or
 * spaces (Deno prepends it to the path). The route served is then never a
 * guess: the caller answers 400.
 *
 * @example
 * splitTarget('http://h/api/x/?a=1', 'h') // { path: '/api/x', search: 'a=1', start: 8 }
 */
export function splitTarget(url: string, host: string | null): TargetSplit | undefined {
  if (host !== null && !usableHost(host)) return undefined
  // The scheme as servers write it takes one string operation (each costs ~20 ns on Bun's request URLs); any other case char by char.
  const scheme = url.startsWith('http://') ? 5 : url.startsWith('https://') ? 6 : anyCaseScheme(url)
  if (scheme < 0) return undefined
  const start = url.indexOf('/', scheme + 2)
  const query = start < 0 ? url.indexOf('?', scheme + 2) : url.indexOf('?', start)
  const authorityEnd =
    start < 0 ? (query < 0 ? url.length : query) : query >= 0 && query < start ? query : start
  // userinfo never comes from a request-target (one pass over the authority, no runtime call as lastIndexOf makes);
  // the port is digits up to 65535 (`Host: a:99999` is a 400 on every runtime, as on Node)
  let portStart = -1
  for (let i = scheme + 2; i < authorityEnd; i++) {
    const code = url.charCodeAt(i)
    if (code === 64) return undefined
    if (code === 58) portStart = i + 1
    else if (code === 93) portStart = -1 // `]` closes an IPv6 literal: its colons are no port
  }
  if (portStart !== -1 && !validPort(url, portStart, authorityEnd)) return undefined
  let path =
    start < 0 || (query >= 0 && query < start)
      ? '/'
      : query < 0
        ? url.slice(start)
        : url.slice(start, query)
  if (path.length > 1 && path.charCodeAt(path.length - 1) === 47) path = path.slice(0, -1)
  return { path, search: query < 0 ? '' : url.slice(query + 1), start }
}

/** Are the characters of `url` from `start` to `end` a port (digits, at most 65535; none is allowed, as `new URL` does)? */
function validPort(url: string, start: number, end: number): boolean {
  if (end - start > 5) return false
  let port = 0
  for (let i = start; i < end; i++) {
    const digit = url.charCodeAt(i) - 48
    if (digit < 0 || digit > 9) return false
    port = port * 10 + digit
  }
  return port <= 65535
}

/** What `rawPath` found wrong with a path as the client sent it: a backslash, answered 400. */
export const BACKSLASH = 'backslash'

/**
 * Deno hands over the request-target's path as the client sent it, where
 * Node and Bun resolve it first. For such a `path` (of
 * `url`): `BACKSLASH` when it has a `\` (Node answers 400; Bun turns it into
 * `/` before fw sees it); the URL with its dot segments (`.`, `..`, `%2e`)
 * resolved when that changes the URL, as Node and Bun serve it; else
 * `undefined` (three string searches, no URL parsed).
 *
 * @example
 * rawPath('http://h/api/x/../ping', '/api/x/../ping') // 'http://h/api/ping'
 */
export function rawPath(url: string, path: string): string | undefined {
  if (path.indexOf('\\') !== -1) return BACKSLASH
  if (path.indexOf('/.') === -1 && path.indexOf('%2e') === -1 && path.indexOf('%2E') === -1)
    return undefined
  try {
    // compared whole (the path lost its trailing slash): a URL parsed again is its own href, so one re-dispatch at most
    const resolved = new URL(url).href
    return resolved === url ? undefined : resolved
  } catch {
    return undefined // splitTarget already refused what no URL parser takes
  }
}

/**
 * Bun gives a request without a Host header (HTTP/1.0: health checkers, old
 * clients) a relative URL, as it does for a bad Host. Without a Host, or with
 * an empty one, the request is served at its request-target path, as on Node
 * and Deno: this returns it with an absolute URL (`http://localhost/...`).
 * A Host that is present and unusable (`a/admin`) stays refused: `undefined`.
 *
 * @example
 * hostless(bunRequestWithoutHost)?.url // 'http://localhost/api/ping'
 */
export function hostless(request: Request): Request | undefined {
  const url = request.url
  if (url.charCodeAt(0) !== 47 /* '/' */) return undefined
  const host = request.headers.get('host')
  if (host !== null && host !== '') return undefined
  return new Request(`http://localhost${url}`, request)
}

/**
 * The same request addressed below `prefix`: `/v2/users?x=1` with prefix
 * `/v2` becomes `/users?x=1` (`/v2` itself becomes `/`). Method, headers,
 * body and signal carry over; a request outside `prefix` is returned as is.
 *
 * @example
 * const inner = stripPrefix(request, '/legacy')
 */
export function stripPrefix(request: Request, prefix: string): Request {
  const route = normalizeRoute(prefix)
  const url = request.url
  const split = splitTarget(url, null)
  if (route === '' || !split || !under(route, split.path)) return request
  const rest = url.slice(split.start + route.length)
  return new Request(
    url.slice(0, split.start) + (rest.startsWith('/') ? rest : `/${rest}`),
    request,
  )
}
