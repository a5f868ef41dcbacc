#!/usr/bin/env node
/**
 * `node bench/checker.mjs`: bundles bench/checker.ts with esbuild and runs it
 * on Node, Bun and Deno (one JSON line each; see bench/checker.ts).
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '..')
const out = path.join(here, '.build')
const bin = (name) => path.join(root, 'node_modules', '.bin', name)
mkdirSync(out, { recursive: true })
const outfile = path.join(out, 'checker.mjs')
await build({ entryPoints: ['bench/checker.ts'], outfile, bundle: true, platform: 'node', format: 'esm', target: 'es2022', logLevel: 'warning', absWorkingDir: root, tsconfig: path.join(root, 'tsconfig.json') })
for (const [cmd, args] of [[process.execPath, [outfile]], [bin('bun'), [outfile]], [bin('deno'), ['run', '-A', outfile]]]) {
  const result = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
  process.stdout.write(result.stdout || `${path.basename(cmd)} failed (${result.status ?? result.signal})\n`)
}
