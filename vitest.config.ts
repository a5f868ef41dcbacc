import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const src = fileURLToPath(new URL('./src', import.meta.url))

export default defineConfig({
  resolve: {
    alias: [
      { find: /^fw-api$/, replacement: `${src}/index.ts` },
      { find: /^fw-api\/(.*)$/, replacement: `${src}/$1/index.ts` },
    ],
  },
  test: {
    include: ['tests/**/*.test.ts'],
    // one tsup build per run, made by the first test that needs it (tests/helpers/dist.ts)
    globalSetup: ['tests/setup/dist.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Files share their worker: the packages in node_modules (valibot, typescript, drizzle, Nest, …)
    // load once per worker instead of once per file, about half the suite's CPU time.
    // tests/setup/file.ts gives each file fresh project modules and no leftover spies.
    pool: 'forks',
    poolOptions: { forks: { isolate: false } },
    setupFiles: ['tests/setup/file.ts'],
    // Many files wait on child runtimes, sockets and timers: more workers than the 2 cores keep them busy.
    // minWorkers = maxWorkers: with fewer, tinypool ends an idle shared fork while vitest still
    // expects it ("Unhandled Rejection: Terminating worker thread", vitest 3.2 / tinypool 1.1).
    maxWorkers: 3,
    minWorkers: 3,
    // `tsc -p tsconfig.json` (src, tests, examples, bench): a type error anywhere fails the run,
    // and the expectTypeOf cases of tests/**/*.test-d.ts are reported as tests
    typecheck: { enabled: true, include: ['tests/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
