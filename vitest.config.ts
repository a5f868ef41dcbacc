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
    typecheck: { enabled: true, include: ['tests/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
  },
})
