/**
 * Route prefixes: normalising them, testing paths against them, stripping them.
 */

/**
 * `'/api/'` → `'/api'`, `'api'` → `'/api'`, `'/'` and `''` → `''` (the root).
 *
 * @example
 * normalizeRoute('v2/') // '/v2'
 */
export function normalizeRoute(route: string | undefined): string {
  const trimmed = (route ?? '').trim().replace(/^\/+|\/+$/g, '')
  return trimmed === '' ? '' : `/${trimmed}`
}

/** Whether `pathname` is `route` itself or below it (segment-wise: `/apix` is not under `/api`). */
export function underRoute(pathname: string, route: string): boolean {
  return route === '' || pathname === route || pathname.startsWith(`${route}/`)
}

/** The path of a request target (`/a/b?x=1` → `/a/b`; absolute-form targets too). */
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

/**
 * The same request addressed below `prefix`: `/v2/users?x=1` with prefix
 * `/v2` becomes `/users?x=1` (`/v2` itself becomes `/`). Method, headers,
 * body and signal carry over; a request outside `prefix` is returned as is.
 *
 * @example
 * const inner = stripPrefix(request, '/legacy')
 * return expressFetch(inner)
 */
export function stripPrefix(request: Request, prefix: string): Request {
  const route = normalizeRoute(prefix)
  const url = new URL(request.url)
  if (route === '' || !underRoute(url.pathname, route)) return request
  url.pathname = url.pathname.slice(route.length) || '/'
  return new Request(url, request)
}
