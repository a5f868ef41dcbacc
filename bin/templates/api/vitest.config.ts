import { defineConfig } from 'vitest/config'

// vitest 3 (package.json pins ^3): it compiles TypeScript with esbuild, which lowers the standard
// decorators fw's endpoints are. vitest 4 on Vite 8 compiles with oxc, which does not.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    env: { JWT_SECRET: 'a test secret of thirty-two bytes or more!' }, // read when src/auth.ts loads
    testTimeout: 60_000, // a login hashes the password (600 000 PBKDF2 iterations): slow on purpose
  },
})
