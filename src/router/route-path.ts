/**
 * The route vocabulary, in one place: one normaliser (`joinPath`), its prefix
 * form (`normalizeRoute`, the root spelled `''` so that `${prefix}/x` and
 * `${prefix}/*` read right), and one segment-wise "is this path under the
 * prefix" test (`under`).
 */

/**
 * Join route pieces; leading/trailing slashes are insignificant; the root is `'/'`.
 *
 * @example
 * joinPath('/api/', 'article', '{slug}') // '/api/article/{slug}'
 */
export function joinPath(...parts: (string | undefined)[]): string {
  const segments: string[] = []
  for (const part of parts) if (part) for (const segment of part.split('/')) if (segment) segments.push(segment)
  return `/${segments.join('/')}`
}

/**
 * A route as a prefix: `joinPath` of the trimmed route, the root spelled `''`.
 * `'/api/'` → `'/api'`, `'api'` → `'/api'`, `'/'` and `''` → `''`.
 *
 * @example
 * normalizeRoute('v2/') // '/v2'
 */
export function normalizeRoute(route: string | undefined): string {
  const path = joinPath((route ?? '').trim())
  return path === '/' ? '' : path
}

/**
 * Whether `path` is `prefix` itself or below it, segment-wise (`/apix` is not
 * under `/api`); the prefix `''` (the root) covers every path. No string is built.
 *
 * @example
 * under('/api', '/api/users') // true
 * under('/api', '/apix')      // false
 */
export function under(prefix: string, path: string): boolean {
  return path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47 /* '/' */)
}
