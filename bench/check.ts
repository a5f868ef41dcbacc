/**
 * Differential checks of the hot-path rewrites against their plain
 * definitions, over random inputs (`npm run bench` runs them first):
 * - the compiled router vs every route in declaration order (first regex/literal match per method);
 * - `parseQuery` vs `new URLSearchParams(search)`.
 */
import { parseQuery, queryObject } from '../src/request/query'
import { compilePath, restMatcher, Router, type PathParamRule, type RouteEntry } from '../src/router'
import { referenceRegex } from '../tests/helpers/path-regex'

let seed = 12345
const random = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff
  return seed % n
}
const pick = <T>(list: readonly T[]): T => list[random(list.length)] as T
const METHODS = ['GET', 'POST', 'PUT']
const LITERALS = ['a', 'b', 'users', 'ü', 'x.y']
const PATH_SEGMENTS = ['a', 'b', 'users', '%C3%BC', 'x.y', 'xzy', '1', 'v2', 'vv2', 'zz', '', '%2F', 'a b', 'x\ny', 'a?b']

function template(): { text: string; rules: Record<string, PathParamRule> } {
  const parts: string[] = []
  const rules: Record<string, PathParamRule> = {}
  const length = 1 + random(4)
  for (let i = 0; i < length; i++) {
    const kind = random(6)
    const name = `p${i}`
    if (kind < 3) parts.push(pick(LITERALS))
    else if (kind === 3) parts.push(`v{${name}}`), (rules[name] = { match: 'segment', optional: false })
    // a rest rule brings its matcher, as request.FilePathParam's spec does
    else parts.push(`{${name}}`), (rules[name] = random(5) === 0 ? { match: 'rest', optional: random(3) === 0, restMatcher } : { match: 'segment', optional: random(3) === 0 })
  }
  return { text: parts.join('/'), rules }
}

let checked = 0
let segmentChecks = 0
let matched = 0
for (let round = 0; round < 300; round++) {
  const entries: RouteEntry<number>[] = []
  /** each entry's reference regex (tests/helpers/path-regex.ts), what the router must agree with */
  const regexOf = new Map<RouteEntry<number>, RegExp | undefined>()
  for (let i = 0; i < 1 + random(30); i++) {
    const { text, rules } = template()
    const ruleOf = (name: string): PathParamRule => rules[name] ?? { match: 'segment', optional: false }
    const entry = { method: pick(METHODS), path: compilePath(text, ruleOf), data: i }
    entries.push(entry)
    regexOf.set(entry, referenceRegex(text, ruleOf))
  }
  const router = new Router(entries)
  for (let p = 0; p < 60; p++) {
    const segments = Array.from({ length: 1 + random(4) }, () => pick(PATH_SEGMENTS))
    let path = `/${segments.join('/')}`
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
    for (const entry of entries) {
      if (!entry.path.match) continue
      const regex = regexOf.get(entry)
      const viaRegex = regex?.exec(path)?.slice(1)
      if (JSON.stringify(entry.path.match(path)) !== JSON.stringify(viaRegex)) {
        throw new Error(`the template's matcher disagrees with ${regex} on ${path}`)
      }
      segmentChecks++
    }
    for (const method of METHODS) {
      let expected: RouteEntry<number> | undefined
      let values: (string | undefined)[] = []
      for (const entry of entries) {
        if (entry.method !== method) continue
        const regex = regexOf.get(entry)
        if (entry.path.literal !== undefined ? entry.path.literal === path : regex?.test(path)) {
          expected = entry
          values = regex ? (regex.exec(path) as RegExpExecArray).slice(1) : []
          break
        }
      }
      const got = router.match(path, method)
      const viaFind = router.find(path)?.byMethod.get(method)
      for (const [how, result] of [['match', got], ['find', viaFind]] as const) {
        if (result?.entry !== expected || JSON.stringify(result?.values ?? []) !== JSON.stringify(expected ? values : [])) {
          throw new Error(`router ${how} mismatch for ${method} ${path}: got ${result?.entry.path.template}, expected ${expected?.path.template}\n${entries.map((e) => `${e.method} ${e.path.template}`).join('\n')}`)
        }
      }
      checked++
      if (expected) matched++
    }
  }
}
console.log(`router check: ${checked} lookups (${matched} matching a route) agree with the declaration-order scan; ${segmentChecks} template matches agree with the regex`)
if (matched < checked / 10) throw new Error('router check: too few matching lookups to mean anything')

const QUERY_PIECES = ['a', 'b', '=', '&', '&', '+', '%', '2', 'F', 'G', '%2B', '%26', '%3D', '%C3%A9', '%FF', '%E2%82', '?', 'é', '__proto__', '1', '0', 'x y']
let queries = 0
for (let i = 0; i < 20000; i++) {
  const search = Array.from({ length: random(12) }, () => pick(QUERY_PIECES)).join('')
  const expected = JSON.stringify(Object.entries(queryObject(new URLSearchParams(search))))
  const got = JSON.stringify(Object.entries(parseQuery(search)))
  if (got !== expected) throw new Error(`parseQuery mismatch for '${search}': ${got} vs ${expected}`)
  queries++
}
console.log(`query check: ${queries} query strings parse as URLSearchParams does`)
