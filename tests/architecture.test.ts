/**
 * Architecture guards (docs/architecture.md): no import cycle in src/ (at load
 * time, and with type-only imports too), no import against the layer order,
 * and no file in src/ over 300 lines. A small import-graph walk, no dependency.
 *
 * The load-time graph: static `import`/`export … from` of relative modules
 * (parsed with the TypeScript compiler already in devDependencies),
 * `import type`/`export type` left out (erased at build, they cannot make a
 * cycle at load time); dynamic `import()` left out (lazy). The full graph adds
 * the type-only ones: a type cycle is still two modules that cannot be read apart.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const MAX_LINES = 300
const src = fileURLToPath(new URL('../src', import.meta.url))

/** Module id → its text. */
type Sources = Map<string, string>

function readTree(dir: string, out: Sources = new Map()): Sources {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) readTree(path, out)
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.set(relative(src, path).split('\\').join('/'), readFileSync(path, 'utf8'))
  }
  return out
}

/** Relative specifiers this module loads at load time (parsed with the TypeScript compiler, top-level statements); with `types`, type-only ones too. */
export function loadTimeImports(code: string, types = false): string[] {
  const file = ts.createSourceFile('module.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
  const found: string[] = []
  for (const statement of file.statements) {
    let specifier: ts.Expression | undefined
    if (ts.isImportDeclaration(statement) && (types || !statement.importClause?.isTypeOnly)) specifier = statement.moduleSpecifier
    if (ts.isExportDeclaration(statement) && (types || !statement.isTypeOnly)) specifier = statement.moduleSpecifier
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')) found.push(specifier.text)
  }
  return found
}

/** `./x` from `a/b.ts` → `a/x.ts` or `a/x/index.ts`, whichever exists. */
function resolveModule(from: string, specifier: string, modules: Sources): string | undefined {
  const base = relative('/', resolve('/', dirname(from), specifier)).split('\\').join('/')
  const stem = base.replace(/\.(js|ts)$/, '')
  return [`${stem}.ts`, `${stem}/index.ts`].find((candidate) => modules.has(candidate))
}

export function importGraph(modules: Sources, types = false): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const [id, code] of modules) {
    const edges = loadTimeImports(code, types)
      .map((specifier) => resolveModule(id, specifier, modules))
      .filter((target): target is string => target !== undefined)
    graph.set(id, [...new Set(edges)])
  }
  return graph
}

/** Every cycle's strongly connected component (Tarjan), each shown as one closed path from its first member by name. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string): void => {
    index.set(node, counter)
    low.set(node, counter++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number))
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member)
      component.push(member)
      if (member === node) break
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(closedPath(graph, new Set(component), component.sort()[0] as string))
  }
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node)
  return found
}

/** A shortest path from `start` back to itself inside one component (breadth first). */
function closedPath(graph: Map<string, string[]>, component: Set<string>, start: string): string[] {
  const previous = new Map<string, string>()
  const queue = [start]
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as string
    for (const next of graph.get(node) ?? []) {
      if (!component.has(next)) continue
      if (next === start) {
        const path = [start]
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) path.splice(1, 0, at)
        return [...path, start]
      }
      if (!previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return [start, start]
}

/**
 * The layer order of docs/architecture.md, lowest first: a module may import
 * its own layer and those below. Folders of src/ (root files by name); a module named whole
 * (`api/index.ts`: the `fw-api/api` entry, whose `API` carries `__as__` from service/;
 * `request/index.ts`: the `fw-api/request` entry, whose body markers come from body/; the
 * opt-in entries `adapters/`, `serve/`, `xml/`, `openapi/`, `proxy/` and `testing/index.ts`, which register
 * themselves with `service/host.ts`) sits in its own layer, not its folder's.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ['types.ts', 'polyfill.ts', 'utils', 'exceptions', 'meta'],
  ['schema', 'router'],
  ['request', 'response'],
  ['node'],
  ['file'],
  ['body'],
  ['api', 'conf'],
  ['pipeline'],
  ['compile'],
  ['plugins', 'openapi', 'orm', 'client', 'serve', 'auth', 'static', 'health', 'proxy', 'otel', 'ws', 'ws'],
  ['adapters'],
  ['service'],
  ['testing'],
  ['index.ts', 'api/index.ts', 'request/index.ts', 'adapters/index.ts', 'serve/index.ts', 'xml/index.ts', 'openapi/index.ts', 'testing/index.ts', 'static/index.ts', 'health/index.ts', 'proxy/index.ts', 'ws/index.ts'],
]

/** Imports that still point up, each with where it is being moved (docs/architecture.md, "Known exceptions"); none left. */
export const KNOWN_UPWARD: readonly string[] = []

/** Type-only import cycles still to be broken; any other cycle fails. None left. */
export const KNOWN_TYPE_CYCLES: readonly string[] = []

function layerOf(id: string): number {
  const top = id.includes('/') ? (id.split('/')[0] as string) : id
  const named = LAYERS.findIndex((names) => names.includes(id))
  const layer = named >= 0 ? named : LAYERS.findIndex((names) => names.includes(top))
  if (layer < 0) throw new Error(`${id}: not in any layer of docs/architecture.md`)
  return layer
}

/** Every import (`from → to`) whose target sits in a higher layer than its importer. */
export function upwardImports(graph: Map<string, string[]>): string[] {
  const found: string[] = []
  for (const [from, targets] of graph) for (const to of targets) if (layerOf(to) > layerOf(from)) found.push(`${from} → ${to}`)
  return found.sort()
}

/**
 * The folders of src/ a request runs through (serving, dispatch, routing, the request context,
 * params, schemas, bodies, hooks, plugins, templates, the Node edge): no module in them may keep
 * a top-level `let`/`var` (per-request state lives on the request; what a module keeps is `const`).
 */
export const REQUEST_PATH_FOLDERS: readonly string[] = [
  'adapters', 'api', 'auth', 'body', 'compile', 'pipeline', 'conf', 'exceptions', 'file', 'meta', 'node', 'orm',
  'plugins', 'request', 'response', 'router', 'schema', 'serve', 'service', 'utils', 'xml', 'static', 'health', 'proxy', 'otel', 'ws',
]

/** The folders no request runs through: the typed client, the OpenAPI document (built once), `fw-api/testing`. */
export const OFF_PATH_FOLDERS: readonly string[] = ['client', 'openapi', 'testing']

/** `module: name` of every top-level `let`/`var` (parsed with the TypeScript compiler; `const` and `using` pass). */
export function topLevelMutables(modules: Sources): string[] {
  const found: string[] = []
  for (const [id, code] of modules) {
    const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS)
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue
      if (statement.declarationList.flags & (ts.NodeFlags.Const | ts.NodeFlags.Using)) continue
      for (const declaration of statement.declarationList.declarations) found.push(`${id}: ${declaration.name.getText(file)}`)
    }
  }
  return found.sort()
}

export function longFiles(modules: Sources, max = MAX_LINES): string[] {
  return [...modules]
    .map(([id, code]) => [id, code.replace(/\n$/, '').split('\n').length] as const)
    .filter(([, lines]) => lines > max)
    .map(([id, lines]) => `${id}: ${lines} lines`)
}

describe('the architecture checker itself', () => {
  const planted: Sources = new Map([
    ['a/index.ts', "export { b } from './b'\nimport type { T } from '../types'\n"],
    ['a/b.ts', "import { c } from '../c/c'\nexport const b = c\n"],
    ['c/c.ts', "import { helper } from '../a'\n// import { x } from '../d'\nexport const c = () => helper\nconst lazy = () => import('../d')\n"],
    ['d.ts', "import type { b } from './a/b'\nexport interface I {\n  a: string\n}\nexport * from './types'\n"],
    ['types.ts', 'export type T = 1\n' + 'x\n'.repeat(300)],
  ])

  it('reads load-time imports and skips type-only, commented-out and dynamic ones', () => {
    expect(loadTimeImports(planted.get('a/index.ts') as string)).toEqual(['./b'])
    expect(loadTimeImports(planted.get('c/c.ts') as string)).toEqual(['../a'])
    expect(loadTimeImports(planted.get('d.ts') as string)).toEqual(['./types'])
    expect(loadTimeImports("import './polyfill'\nimport x, { y } from \"./z.js\"\nexport { a as b } from './w'")).toEqual(['./polyfill', './z.js', './w'])
  })

  it('finds a planted cycle with its path, and none once it is broken', () => {
    expect(cycles(importGraph(planted))).toEqual([['a/b.ts', 'c/c.ts', 'a/index.ts', 'a/b.ts']])
    const broken = new Map(planted).set('c/c.ts', 'export const c = 1\n')
    expect(cycles(importGraph(broken))).toEqual([])
  })

  it('finds an import against the layer order', () => {
    const graph = new Map([['schema/a.ts', ['utils/b.ts', 'body/c.ts']], ['service/d.ts', ['api/e.ts']]])
    expect(upwardImports(graph)).toEqual(['schema/a.ts → body/c.ts'])
  })

  it('places a module named in the layers in its own layer, its folder’s other modules in the folder’s', () => {
    const graph = new Map([['api/index.ts', ['service/as.ts']], ['api/api.ts', ['service/as.ts']]])
    expect(upwardImports(graph)).toEqual(['api/api.ts → service/as.ts'])
  })

  it('finds a file over the limit', () => {
    expect(longFiles(planted)).toEqual(['types.ts: 301 lines'])
  })

  it('finds a top-level let or var, and not a const, a local let or a let in a block', () => {
    const planted: Sources = new Map([
      ['a.ts', 'let last: string | undefined\nconst fixed = 1\nexport var old = 2\nfunction f() { let local = 1; return local }\n'],
      ['b.ts', 'for (let i = 0; i < 1; i++) {}\n{ let inner = 1 }\nexport const registry = new WeakMap()\n'],
    ])
    expect(topLevelMutables(planted)).toEqual(['a.ts: last', 'a.ts: old'])
  })

  it('walks the real src/ (the entry reaches the subpath modules)', () => {
    const graph = importGraph(readTree(src))
    expect(graph.size).toBeGreaterThan(30)
    expect(graph.get('index.ts')).toEqual(expect.arrayContaining(['api/index.ts', 'request/index.ts', 'service/index.ts']))
  })
})

describe('src/ architecture', () => {
  const modules = readTree(src)

  it('has no import cycle', () => {
    expect(cycles(importGraph(modules)).map((path) => path.join(' → '))).toEqual([])
  })

  it('has no import cycle counting type-only imports (but for the known ones)', () => {
    expect(cycles(importGraph(modules, true)).map((path) => path.join(' → ')).filter((cycle) => !KNOWN_TYPE_CYCLES.includes(cycle))).toEqual([])
  })

  it('imports only down the layer order (docs/architecture.md), but for the known exceptions', () => {
    expect(upwardImports(importGraph(modules, true)).filter((edge) => !KNOWN_UPWARD.includes(edge))).toEqual([])
  })

  it('has no top-level let or var in a request-path folder', () => {
    const folderOf = (id: string): string => id.split('/')[0] as string
    const folders = new Set([...modules.keys()].filter((id) => id.includes('/')).map(folderOf))
    const unlisted = [...folders].filter((folder) => !REQUEST_PATH_FOLDERS.includes(folder) && !OFF_PATH_FOLDERS.includes(folder))
    expect(unlisted, 'a new folder of src/: list it as on or off the request path').toEqual([])
    const onPath = new Map([...modules].filter(([id]) => REQUEST_PATH_FOLDERS.includes(folderOf(id))))
    expect(onPath.size).toBeGreaterThan(100)
    expect(topLevelMutables(onPath)).toEqual([])
  })

  it(`has no file over ${MAX_LINES} lines`, () => {
    expect(longFiles(modules)).toEqual([])
  })
})
