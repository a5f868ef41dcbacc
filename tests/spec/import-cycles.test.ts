/**
 * No import cycle in src/ (issue #10): every relative import, type-only ones
 * included, forms a DAG; in particular api/ never imports service/.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const src = fileURLToPath(new URL('../../src', import.meta.url))
const IMPORT = /^(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'|^import\s+'(\.[^']+)'/gm

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : []
  })
}

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>()
  for (const file of files(src)) {
    const deps: string[] = []
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = join(dirname(file), match[1] ?? match[2] ?? '')
      const resolved = [`${target}.ts`, join(target, 'index.ts')].find((candidate) => existsSync(candidate))
      if (resolved) deps.push(resolved)
    }
    edges.set(file, deps)
  }
  return edges
}

describe('src/ import graph', () => {
  it('has no cycle', () => {
    const edges = graph()
    const state = new Map<string, 'open' | 'done'>()
    const cycles: string[] = []
    const visit = (file: string, stack: string[]): void => {
      state.set(file, 'open')
      stack.push(file)
      for (const dep of edges.get(file) ?? []) {
        if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep].map((path) => relative(src, path)).join(' → '))
        else if (!state.has(dep)) visit(dep, stack)
      }
      stack.pop()
      state.set(file, 'done')
    }
    for (const file of edges.keys()) if (!state.has(file)) visit(file, [])
    expect(cycles).toEqual([])
  })

  it('api/ does not import service/', () => {
    const offenders = [...graph()].filter(([file, deps]) => relative(src, file).startsWith('api/') && deps.some((dep) => relative(src, dep).startsWith('service/')))
    expect(offenders).toEqual([])
  })
})
