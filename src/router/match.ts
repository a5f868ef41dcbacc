/**
 * Linear-time matching of request paths against route templates with
 * params. A template compiles to literal pieces and params; matching never
 * backtracks (a `{a}-{b}-{c}` template against 16 KB of `-` is a few scans
 * of the path, not a regex that explores every split).
 *
 * The result is the same as the template's reference regex (`[^/]+` per
 * segment param, `.*` per rest param, greedy, anchored): among all ways to
 * split the path, the one whose param lengths are largest first-to-last.
 */

/** One template segment: its literal text around params, percent-encoded (`['v', '.', '']` for `v{version}.{ext}`). */
export type SegmentPattern = readonly string[]

/**
 * A whole template as one chain: `literals[0] P1 literals[1] … Pk literals[k]`
 * (literals include the `/` separators), `rest[i]` when param i is a rest param.
 */
export interface ChainPattern {
  literals: readonly string[]
  rest: readonly boolean[]
}

/** Raw param values of a path, or `undefined` when it does not match. */
export type PathMatcher = (path: string) => (string | undefined)[] | undefined

/**
 * Match one segment `path[start, end)` (no `/` inside) against literal pieces
 * with a param between each pair: the last literal is placed as late as
 * possible, then each earlier one, so the first param gets the longest value.
 * Within one segment every param only needs one character, so placing a
 * literal later never makes the left part harder to match.
 */
function matchSegment(
  path: string,
  start: number,
  end: number,
  pieces: SegmentPattern,
  out: string[],
): boolean {
  const params = pieces.length - 1
  const first = pieces[0] as string
  const last = pieces[params] as string
  const left = start + first.length
  let right = end - last.length
  if (right - left < params || !path.startsWith(first, start) || !path.startsWith(last, right))
    return false
  const values = new Array<string>(params)
  for (let i = params - 1; i >= 1; i--) {
    const literal = pieces[i] as string
    const latest = right - 1 - literal.length
    if (latest < left + i) return false
    const at = path.lastIndexOf(literal, latest)
    if (at < left + i) return false // the params before it need a character each
    values[i] = path.slice(at + literal.length, right)
    right = at
  }
  values[0] = path.slice(left, right)
  for (let i = 0; i < params; i++) out.push(values[i] as string)
  return true
}

/**
 * Match a template without rest params segment by segment: one path segment
 * per template segment. `null` marks a whole-segment param (fast: no search).
 */
export function matchBySegments(
  path: string,
  segments: readonly (SegmentPattern | string | null)[],
): string[] | undefined {
  if (segments.length === 0) return path === '/' || path === '' ? [] : undefined
  if (path.charCodeAt(0) !== 0x2f) return undefined
  const out: string[] = []
  let start = 1
  for (let i = 0; i < segments.length; i++) {
    if (start > path.length) return undefined
    let end = path.indexOf('/', start)
    if (end < 0) end = path.length
    const pattern = segments[i]
    if (pattern === null || pattern === undefined) {
      if (end === start) return undefined
      out.push(path.slice(start, end))
    } else if (typeof pattern === 'string') {
      if (end - start !== pattern.length || !path.startsWith(pattern, start)) return undefined
    } else if (!matchSegment(path, start, end, pattern, out)) {
      return undefined
    }
    start = end + 1
  }
  return start === path.length + 1 ? out : undefined
}

/**
 * Match a whole chain (templates with rest params, which may span segments).
 * First, right to left, the set of positions where each param may start so
 * that the rest still matches (one pass per param); then, left to right, each
 * param takes the longest value that keeps a match. O(params × path × literal).
 */
export function matchChain(path: string, chain: ChainPattern): string[] | undefined {
  const { literals, rest } = chain
  const params = rest.length
  const pathLength = path.length
  const head = literals[0] as string
  if (!path.startsWith(head)) return undefined
  if (params === 0) return pathLength === head.length ? [] : undefined
  const tail = literals[params] as string
  if (pathLength - tail.length < head.length || !path.startsWith(tail, pathLength - tail.length))
    return undefined
  // ends[i][e] = 1: param i may end at e (literals[i+1] sits at e and everything after matches).
  const ends: Uint8Array[] = new Array(params)
  const lastEnd = new Uint8Array(pathLength + 1)
  lastEnd[pathLength - tail.length] = 1
  ends[params - 1] = lastEnd
  for (let i = params - 1; i >= 1; i--) {
    // Where param i may start: some end e of it is reachable from s.
    const canStart = new Uint8Array(pathLength + 1)
    const endsHere = ends[i] as Uint8Array
    if (rest[i]) {
      let any = false
      for (let s = pathLength; s >= 0; s--) {
        if (endsHere[s]) any = true
        if (any) canStart[s] = 1
      }
    } else {
      // Nearest end > s with no `/` in between.
      let nearest = -1
      for (let s = pathLength; s >= 0; s--) {
        if (s < pathLength && path.charCodeAt(s) === 0x2f) nearest = -1
        if (nearest > s) canStart[s] = 1
        if (endsHere[s]) nearest = s
      }
    }
    // Param i-1 may end at e when literals[i] sits at e and param i may start right after it.
    const literal = literals[i] as string
    const before = new Uint8Array(pathLength + 1)
    for (let e = 0; e + literal.length <= pathLength; e++) {
      if (canStart[e + literal.length] && path.startsWith(literal, e)) before[e] = 1
    }
    ends[i - 1] = before
  }
  // Left to right: each param takes its latest possible end.
  const out: string[] = []
  let start = head.length
  for (let i = 0; i < params; i++) {
    const endsHere = ends[i] as Uint8Array
    let end = -1
    if (rest[i]) {
      for (let e = pathLength; e >= start; e--)
        if (endsHere[e]) {
          end = e
          break
        }
    } else {
      let slash = path.indexOf('/', start)
      if (slash < 0) slash = pathLength
      for (let e = slash; e > start; e--)
        if (endsHere[e]) {
          end = e
          break
        }
    }
    if (end < 0) return undefined
    out.push(path.slice(start, end))
    start = end + (literals[i + 1] as string).length
  }
  return start === pathLength ? out : undefined
}
