#!/usr/bin/env node
/**
 * fw-api command line.
 *
 *   fw-api openapi <module> [--export <name>] [--out <file>]
 *   fw-api new <dir> [--template minimal|api]      (bin/new.mjs: a ready project)
 *   fw-api db generate <tables module> [--out <file>] [--snapshot [file]]  (bin/db.mjs: the tables' DDL, for create: { ddl }; a PGlite snapshot)
 *
 * Imports <module> (a .js file, or a .ts file when `tsx` is installed), takes
 * the fw service it exports (`--export`, else `service`, else `default`, else
 * the first export with an `openapi()` method) and prints its OpenAPI 3.1
 * document, so clients in other languages can be generated from it:
 *
 *   npx fw-api openapi src/app.ts > openapi.json
 *
 * The module should export the service without starting it (`run()`).
 */
import { writeFile } from 'node:fs/promises'
import { loadModule } from './load.mjs'

const USAGE =
  'usage: fw-api openapi <module> [--export <name>] [--out <file>]\n       fw-api new <dir> [--template minimal|api]\n       fw-api db generate <tables module> [--out <file>] [--snapshot [file]]'

function fail(message, code = 1) {
  process.stderr.write(`fw-api: ${message}\n`)
  process.exit(code)
}

function option(args, name) {
  const index = args.indexOf(name)
  if (index < 0) return undefined
  const value = args[index + 1]
  if (value === undefined || value.startsWith('--')) fail(`${name} needs a value\n${USAGE}`, 2)
  args.splice(index, 2)
  return value
}

// The document builder is the fw-api/openapi entry (the core carries none): registered here,
// resolved as the module resolves fw-api, so a module that does not import it still documents.
async function load(file) {
  return (await loadModule(file, ['fw-api/openapi'], fail)).module
}

function serviceOf(module, name) {
  const hasOpenapi = (value) => value !== null && typeof value === 'object' && typeof value.openapi === 'function'
  if (name !== undefined) {
    if (!hasOpenapi(module[name])) fail(`export '${name}' is not an fw service (no openapi() method)`)
    return module[name]
  }
  for (const key of ['service', 'default']) if (hasOpenapi(module[key])) return module[key]
  const found = Object.values(module).find(hasOpenapi)
  if (!found) fail(`no export with an openapi() method (an fw service) in the module; exports: ${Object.keys(module).join(', ') || 'none'}`)
  return found
}

const args = process.argv.slice(2)
if (args[0] === '--help' || args[0] === '-h') {
  process.stdout.write(`${USAGE}\n`)
  process.exit(0)
}
if (args[0] === 'new') {
  const { runNew } = await import('./new.mjs')
  await runNew(args.slice(1), fail)
  process.exit(0)
}
if (args[0] === 'db') {
  const { runDb } = await import('./db.mjs')
  await runDb(args.slice(1), fail, option)
  process.exit(0)
}
const exportName = option(args, '--export')
const out = option(args, '--out')
const [command, file, ...extra] = args
if (command !== 'openapi' || !file || extra.length) fail(USAGE, 2)

const service = serviceOf(await load(file), exportName)
const text = `${JSON.stringify(service.openapi(), null, 2)}\n`
if (out) await writeFile(out, text)
else await new Promise((done) => process.stdout.write(text, done))
process.exit(0)
