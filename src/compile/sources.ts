/**
 * Per-request views of the request's sources, each parsed at most once and
 * only when an endpoint declares a param from it.
 */
export interface Sources {
  readonly request: Request
  /** raw path param values in template order (percent-encoded) */
  readonly pathValues: readonly (string | undefined)[]
  /** the raw query string (without `?`) */
  readonly search: string
  query?: URLSearchParams
  cookies?: Record<string, string>
  body?: unknown
}

/** Split a `Cookie` header into a null-prototype map (first occurrence wins). */
export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = Object.create(null)
  if (!header) return out
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=')
    if (eq < 0) continue
    const name = pair.slice(0, eq).trim()
    if (!name || name in out) continue
    let value = pair.slice(eq + 1).trim()
    if (value.length > 1 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    try {
      out[name] = value.includes('%') ? decodeURIComponent(value) : value
    } catch {
      out[name] = value
    }
  }
  return out
}

/** Everything under one query key: a string, or an array when the key repeats. */
export function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null)
  for (const [key, value] of query) {
    const existing = out[key]
    if (existing === undefined) out[key] = value
    else if (Array.isArray(existing)) existing.push(value)
    else out[key] = [existing, value]
  }
  return out
}

/** `xTestHeader` → `x-test-header` */
export function kebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (char, index: number) => (index ? '-' : '') + char.toLowerCase()).replace(/_/g, '-')
}
