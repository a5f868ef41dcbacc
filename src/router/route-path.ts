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
  for (const part of parts)
    if (part) for (const segment of part.split('/')) if (segment) segments.push(segment)
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
  return (
    path.startsWith(prefix) &&
    (path.length === prefix.length || path.charCodeAt(prefix.length) === 47) /* '/' */
  )
}

/**
 * The first segment that ends one route piece and starts the next
 * (`'/api'` then `'/api/v1'` → `'api'`): how prefixes given twice stack
 * (`adapt('/api')` on a service with `route: '/api'` serves `/api/api/...`).
 *
 * @example
 * repeatedSegment('/api', '/api') // 'api'
 * repeatedSegment('/v1', '/api')  // undefined
 */
export function repeatedSegment(...parts: (string | undefined)[]): string | undefined {
  const pieces = parts
    .map((part) => (part ?? '').split('/').filter(Boolean))
    .filter((segments) => segments.length > 0)
  for (let index = 1; index < pieces.length; index++) {
    const last = pieces[index - 1]?.at(-1)
    if (last !== undefined && last === pieces[index]?.[0]) return last
  }
  return undefined
}
