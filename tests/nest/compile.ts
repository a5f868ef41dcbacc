/**
 * Compile the Nest fixture with TypeScript itself, as a Nest project does
 * (`experimentalDecorators` + `emitDecoratorMetadata`, strict): esbuild emits
 * no decorator metadata, so Nest's constructor injection would fail there.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('../..', import.meta.url))
/** Inside the project, so the emitted JS resolves @nestjs/* from its node_modules. */
const tmp = join(root, 'tests/.tmp/nest')

/** Compile options of a Nest project (the ones that matter for decorators). */
export const nestCompilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  useDefineForClassFields: true,
  skipLibCheck: true,
  types: [],
}

/**
 * Emit tests/nest/fixture/*.ts to tests/.tmp/nest/<name> (one folder per test
 * file: files run in parallel); returns the diagnostics and the emitted module's URL.
 */
export function compileFixture(name: string): { diagnostics: string[]; url: string; js: string } {
  const outDir = join(tmp, name)
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const file = join(root, 'tests/nest/fixture/app.module.ts')
  const program = ts.createProgram({ rootNames: [file], options: { ...nestCompilerOptions, outDir, rootDir: join(root, 'tests/nest/fixture') } })
  let js = ''
  const result = program.emit(undefined, (name, text) => {
    ts.sys.writeFile(name, text)
    if (name.endsWith('app.module.js')) js = text
  })
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))
  return { diagnostics, url: pathToFileURL(join(outDir, 'app.module.js')).href, js }
}
