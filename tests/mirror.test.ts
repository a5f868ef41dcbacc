/**
 * Every src unit with logic has its test file at the mirror path (STYLE.md,
 * "One unit, one home"): `src/a/b.ts` → `tests/a/b.test.ts`, so a reader finds a unit's own
 * contract next to where its path says. A file has logic when the TypeScript AST of it holds a
 * function body: a function, a method, a constructor, an accessor or an arrow function (a file of
 * types, re-exports or constants has none).
 *
 * UNMIRRORED lists the files with logic that have no mirror test yet, each with where its
 * behaviour is tested instead. The list may only shrink: a new src file with logic gets its
 * mirror test, never an entry here, and a file that gets its mirror test leaves the list (the
 * guard fails on an entry whose mirror exists). MAX_UNMIRRORED is the list's length: lower it with
 * the list, never raise it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url))
const src = join(repositoryRoot, 'src')

/** Whether a module's code holds a function body (the TypeScript AST, not a regular expression). */
function hasLogic(code: string): boolean {
  const file = ts.createSourceFile('module.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const visit = (node: ts.Node): boolean => {
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return true
    const withBody =
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    if (withBody && node.body !== undefined) return true
    return ts.forEachChild(node, visit) ?? false
  }
  return visit(file)
}

/** Every `.ts` file under src/ (declaration files left out), as a path from src/. */
function sourceFiles(dir = src, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) sourceFiles(path, found)
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) found.push(relative(src, path).split('\\').join('/'))
  }
  return found.sort()
}

/** `a/b.ts` → `tests/a/b.test.ts`. */
const mirrorOf = (file: string): string => `tests/${file.replace(/\.ts$/, '.test.ts')}`

const RESTRUCTURED = 'being restructured (another engineer renames/restructures it now): its mirror test comes after'

/**
 * The files with logic and no mirror test yet → where they are tested instead. Only shrinks (see
 * the top of this file). "runtime glue" files talk to a server, a socket, a process or a host
 * framework: their tests drive them through it (most over real HTTP, in the integration tier).
 * A file marked RESTRUCTURED is being restructured by another engineer: its mirror test comes after.
 * Empty since the ORM's last seven: every src unit with logic has its mirror
 * test, and the guard above keeps it so (a new file without one fails, naming the test to write).
 */
const UNMIRRORED: Readonly<Record<string, string>> = {}

/** The list's length: lower it as entries leave, never raise it. */
const MAX_UNMIRRORED = 0

const withLogic = sourceFiles().filter((file) => hasLogic(readFileSync(join(src, file), 'utf8')))
const mirrored = withLogic.filter((file) => existsSync(join(repositoryRoot, mirrorOf(file))))

describe('the logic check (TypeScript AST)', () => {
  it('finds a function body: declarations, methods, constructors, accessors, arrows', () => {
    expect(hasLogic('export function f() { return 1 }')).toBe(true)
    expect(hasLogic('export class A { m() {} }')).toBe(true)
    expect(hasLogic('export class A { constructor(readonly x: number) {} }')).toBe(true)
    expect(hasLogic('export class A { get x() { return 1 } }')).toBe(true)
    expect(hasLogic('export const f = (x: number) => x + 1')).toBe(true)
    expect(hasLogic('register({ run: function () {} })')).toBe(true)
  })

  it('finds none in types, re-exports, constants and overload signatures', () => {
    expect(hasLogic('export type A = { f(): void; g: (x: number) => string }')).toBe(false)
    expect(hasLogic('export interface I { m(): void }\nexport declare function f(): void')).toBe(false)
    expect(hasLogic("export { a } from './a'\nexport * from './b'\nimport './c'")).toBe(false)
    expect(hasLogic("export const LIMITS = Object.freeze({ depth: 32, name: 'x' })")).toBe(false)
    expect(hasLogic('export abstract class A { abstract m(): void }\nexport class E extends Error {}')).toBe(false)
  })
})

describe('every src unit with logic has its test file at the mirror path', () => {
  it(`has a mirror test or an entry of UNMIRRORED (with its reason) for each of them`, () => {
    const missing = withLogic.filter((file) => !mirrored.includes(file) && UNMIRRORED[file] === undefined)
    expect(missing.map((file) => `src/${file}: write ${mirrorOf(file)}`)).toEqual([])
  })

  it('lists only files with logic and no mirror test yet (the list only shrinks)', () => {
    const stale = Object.keys(UNMIRRORED).filter((file) => !withLogic.includes(file) || mirrored.includes(file))
    expect(
      stale.map((file) => (mirrored.includes(file) ? `${file}: ${mirrorOf(file)} exists, remove the entry` : `${file}: no such file with logic`)),
    ).toEqual([])
    expect(Object.keys(UNMIRRORED).length).toBeLessThanOrEqual(MAX_UNMIRRORED)
  })

  it('gives each entry a reason naming test files that exist', () => {
    for (const [file, reason] of Object.entries(UNMIRRORED)) {
      const named = reason.match(/tests\/[\w./-]+\.test\.ts/g) ?? []
      if (reason !== RESTRUCTURED) expect(named.length, `${file}: name the test file that covers it`).toBeGreaterThan(0)
      for (const test of named) expect(existsSync(join(repositoryRoot, test)), `${file}: ${test}`).toBe(true)
    }
  })

  it('counts them', () => {
    console.log(`src files with logic: ${withLogic.length}; with a mirror test: ${mirrored.length}; listed: ${Object.keys(UNMIRRORED).length}`)
    expect(mirrored.length + Object.keys(UNMIRRORED).length).toBe(withLogic.length)
  })
})
