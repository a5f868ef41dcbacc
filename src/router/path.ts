import { ImproperlyConfigured } from '../exceptions'

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
  /** structural matcher for templates with params (capture groups in `names` order) */
  regex?: RegExp
  /**
   * Set when every segment is a literal or a whole required `{param}`
   * (`/users/{id}`): the literal text of each segment (percent-encoded as in
   * a request path), `null` for a param. The router then matches segment by
   * segment, the same result as `regex` without running it.
   */
  segments?: readonly (string | null)[]
  names: string[]
}

/**
 * Join route pieces; leading/trailing slashes are insignificant.
 *
 * @example
 * joinPath('/api/', 'article', '{slug}') // '/api/article/{slug}'
 */
export function joinPath(...parts: (string | undefined)[]): string {
  const segments: string[] = []
  for (const part of parts) if (part) for (const segment of part.split('/')) if (segment) segments.push(segment)
  return `/${segments.join('/')}`
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
export function compilePath(template: string, ruleOf: (name: string) => PathParamRule): CompiledPath {
  const normalised = joinPath(template)
  const segments = normalised.split('/').slice(1)
  if (!normalised.includes('{')) return { template: normalised, literal: normalised, names: [] }

  const names: string[] = []
  const pieces: { source: string; optionalParam: boolean }[] = []
  for (const segment of segments) {
    let source = ''
    let last = 0
    let previousEnd = -1
    let params = 0
    for (const found of segment.matchAll(PARAM)) {
      const name = (found[1] ?? '').trim()
      const start = found.index ?? 0
      if (!name) throw new ImproperlyConfigured(`route '${template}': empty path param '{}'`)
      if (start === previousEnd) {
        throw new ImproperlyConfigured(`route '${template}': path params '{${names.at(-1)}}{${name}}' need a literal between them`)
      }
      if (names.includes(name)) throw new ImproperlyConfigured(`route '${template}': path param '{${name}}' appears twice`)
      source += encodeLiteral(segment.slice(last, start))
      source += ruleOf(name).match === 'rest' ? '(.*)' : '([^/]+)'
      names.push(name)
      last = previousEnd = start + found[0].length
      params++
    }
    source += encodeLiteral(segment.slice(last))
    const lone = params === 1 && segment.startsWith('{') && segment.endsWith('}')
    pieces.push({ source, optionalParam: lone && ruleOf(names.at(-1) as string).optional })
  }

  // Trailing params with defaults may be absent: nest them as optional groups.
  let tail = ''
  let index = pieces.length
  while (index > 0 && (pieces[index - 1] as { optionalParam: boolean }).optionalParam) {
    index--
    tail = `(?:/${(pieces[index] as { source: string }).source}${tail})?`
  }
  const head = pieces.slice(0, index).map((piece) => `/${piece.source}`).join('')
  const regex = new RegExp(`^${head || '/?'}${tail}$`)
  // Whole-segment templates without optional or rest params match without the regex.
  const simple = !tail && segments.every((segment) => !segment.includes('{') || (LONE.test(segment) && ruleOf(segment.slice(1, -1).trim()).match === 'segment'))
  if (!simple) return { template: normalised, regex, names }
  return { template: normalised, regex, segments: segments.map((segment) => (segment.includes('{') ? null : encodeURI(segment))), names }
}

/**
 * Match a path against `CompiledPath.segments`: the param values, or
 * `undefined`. Same answer as the template's regex (`[^/]+` per param, each
 * literal exact, nothing before or after).
 *
 * @example
 * matchSegments(['users', null], '/users/42') // ['42']
 */
export function matchSegments(segments: readonly (string | null)[], path: string): string[] | undefined {
  const values: string[] = []
  let start = 1
  for (let i = 0; i < segments.length; i++) {
    if (start > path.length) return undefined
    let end = path.indexOf('/', start)
    if (end < 0) end = path.length
    const literal = segments[i]
    if (literal === null || literal === undefined) {
      if (end === start) return undefined
      values.push(path.slice(start, end))
    } else if (end - start !== literal.length || !path.startsWith(literal, start)) {
      return undefined
    }
    start = end + 1
  }
  return start === path.length + 1 && path.charCodeAt(0) === 0x2f ? values : undefined
}
