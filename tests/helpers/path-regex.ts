/**
 * The reference regex of a route template with params, the matcher's specification
 * (src/router/match.ts): `[^/]+` per segment param, `.*` per rest param, greedy and anchored,
 * trailing params with defaults nested as optional groups, capture groups in name order. It
 * backtracks on some templates (`{a}-{b}-{c}`), so the router never runs it: the property test
 * (tests/router/match.test.ts) checks `compilePath`'s linear matcher against it.
 */
import { joinPath, type PathParamRule } from '../../src/router'

const PARAM = /\{([^{}]*)\}/g

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Literal text of a template as it appears percent-encoded in a request path. */
function encodeLiteral(text: string): string {
  return escapeRegex(encodeURI(text))
}

/**
 * The reference regex of `template` (params as `ruleOf` says), or `undefined` for a template
 * without params.
 *
 * @example
 * referenceRegex('/item/{code}', () => ({ match: 'segment', optional: false }))?.source // '^\\/item\\/([^/]+)$'
 */
export function referenceRegex(
  template: string,
  ruleOf: (name: string) => PathParamRule,
): RegExp | undefined {
  const normalised = joinPath(template)
  if (!normalised.includes('{')) return undefined
  const pieces: { source: string; optional: boolean }[] = []
  for (const segment of normalised.split('/').slice(1)) {
    let source = ''
    let last = 0
    let params = 0
    let name = ''
    for (const found of segment.matchAll(PARAM)) {
      name = (found[1] ?? '').trim()
      source += encodeLiteral(segment.slice(last, found.index))
      source += ruleOf(name).match === 'rest' ? '(.*)' : '([^/]+)'
      last = (found.index ?? 0) + found[0].length
      params++
    }
    source += encodeLiteral(segment.slice(last))
    const lone = params === 1 && /^\{[^{}]*\}$/.test(segment)
    pieces.push({ source, optional: lone && ruleOf(name).optional })
  }
  // Trailing params with defaults may be absent: nest them as optional groups.
  let tail = ''
  let required = pieces.length
  while (required > 0 && pieces[required - 1]?.optional) {
    required--
    tail = `(?:/${pieces[required]?.source}${tail})?`
  }
  const head = pieces
    .slice(0, required)
    .map((piece) => `/${piece.source}`)
    .join('')
  // dotAll: a rest param takes any character, as the matcher does (a raw newline too).
  return new RegExp(`^${head || '/?'}${tail}$`, 's')
}
