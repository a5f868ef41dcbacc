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
  return { template: normalised, regex: new RegExp(`^${head || '/?'}${tail}$`), names }
}
