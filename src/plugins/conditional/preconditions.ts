/**
 * RFC 9110 §13 preconditions: entity-tag lists, their strong and weak
 * comparison (§8.8.3.2), HTTP dates, and the order a server evaluates
 * `If-Match`, `If-Unmodified-Since`, `If-None-Match` and `If-Modified-Since`
 * in (§13.2.2). Bounded: at most `MAX_TAGS` tags of a list are compared.
 */

/** Entity-tags of one `If-Match` / `If-None-Match` header compared; the rest do not match. */
export const MAX_TAGS = 128

/** The validators of a resource's current representation. */
export interface Validators {
  /** its entity-tag: `"v1"`, `W/"v1"`, or bare (`v1`, quoted here) */
  etag?: string
  /** when it last changed (a `Date`, epoch ms, or an HTTP date) */
  lastModified?: Date | number | string
}

/** What the preconditions of a request say: carry on, 304 (a GET/HEAD's cache is fresh) or 412. */
export type Outcome = 'proceed' | 304 | 412

const SAFE_METHODS = new Set(['GET', 'HEAD'])
/** A bare entity-tag's allowed characters (etagc, RFC 9110 §8.8.3). */
const ETAG_CHARACTERS = /^[\x21\x23-\x7e\x80-\xff]*$/
const TAG = /(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"/g

/**
 * An entity-tag as it is sent: `"v1"` and `W/"v1"` as they are, a bare
 * `v1` quoted; `undefined` for one with a character an ETag cannot hold.
 *
 * @example
 * entityTag('v1') // '"v1"'
 */
export function entityTag(value: string): string | undefined {
  if (value.startsWith('"') || value.startsWith('W/"')) {
    TAG.lastIndex = 0
    const match = TAG.exec(value)
    return match && match[0] === value ? value : undefined
  }
  return ETAG_CHARACTERS.test(value) ? `"${value}"` : undefined
}

/** An HTTP date (or a `Date`, epoch ms) in whole seconds; `undefined` when it is not a date. */
export function seconds(value: Date | number | string | null | undefined): number | undefined {
  if (value === null || value === undefined) return undefined
  const ms =
    value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value)
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined
}

/**
 * Does the list `header` (`*`, or entity-tags) match `etag`? `strong`:
 * both strong and the same; else the same opaque tag, weak or not. `*`
 * matches any current representation.
 */
function listMatches(header: string, etag: string | undefined, strong: boolean): boolean {
  if (header.trim() === '*') return true
  if (etag === undefined || (strong && etag.startsWith('W/'))) return false
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag
  TAG.lastIndex = 0
  let seen = 0
  for (let match = TAG.exec(header); match && seen < MAX_TAGS; match = TAG.exec(header), seen++) {
    if (strong && match[1]) continue
    if (`"${match[2]}"` === opaque) return true
  }
  return false
}

/**
 * Evaluate a request's preconditions against the current representation
 * (`undefined`: there is none) in RFC 9110 §13.2.2's order: `If-Match` (else
 * `If-Unmodified-Since`) → 412; then `If-None-Match` (else `If-Modified-Since`,
 * GET/HEAD only) → 304 for GET/HEAD, 412 otherwise. A date that does not
 * parse, or a representation without a date, leaves a date condition out.
 *
 * @example
 * evaluate(new Headers({ 'if-none-match': '"v1"' }), 'GET', { etag: '"v1"' }) // 304
 */
export function evaluate(
  headers: Headers,
  method: string,
  current: Validators | undefined,
): Outcome {
  const etag = current?.etag === undefined ? undefined : entityTag(current.etag)
  const modified = seconds(current?.lastModified)
  const ifMatch = headers.get('if-match')
  if (ifMatch !== null) {
    if (current === undefined || !listMatches(ifMatch, etag, true)) return 412
  } else {
    const since = seconds(headers.get('if-unmodified-since'))
    if (since !== undefined && modified !== undefined && modified > since) return 412
  }
  const safe = SAFE_METHODS.has(method)
  const ifNoneMatch = headers.get('if-none-match')
  if (ifNoneMatch !== null) {
    if (current !== undefined && listMatches(ifNoneMatch, etag, false)) return safe ? 304 : 412
  } else if (safe) {
    const since = seconds(headers.get('if-modified-since'))
    if (since !== undefined && modified !== undefined && modified <= since) return 304
  }
  return 'proceed'
}

/** Does the request carry a precondition? */
export function conditionalRequest(headers: Headers): boolean {
  return (
    headers.has('if-match') ||
    headers.has('if-none-match') ||
    headers.has('if-modified-since') ||
    headers.has('if-unmodified-since')
  )
}
