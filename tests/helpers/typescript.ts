/**
 * TypeScript-compiler checks that share their parsing: every program made
 * here in one worker, by any test file, reuses the source files already
 * parsed (lib, src, node_modules types are most of a program's cost), as a
 * language service does.
 */
import { join } from 'node:path'
import ts from 'typescript'

/**
 * The parsed files, kept on `globalThis` so they outlive `vi.resetModules()`
 * (tests/setup/file.ts): every file of a shared worker reuses them.
 */
const CACHE = Symbol.for('fw.tests.typescript.parsed')
const holder = globalThis as typeof globalThis & { [CACHE]?: Map<string, ts.SourceFile | undefined> }
const parsed = (holder[CACHE] ??= new Map())

/** A program over `rootNames` whose host hands out cached source files. */
export function program(rootNames: readonly string[], options: ts.CompilerOptions): ts.Program {
  const host = ts.createCompilerHost(options)
  const read = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, language, onError, create) => {
    const version = typeof language === 'object' ? `${language.languageVersion}:${language.impliedNodeFormat ?? ''}` : String(language)
    const key = `${fileName}\0${version}`
    if (!parsed.has(key)) parsed.set(key, read(fileName, language, onError, create))
    return parsed.get(key)
  }
  return ts.createProgram({ rootNames, options, host })
}

/** A tsconfig's options (and files) with `overrides` on top. */
export function fromConfig(tsconfig: string, overrides: ts.CompilerOptions = {}): ts.ParsedCommandLine {
  const config = ts.readConfigFile(tsconfig, ts.sys.readFile)
  return ts.parseJsonConfigFileContent(config.config, ts.sys, join(tsconfig, '..'), overrides, tsconfig)
}

/** The program's errors as `file:line message` (file relative to `base`), optionally only those of files under `base`. */
export function errors(checked: ts.Program, base: string, only = false): string[] {
  return ts
    .getPreEmitDiagnostics(checked)
    .filter((diagnostic) => !only || diagnostic.file?.fileName.startsWith(base))
    .map((diagnostic) => {
      const where = diagnostic.file ? `${diagnostic.file.fileName.replace(`${base}/`, '')}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1} ` : ''
      return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`
    })
}
