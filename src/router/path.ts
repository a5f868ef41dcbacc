import { ImproperlyConfigured } from '../exceptions'
import { joinPath } from './route-path'
import {
  matchBySegments,
  matchChain,
  type ChainPattern,
  type PathMatcher,
  type SegmentPattern,
} from './match'

/** How a path param matches: one segment (`[^/]+`) or the rest of the path (`.*`). */
export interface PathParamRule {
  match: 'segment' | 'rest'
  /** a default exists, so a trailing param may be absent from the URL */
  optional: boolean
}

/** A path template compiled once. */
export interface CompiledPath {
  /** normalised template, e.g. `/doc/{lang}/{page}` */
  template: string
  /** set when the template has no params: the exact path */
  literal?: string
  /**
   * The reference regex of a template with params (capture groups in `names`
   * order). For tests and tooling only: it backtracks on some templates
   * (`{a}-{b}-{c}`), so request paths go through `match`, never through it.
   */
  regex?: RegExp
  /** linear-time matcher for templates with params: raw values in `names` order, or `undefined` */
  match?: PathMatcher
  /**
   * Set when every segment is a literal or a whole required `{param}`
   * (`/users/{id}`): the literal text of each segment (percent-encoded as in
   * a request path), `null` for a param. The router then matches segment by
   * segment, the same result as `regex` without running it.
   */
  segments?: readonly (string | null)[]
  names: string[]
}

const PARAM = /\{([^{}]*)\}/g
const LONE = /^\{[^{}]*\}$/

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Literal text of a template as it appears percent-encoded in a request path. */
function encodeLiteral(text: string): string {
  return escapeRegex(encodeURI(text))
}

/**
 * Compile a template such as `/doc/{lang}/{page}` into a structural matcher.
 * Trailing params with defaults become optional; `{a}{b}` is refused.
 *
 * @example
 * compilePath('/item/{code}', () => ({ match: 'segment', optional: false })).regex // /^\/item\/([^/]+)$/
 */
export function compilePath(
  template: string,
  ruleOf: (name: string) => PathParamRule,
): CompiledPath {
  const normalised = joinPath(template)
  const segments = normalised.split('/').slice(1)
  if (!normalised.includes('{')) return { template: normalised, literal: normalised, names: [] }

  const names: string[] = []
  const pieces: { source: string; optionalParam: boolean; literals: string[]; rest: boolean[] }[] =
    []
  for (const segment of segments) {
    let source = ''
    let last = 0
    let previousEnd = -1
    const literals: string[] = []
    const rest: boolean[] = []
    for (const found of segment.matchAll(PARAM)) {
      const name = (found[1] ?? '').trim()
      const start = found.index ?? 0
      if (!name) throw new ImproperlyConfigured(`route '${template}': empty path param '{}'`)
      if (start === previousEnd) {
        throw new ImproperlyConfigured(
          `route '${template}': path params '{${names.at(-1)}}{${name}}' need a literal between them`,
        )
      }
      if (names.includes(name))
        throw new ImproperlyConfigured(`route '${template}': path param '{${name}}' appears twice`)
      const isRest = ruleOf(name).match === 'rest'
      literals.push(encodeURI(segment.slice(last, start)))
      rest.push(isRest)
      source += encodeLiteral(segment.slice(last, start))
      source += isRest ? '(.*)' : '([^/]+)'
      names.push(name)
      last = previousEnd = start + found[0].length
    }
    literals.push(encodeURI(segment.slice(last)))
    source += encodeLiteral(segment.slice(last))
    const lone = rest.length === 1 && segment.startsWith('{') && segment.endsWith('}')
    pieces.push({
      source,
      optionalParam: lone && ruleOf(names.at(-1) as string).optional,
      literals,
      rest,
    })
  }

  // Trailing params with defaults may be absent: nest them as optional groups.
  let tail = ''
  let required = pieces.length
  while (required > 0 && (pieces[required - 1] as { optionalParam: boolean }).optionalParam) {
    required--
    tail = `(?:/${(pieces[required] as { source: string }).source}${tail})?`
  }
  const head = pieces
    .slice(0, required)
    .map((piece) => `/${piece.source}`)
    .join('')
  // dotAll: a rest param takes any character, as the matcher does (a raw newline too).
  const regex = new RegExp(`^${head || '/?'}${tail}$`, 's')
  const match = matcherOf(pieces, required, names.length)
  // Whole-segment templates without optional or rest params match without searching.
  const simple =
    !tail &&
    segments.every(
      (segment) =>
        !segment.includes('{') ||
        (LONE.test(segment) && ruleOf(segment.slice(1, -1).trim()).match === 'segment'),
    )
  if (!simple) return { template: normalised, regex, match, names }
  return {
    template: normalised,
    regex,
    match,
    segments: segments.map((segment) => (segment.includes('{') ? null : encodeURI(segment))),
    names,
  }
}

/**
 * The linear matcher of a template: one variant per number of trailing
 * optional segments present. Like the regex, a variant with longer earlier
 * params wins; at equal values, more optional segments present wins.
 */
function matcherOf(
  pieces: readonly { literals: string[]; rest: boolean[] }[],
  required: number,
  count: number,
): PathMatcher {
  const hasRest = pieces.some((piece) => piece.rest.includes(true))
  const variants: PathMatcher[] = []
  for (let present = pieces.length; present >= required; present--) {
    const used = pieces.slice(0, present)
    if (!hasRest) {
      const shape = used.map((piece): SegmentPattern | string | null =>
        piece.rest.length === 0
          ? (piece.literals[0] as string)
          : piece.literals.length === 2 && piece.literals[0] === '' && piece.literals[1] === ''
            ? null
            : piece.literals,
      )
      variants.push((path) => matchBySegments(path, shape))
      continue
    }
    const chain = toChain(used)
    variants.push(
      used.length === 0
        ? (path) => (path === '/' || path === '' ? [] : undefined)
        : (path) => matchChain(path, chain),
    )
  }
  const pad = (values: (string | undefined)[]): (string | undefined)[] => {
    const out = values
    while (out.length < count) out.push(undefined)
    return out
  }
  // With no required segment, the regex's leading `/?` takes a lone `/`: every param absent.
  if (required === 0) {
    const inner = matcherOf(pieces, 1, count)
    return (path) => (path === '/' || path === '' ? pad([]) : inner(path))
  }
  // Without rest params every variant splits the required segments the same way: the first match wins.
  if (!hasRest || variants.length === 1) {
    return (path) => {
      for (const variant of variants) {
        const values = variant(path)
        if (values) return pad(values)
      }
      return undefined
    }
  }
  return (path) => {
    let best: (string | undefined)[] | undefined
    for (const variant of variants) {
      const values = variant(path)
      if (values && (!best || longerFirst(values, best))) best = values
    }
    return best && pad(best)
  }
}

/** Does `a` rank before `b` in the regex's preference (longer values first, present before absent)? */
function longerFirst(
  a: readonly (string | undefined)[],
  b: readonly (string | undefined)[],
): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const lengthInA = a[i] === undefined ? -1 : (a[i] as string).length
    const lengthInB = b[i] === undefined ? -1 : (b[i] as string).length
    if (lengthInA !== lengthInB) return lengthInA > lengthInB
  }
  return false
}

function toChain(pieces: readonly { literals: string[]; rest: boolean[] }[]): ChainPattern {
  const literals: string[] = ['']
  const rest: boolean[] = []
  for (const piece of pieces) {
    literals[literals.length - 1] += `/${piece.literals[0] as string}`
    for (let i = 0; i < piece.rest.length; i++) {
      rest.push(piece.rest[i] as boolean)
      literals.push(piece.literals[i + 1] as string)
    }
  }
  return { literals, rest }
}
