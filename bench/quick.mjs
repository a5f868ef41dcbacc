#!/usr/bin/env node
/**
 * Same as `npm run bench:quick` (`node bench/run.mjs --quick`): in-process only,
 * a few short rounds, under a minute; narrows with BENCH_RUNTIMES and BENCH_ONLY.
 *
 * @example BENCH_RUNTIMES=bun BENCH_ONLY=E3,E3u node bench/quick.mjs
 */
process.argv.push('--quick')
await import('./run.mjs')
