/**
 * Docs in code: every export of a public entry point (`fw-api`
 * and its subpaths) carries a JSDoc with an `@example`, so editors show how
 * to use it. Symbols are resolved with the TypeScript compiler.
 */
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { CHECK_MS } from './helpers/time'

const SUBPATHS = ['api', 'request', 'response', 'file', 'conf', 'exceptions', 'plugins', 'adapters', 'client', 'orm', 'testing', 'auth']
const src = fileURLToPath(new URL('../src', import.meta.url))
const entries = [`${src}/index.ts`, ...SUBPATHS.map((name) => `${src}/${name}/index.ts`)]

/** `entry: name` of each public export without an `@example` in its JSDoc. */
function undocumented(): string[] {
  const program = ts.createProgram(entries, { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, noEmit: true })
  const checker = program.getTypeChecker()
  const missing: string[] = []
  for (const entry of entries) {
    const file = program.getSourceFile(entry)
    const module = file && checker.getSymbolAtLocation(file)
    if (!module) throw new Error(`cannot read ${entry}`)
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      const declarations = symbol.getDeclarations() ?? []
      // Namespaces (`export * as api`) are documented in their own entry.
      if (declarations.some((declaration) => ts.isSourceFile(declaration) || ts.isModuleDeclaration(declaration))) continue
      const docs = declarations.flatMap((declaration) => ts.getJSDocCommentsAndTags(ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration))
      if (!docs.some((doc) => doc.getText().includes('@example'))) missing.push(`${entry.slice(src.length + 1)}: ${exported.getName()}`)
    }
  }
  return missing
}

describe('docs in code', () => {
  it('every public export has a JSDoc with an @example', () => {
    expect(undocumented()).toEqual([])
  }, CHECK_MS)
})
