/**
 * Route matching is linear in the path: a property test
 * over random templates — several params per segment, rest params, optional
 * trailing params — checks the matcher against the reference regex on short
 * paths (where backtracking is harmless), then times it on 16 KB adversarial
 * paths, where the regex would take seconds.
 */
import { describe, expect, it } from 'vitest'
import { compilePath, restMatcher, Router, type PathParamRule } from '../../src/router'
import { referenceRegex } from '../helpers/path-regex'
import { seeded as random } from '../helpers/random'
import { cpuTimeSync } from '../helpers/time'


const LITERALS = ['-', '.', 'v', 'ab', '-x-', '_', 'a']
const CHARS = ['a', 'b', '-', '.', 'v', 'x', '_', '/']

interface Template {
  text: string
  rules: Record<string, PathParamRule>
}

function randomTemplate(next: () => number): Template {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T
  const rules: Record<string, PathParamRule> = {}
  let param = 0
  const segments: string[] = []
  const count = 1 + Math.floor(next() * 3)
  for (let s = 0; s < count; s++) {
    const kind = next()
    if (kind < 0.2) {
      segments.push(pick(LITERALS))
      continue
    }
    // 1–3 params in the segment, separated by literals, optionally framed by literals.
    const params = 1 + Math.floor(next() * 3)
    let text = next() < 0.3 ? pick(LITERALS) : ''
    for (let p = 0; p < params; p++) {
      const name = `p${param++}`
      rules[name] = { match: next() < 0.15 ? 'rest' : 'segment', optional: false }
      text += `{${name}}`
      if (p < params - 1) text += pick(LITERALS)
    }
    if (next() < 0.3) text += pick(LITERALS)
    segments.push(text)
  }
  // Trailing lone params may be optional.
  for (let s = segments.length - 1; s >= 0; s--) {
    const lone = /^\{(p\d+)\}$/.exec(segments[s] as string)
    if (!lone || next() < 0.4) break
    ;(rules[lone[1] as string] as PathParamRule).optional = true
  }
  return { text: `/${segments.join('/')}`, rules }
}

function randomPath(next: () => number, template: string): string {
  // Half the paths are the template with its params filled in (mostly matches), half are noise.
  if (next() < 0.5) {
    return template.replace(/\{p\d+\}/g, () => {
      const length = Math.floor(next() * 4)
      return Array.from({ length }, () => CHARS[Math.floor(next() * CHARS.length)]).join('')
    })
  }
  const length = Math.floor(next() * 14)
  return `/${Array.from({ length }, () => CHARS[Math.floor(next() * CHARS.length)]).join('')}`
}

// A rest rule brings its matcher, as request.FilePathParam's spec does (compile/routes.ts ruleFor).
const withRest = (rule: PathParamRule): PathParamRule => (rule.match === 'rest' ? { ...rule, restMatcher } : rule)
const ruleOf = (template: Template) => (name: string) => withRest(template.rules[name] ?? { match: 'segment', optional: false })
const compile = (template: Template) => compilePath(template.text, ruleOf(template))

describe('route matching', () => {
  it('agrees with the reference regex on random templates and paths', () => {
    const next = random(Number(process.env.ROUTER_SEED ?? 9))
    let matched = 0
    for (let t = 0; t < 400; t++) {
      const template = randomTemplate(next)
      const compiled = compile(template)
      const reference = referenceRegex(template.text, ruleOf(template))
      for (let p = 0; p < 60; p++) {
        const path = randomPath(next, template.text)
        if (path.startsWith('//')) continue // the regex's optional leading `/?` quirk; the router never sees such paths
        const expected = reference?.exec(path)?.slice(1)
        const actual = compiled.match?.(path)
        if (JSON.stringify(actual) !== JSON.stringify(expected)) {
          throw new Error(`${template.text} ${JSON.stringify(template.rules)} on '${path}': got ${JSON.stringify(actual)}, regex ${JSON.stringify(expected)}`)
        }
        if (expected) matched++
      }
    }
    expect(matched).toBeGreaterThan(2000) // the property was exercised on matches, not only misses
  })

  it('answers any template on 16 KB adversarial paths in well under 50 ms', () => {
    const next = random(10)
    const templates: Template[] = [
      { text: '/{a}-{b}-{c}', rules: {} },
      { text: '/{start}-{end}', rules: {} },
      { text: '/v{version}.{ext}', rules: {} },
      { text: '/x/{a}-{b}-{c}-{d}.json', rules: {} },
      { text: '/{a}-{r}.txt', rules: { r: { match: 'rest', optional: false } } },
      { text: '/{r}/{s}/z', rules: { r: { match: 'rest', optional: false }, s: { match: 'rest', optional: false } } },
      ...Array.from({ length: 60 }, () => randomTemplate(next)),
    ]
    const size = 16 * 1024
    const paths = [
      `/${'-'.repeat(size)}`,
      `/${'-'.repeat(size)}x`,
      `/${'a-'.repeat(size / 2)}`,
      `/${'.'.repeat(size)}`,
      `/v${'.'.repeat(size)}`,
      `/x/${'-'.repeat(size)}`,
      `/${'a/'.repeat(size / 2)}b`,
      `/${'/'.repeat(size)}`,
      `/${'-x-'.repeat(size / 3)}`,
      `/${'ab'.repeat(size / 2)}`,
      `/${'_'.repeat(size)}`,
    ]
    let worst = 0
    let worstCase = ''
    for (const template of templates) {
      const compiled = compile(template)
      for (const path of paths) {
        const { ms } = cpuTimeSync(() => compiled.match?.(path))
        if (ms > worst) [worst, worstCase] = [ms, `${template.text} on ${path.slice(0, 12)}…`]
      }
    }
    // CPU time: typically under 5 ms for the worst pair; 1000 ms leaves room for a GC pause on a busy machine,
    // while a backtracking matcher takes seconds to minutes on these paths
    expect(worst, worstCase).toBeLessThan(1000)
  })

  it('the router answers a 16 KB path to {a}-{b}-{c} fast', () => {
    const rule = (): PathParamRule => ({ match: 'segment', optional: false })
    const router = new Router([
      { method: 'GET', path: compilePath('/{a}-{b}-{c}', rule), data: 1 },
      { method: 'GET', path: compilePath('/r/{start}-{end}', rule), data: 2 },
    ])
    const { ms } = cpuTimeSync(() => {
      expect(router.match(`/${'-'.repeat(16 * 1024)}`, 'GET')?.values).toEqual([`${'-'.repeat(16 * 1024 - 4)}`, '-', '-'])
      expect(router.match(`/${'-'.repeat(16 * 1024)}/x`, 'GET')).toBeUndefined()
      expect(router.find(`/r/${'-'.repeat(16 * 1024)}`)?.byMethod.get('GET')?.values).toEqual([`${'-'.repeat(16 * 1024 - 2)}`, '-'])
    })
    expect(ms, 'CPU ms (typically ~3; a hang guard: a GC pause or a busy machine fits, backtracking (minutes) does not)').toBeLessThan(10_000)
    expect(router.match('/1-2-3', 'GET')?.values).toEqual(['1', '2', '3'])
    expect(router.match('/1-2-3-4', 'GET')?.values).toEqual(['1-2', '3', '4'])
  })
})

describe('rest params bring their own matching (request.FilePathParam)', () => {
  it('a template with a rest param compiles with the marker’s matcher, and is refused without it', () => {
    const rest = { match: 'rest', optional: false } as const
    expect(compilePath('/file/{path}', () => ({ ...rest, restMatcher })).match?.('/file/a/b.md')).toEqual(['a/b.md'])
    expect(() => compilePath('/file/{path}', () => rest)).toThrow(/rest param is declared by its marker/)
  })
})
