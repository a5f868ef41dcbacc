/**
 * What keeps a test file out of the `unit` tier (vitest.config.ts): a static
 * scan of the file and of the project modules it imports (tests/, examples/,
 * bench/ — not src/, whose serving code runs only when a test calls it, which
 * the test's own text then shows). Comments are left out, so a comment that
 * names `service.run()` does not count; what the code calls does.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** The repository root (absolute, with a trailing slash). */
export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))

/**
 * One kind of work the unit tier leaves to the other projects, found by what a
 * module imports (`modules`, matched against each module specifier it loads at
 * run time: static, re-exported or dynamic; `import type` left out) or by what
 * its code calls (`code`, matched against its code with comments and string
 * contents left out, so a test that only names `service.run()` in a message
 * does not count), or by an option it sets to a string (`options`, matched
 * against `name: value` of each property written `name: 'value'`).
 */
export interface HeavyMark {
  reason: string
  modules?: RegExp
  code?: RegExp
  options?: RegExp
}

/**
 * The marks: a child process, a listening socket or a network client, the
 * runtime matrix, a browser, a database or cache server (PGlite included: it
 * is PostgreSQL in WebAssembly, seconds to start: `engine: 'pglite'`), a TypeScript program (a type-check), a
 * build or bundle of the package.
 */
export const HEAVY_MARKS: readonly HeavyMark[] = [
  { reason: 'starts a child process', modules: /^(?:node:)?child_process$|^execa$/, code: /\b(?:spawn|spawnSync|execFile|execFileSync|execSync|fork)\s*\(/ },
  { reason: 'starts a network server', modules: /^@hono\/node-server/, code: /\bcreateServer\s*\(|\.listen\s*\(|\.run\s*\(|\bBun\.serve\s*\(|\bDeno\.serve\s*\(|\bfreePort\s*\(/ },
  { reason: 'opens sockets', modules: /^(?:node:)?(?:net|http|https|http2|tls|dgram)$|^undici$/ },
  { reason: 'runs the runtime matrix', modules: /^miniflare$|^wrangler$/, code: /\bruntimesFor\s*\(|\bstartServer\s*\(/ },
  { reason: 'drives a browser', modules: /playwright/, code: /\bchromium\b/ },
  { reason: 'needs PostgreSQL or Redis', modules: /^postgres$|^redis$|^@electric-sql\/pglite/, code: /\bstartPostgres\s*\(/, options: /^engine: pglite$/ },
  { reason: 'type-checks a program', code: /\bcreateProgram\s*\(|\bcreateLanguageService\s*\(/ },
  { reason: 'builds or bundles the package', modules: /^esbuild$|^tsup$|^publint$/, code: /\bbuiltDist\s*\(/ },
]

/** A scanned module: what it loads at run time, its code without comments or string contents, the options it sets to strings. */
interface ScannedModule {
  specifiers: string[]
  code: string
  options: string[]
}

/** Modules already read, by absolute path: the helpers most tests import are read once. */
const modules = new Map<string, ScannedModule>()

function readModule(path: string): ScannedModule {
  const known = modules.get(path)
  if (known) return known
  const text = readFileSync(path, 'utf8')
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const specifiers: string[] = []
  const literals: [start: number, end: number][] = []
  const options: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text)
    if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) specifiers.push(node.moduleSpecifier.text)
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments
      if (specifier && ts.isStringLiteralLike(specifier)) specifiers.push(specifier.text)
    }
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && ts.isStringLiteralLike(node.initializer)) options.push(`${node.name.text}: ${node.initializer.text}`)
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || node.kind === ts.SyntaxKind.TemplateHead) literals.push([node.getStart(file), node.end])
    ts.forEachChild(node, visit)
  }
  visit(file)
  // string contents blanked first, so that a `//` inside a string is not taken for a comment below
  let code = ''
  let from = 0
  for (const [start, end] of literals.sort((a, b) => a[0] - b[0])) {
    code += `${text.slice(from, start)}''`
    from = end
  }
  code = (code + text.slice(from)).replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
  const scannedModule = { specifiers, code, options }
  modules.set(path, scannedModule)
  return scannedModule
}

/** `./x` from `dir` → the project module it names (`x.ts`, `x/index.ts`, or the file itself), if any. */
function resolveModule(dir: string, specifier: string): string | undefined {
  const base = resolve(dir, specifier)
  const stem = base.replace(/\.(?:m?js|ts)$/, '')
  return [base, `${stem}.ts`, `${stem}.mts`, `${stem}/index.ts`].find((candidate) => /\.m?[jt]s$/.test(candidate) && existsSync(candidate))
}

/** Whether a module is scanned with the test that imports it: the project's own test code, examples and bench, never src/ or node_modules. */
function scanned(path: string): boolean {
  const inRepository = relative(repositoryRoot, path).split('\\').join('/')
  return !inRepository.startsWith('..') && !inRepository.startsWith('src/') && !inRepository.includes('node_modules/')
}

/**
 * Why `testFile` (a path from the repository root) cannot be a unit test:
 * each mark found in it or in a project module it imports, as
 * `reason (module: what showed it)`. Empty when it works in-process only.
 */
export function heavyReasons(testFile: string): string[] {
  const reasons: string[] = []
  const seen = new Set<string>()
  const queue = [join(repositoryRoot, testFile)]
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue
    seen.add(path)
    const { specifiers, code, options } = readModule(path)
    const where = relative(repositoryRoot, path).split('\\').join('/')
    for (const mark of HEAVY_MARKS) {
      const imported = mark.modules && specifiers.find((specifier) => mark.modules?.test(specifier))
      const called = mark.code?.exec(code)?.[0]
      const set = mark.options && options.find((option) => mark.options?.test(option))
      if (imported) reasons.push(`${mark.reason} (${where}: imports ${imported})`)
      else if (called) reasons.push(`${mark.reason} (${where}: ${called})`)
      else if (set) reasons.push(`${mark.reason} (${where}: ${set})`)
    }
    for (const specifier of specifiers.filter((specifier) => specifier.startsWith('.'))) {
      const target = resolveModule(dirname(path), specifier)
      if (target && scanned(target)) queue.push(target)
    }
  }
  return reasons
}
