import { throwImproperlyConfigured } from '../exceptions/configured'
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
  /**
   * the matcher of templates with a rest param, `restMatcher` below: brought by the param's marker
   * (`request.FilePathParam`), so a service without one bundles no rest matching (SPEC §5.2)
   */
  restMatcher?: RestMatcher
}

/** The matcher of a template's pieces (its first `required` always present) that holds a rest param. */
export type RestMatcher = (pieces: readonly TemplatePiece[], required: number) => PathMatcher

/** One segment of a template: its literals around its params, and which params are rest params. */
export interface TemplatePiece {
  literals: string[]
  rest: boolean[]
}

/** A path template compiled once. */
export interface CompiledPath {
  /** normalised template, e.g. `/doc/{lang}/{page}` */
  template: string
  /** set when the template has no params: the exact path */
  literal?: string
  /**
   * linear-time matcher for templates with params: raw values in `names` order, or `undefined`
   * (a template without optional or rest params: `matchBySegments` over its segments, called
   * straight)
   */
  match?: PathMatcher
  names: string[]
  /** how many of the last `names` may be left out at the end of the URL (trailing lone params with a default or an optional schema) */
  optional?: number
}

/**
 * A `{name}` of a template (its name, untrimmed, in group 1): read here and by the route table's
 * checks (compile/routes.ts).
 *
 * @example [...'/a/{id}'.matchAll(PATH_PARAM)].map((found) => found[1]) // ['id']
 */
export const PATH_PARAM = /\{([^{}]*)\}/g

/**
 * A template's segment as compiled, with its `shape` as `matchBySegments` reads it: its text when
 * it has no param, `null` when it is one segment param alone (`{id}`), else its pieces.
 */
type Piece = TemplatePiece & { shape: SegmentPattern | string | null; optionalParam: boolean }

/**
 * Compile a template such as `/doc/{lang}/{page}` into a structural matcher.
 * Trailing params with defaults become optional; `{a}{b}` is refused.
 *
 * @example
 * compilePath('/item/{code}', () => ({ match: 'segment', optional: false })).match?.('/item/7') // ['7']
 */
export function compilePath(
  template: string,
  ruleOf: (name: string) => PathParamRule,
): CompiledPath {
  const normalised = joinPath(template)
  const segments = normalised.split('/').slice(1)
  if (!normalised.includes('{')) return { template: normalised, literal: normalised, names: [] }

  const refuse = (problem: string): never =>
    throwImproperlyConfigured(`route '${template}': ${problem}`)
  const names: string[] = []
  const pieces: Piece[] = []
  let restMatcher: RestMatcher | undefined
  for (const segment of segments) {
    let last = 0
    let previousEnd = -1
    const literals: string[] = []
    const rest: boolean[] = []
    for (const found of segment.matchAll(PATH_PARAM)) {
      const name = (found[1] ?? '').trim()
      const start = found.index ?? 0
      if (!name) refuse("empty path param '{}'")
      if (start === previousEnd)
        refuse(`path params '{${names.at(-1)}}{${name}}' need a literal between them`)
      if (names.includes(name)) refuse(`path param '{${name}}' appears twice`)
      const rule = ruleOf(name)
      const isRest = rule.match === 'rest'
      if (isRest) restMatcher ??= rule.restMatcher
      literals.push(encodeURI(segment.slice(last, start)))
      rest.push(isRest)
      names.push(name)
      last = previousEnd = start + found[0].length
    }
    literals.push(encodeURI(segment.slice(last)))
    // the whole segment is one param (`{id}`), nothing around it
    const lone = rest.length === 1 && literals[0] === '' && literals[1] === ''
    pieces.push({
      shape: rest.length ? (lone ? null : literals) : (literals[0] as string),
      optionalParam: lone && ruleOf(names.at(-1) as string).optional,
      literals,
      rest,
    })
  }

  // Trailing params with defaults may be absent.
  let required = pieces.length
  while (required > 0 && (pieces[required - 1] as Piece).optionalParam) required--
  const match = matcherOf(pieces, required, names.length, restMatcher, refuse)
  return { template: normalised, match, names, optional: pieces.length - required }
}

/**
 * The linear matcher of a template: one variant per number of trailing
 * optional segments present. Like the reference regex (tests/helpers/path-regex.ts), a variant with longer earlier
 * params wins; at equal values, more optional segments present wins.
 */
function matcherOf(
  pieces: readonly Piece[],
  required: number,
  count: number,
  restMatcher: RestMatcher | undefined,
  refuse: (problem: string) => never,
): PathMatcher {
  const pad = (values: (string | undefined)[]): (string | undefined)[] => {
    while (values.length < count) values.push(undefined)
    return values
  }
  // With no required segment, a lone `/` (or the empty path) is every param absent.
  if (required === 0) {
    const inner = matcherOf(pieces, 1, count, restMatcher, refuse)
    return (path) => (path === '/' || path === '' ? pad([]) : inner(path))
  }
  if (pieces.some((piece) => piece.rest.includes(true))) {
    const byMarker = restMatcher ?? refuse('a rest param is declared by its marker')
    const match = byMarker(pieces, required)
    return (path) => {
      const values = match(path)
      return values && pad(values)
    }
  }
  // Without rest params every variant splits the required segments the same way: the first match wins.
  const shape = pieces.map((piece) => piece.shape)
  // Every segment required: one variant, every value there (none to pad), matched straight.
  if (required === pieces.length) return (path) => matchBySegments(path, shape)
  const variants: Piece['shape'][][] = []
  for (let present = pieces.length; present >= required; present--)
    variants.push(shape.slice(0, present))
  return (path) => {
    for (const variant of variants) {
      const values = matchBySegments(path, variant)
      if (values) return pad(values)
    }
    return undefined
  }
}

/**
 * The matcher of a template with rest params (which may span segments): one chain per number of
 * trailing optional segments present, the one with the longer earlier values winning (the
 * regex's preference). What `request.FilePathParam` brings (`PathParamRule.restMatcher`).
 *
 * @example
 * compilePath('/file/{path}', () => ({ match: 'rest', optional: false, restMatcher })).match?.('/file/a/b') // ['a/b']
 */
export const restMatcher: RestMatcher = (pieces, required) => {
  const variants: PathMatcher[] = []
  for (let present = pieces.length; present >= required; present--) {
    const used = pieces.slice(0, present)
    const chain = toChain(used)
    variants.push(
      used.length === 0
        ? (path) => (path === '/' || path === '' ? [] : undefined)
        : (path) => matchChain(path, chain),
    )
  }
  const [only] = variants
  if (variants.length === 1 && only) return only
  return (path) => {
    let best: (string | undefined)[] | undefined
    for (const variant of variants) {
      const values = variant(path)
      if (values && (!best || longerFirst(values, best))) best = values
    }
    return best
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

function toChain(pieces: readonly TemplatePiece[]): ChainPattern {
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
