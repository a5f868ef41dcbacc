#!/usr/bin/env node
/**
 * `node bench/package.mjs`: the time a new user waits for the package — tsup build,
 * `npm pack`, install into a fresh project, two strict type-checks — measured by
 * running tests/package/consumer.test.ts alone, against a 60 s budget.
 *
 * A budget, not behaviour: it lives here, not in the test suite, where a busy
 * machine would turn it into a flaky failure. Run it on a quiet machine.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const BUDGET_MS = 60_000
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const started = Date.now()
const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'tests/package/consumer.test.ts'], { cwd: root, stdio: 'inherit' })
const ms = Date.now() - started
console.log(`package (build, pack, install, two type-checks): ${(ms / 1000).toFixed(1)} s (budget ${BUDGET_MS / 1000} s)`)
process.exit(result.status !== 0 || ms > BUDGET_MS ? 1 : 0)
