import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

const src = fileURLToPath(new URL('./src', import.meta.url))

/**
 * The test files that leave the process (docs/testing.md): each starts a child process (a runtime
 * of the matrix, tsx, tsc, a CLI), a network server or socket, a browser, PostgreSQL (PGlite
 * included) or Redis, type-checks a TypeScript program, or builds the package. They are the
 * `integration` project; every other `tests/**\/*.test.ts` is `unit`: in-process, seconds for the lot.
 *
 * A folder (`dir/**`) when every file of it is such a file by what it is for (the runtime matrices,
 * the packed package, deploy recipes, NestJS, the RealWorld app, …), else one line per file.
 * tests/tiers.test.ts scans every `unit` file (and the test modules it imports) for what these
 * do and fails naming the file and the reason: a new test that starts a server goes here.
 */
export const integrationTests: readonly string[] = [
  // whole folders: runtime matrices, the package as published, deploy recipes, peers and apps
  'tests/deploy/**',
  'tests/guide/**',
  'tests/helpers/**',
  'tests/legacy/**',
  'tests/nest/**',
  'tests/otel/**',
  'tests/package/**',
  'tests/realworld/**',
  'tests/runtimes/**',
  'tests/types/**',
  'tests/utilmeta/**',
  // one file each
  'tests/bench-realworld.test.ts',
  'tests/orm/bulk-upsert.test.ts',
  'tests/orm/compiled.test.ts',
  'tests/orm/declared-runtimes.test.ts',
  'tests/orm/counted.test.ts',
  'tests/orm/prepared.test.ts',
  'tests/orm/statements.test.ts',
  'tests/orm/read-plan-attack.test.ts',
  'tests/plugins/traffic-entries.test.ts',
  'tests/plugins/rate-limit.test.ts',
  'tests/plugins/rate-limit-workers.test.ts',
  'tests/plugins/rate-limit-workerd.test.ts',
  'tests/ws/attach.test.ts',
  'tests/ws/auth.test.ts',
  'tests/ws/node.test.ts',
  'tests/ws/pubsub.test.ts',
  'tests/ws/runtimes.test.ts',
  'tests/ws/typed-client.test.ts',
  'tests/ws/typed-client-runtimes.test.ts',
  'tests/ws/chat-example.test.ts',
  'tests/ws/workers.test.ts',
  'tests/adapters/attach-paths.test.ts',
  'tests/adapters/contain.test.ts',
  'tests/adapters/framing.test.ts',
  'tests/adapters/fw-integration.test.ts',
  'tests/adapters/native-attach.test.ts',
  'tests/adapters/node-http.test.ts',
  'tests/adapters/run-timeouts.test.ts',
  'tests/adapters/runtimes.test.ts',
  'tests/api/field-doc.test.ts',
  'tests/api/misplaced.test.ts',
  'tests/api/service-options.test.ts',
  'tests/auth/better-auth.test.ts',
  'tests/auth/client.test.ts',
  'tests/auth/guarded.test.ts',
  'tests/auth/hardening.test.ts',
  'tests/auth/login.test.ts',
  'tests/auth/lookup.test.ts',
  'tests/auth/openapi.test.ts',
  'tests/auth/runtimes.test.ts',
  'tests/auth/spec-example.test.ts',
  'tests/auth/stores.test.ts',
  'tests/auth/user.test.ts',
  'tests/auth/utilmeta.test.ts',
  'tests/auth/workerd.test.ts',
  'tests/auth/workers.test.ts',
  'tests/body/hono-node-server.test.ts',
  'tests/body/stream-text.test.ts',
  'tests/build.test.ts',
  'tests/client/answer.test.ts',
  'tests/client/bundle.test.ts',
  'tests/client/document-load.test.ts',
  'tests/client/path.test.ts',
  'tests/client/redirect.test.ts',
  'tests/client/roundtrip.test.ts',
  'tests/client/runtimes.test.ts',
  'tests/client/wire.test.ts',
  'tests/compile/request-path.test.ts',
  'tests/docs-in-code.test.ts',
  'tests/file/runtimes.test.ts',
  'tests/hooks/spec8.test.ts',
  'tests/hostile/http.test.ts',
  'tests/hostile/malformed.test.ts',
  'tests/hostile/runtimes.test.ts',
  'tests/openapi/cli.test.ts',
  'tests/openapi/document.test.ts',
  'tests/openapi/file-result.test.ts',
  'tests/openapi/generated-client.test.ts',
  'tests/openapi/guarded.test.ts',
  'tests/openapi/lint.test.ts',
  'tests/openapi/orm-results.test.ts',
  'tests/openapi/page.test.ts',
  'tests/openapi/realworld.test.ts',
  'tests/orm/bounds.test.ts',
  'tests/orm/bulk-relations.test.ts',
  'tests/orm/connection.test.ts',
  'tests/orm/context.test.ts',
  'tests/orm/context-workerd.test.ts',
  'tests/orm/core.test.ts',
  'tests/orm/create.test.ts',
  'tests/orm/db-generate.test.ts',
  'tests/orm/declare-modules.test.ts',
  'tests/orm/declare.test.ts',
  'tests/orm/declared-writes.test.ts',
  'tests/orm/delete.test.ts',
  'tests/orm/document.test.ts',
  'tests/orm/drivers.test.ts',
  'tests/orm/errors.test.ts',
  'tests/orm/filters.test.ts',
  'tests/orm/http.test.ts',
  'tests/orm/limits.test.ts',
  'tests/orm/optional-peers.test.ts',
  'tests/orm/options-check.test.ts',
  'tests/orm/orm.test.ts',
  'tests/orm/owned.test.ts',
  'tests/orm/relsave.test.ts',
  'tests/orm/serialize.test.ts',
  'tests/orm/save.test.ts',
  'tests/orm/schema.test.ts',
  'tests/orm/shutdown.test.ts',
  'tests/orm/standard.test.ts',
  'tests/orm/upsert.test.ts',
  'tests/orm/utilmeta/orm-schemas.test.ts',
  'tests/orm/utilmeta/schema-query.test.ts',
  'tests/orm/utilmeta/statement-log.test.ts',
  'tests/orm/writes.test.ts',
  'tests/router/routing-errors.test.ts',
  'tests/schema/standard-places.test.ts',
  'tests/schema/standard-service.test.ts',
  'tests/security/cors-browser.test.ts',
  'tests/security/cors.test.ts',
  'tests/serve/node-head.test.ts',
  'tests/serve/node-native.test.ts',
  'tests/service/as.test.ts',
  'tests/service/entries.test.ts',
  'tests/testing/contract-conduit.test.ts',
  'tests/testing/contract.test.ts',
  'tests/utils/framing.test.ts',
]

export default defineConfig({
  resolve: {
    alias: [
      { find: /^fw-api$/, replacement: `${src}/index.ts` },
      { find: /^fw-api\/(.*)$/, replacement: `${src}/$1/index.ts` },
    ],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One pool for every project (vitest runs one project's files, then the next's).
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
    // `npm test` runs the three; `npx vitest run --project unit` the fast one (docs/testing.md).
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/**/*.test.ts'], exclude: [...configDefaults.exclude, 'tests/.tmp/**', ...integrationTests] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [...integrationTests].map((entry) => (entry.endsWith('/**') ? `${entry}/*.test.ts` : entry)),
          // one tsup build per run, made by the first test that needs it (tests/helpers/dist.ts)
          globalSetup: ['tests/setup/dist.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'types',
          // the expectTypeOf cases of tests/**/*.test-d.ts, reported as tests: `tsc -p
          // tsconfig.test-d.json` checks those files and what they import, not the whole project
          // (that is `npm run typecheck`, its own CI step)
          typecheck: { enabled: true, only: true, include: ['tests/**/*.test-d.ts'], tsconfig: './tsconfig.test-d.json' },
        },
      },
    ],
  },
})
