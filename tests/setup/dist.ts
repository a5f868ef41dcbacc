/**
 * vitest globalSetup: one tsup build per test run, shared by every test that
 * needs the published artefact (tests/build.test.ts, tests/package/consumer.test.ts).
 *
 * Only the directory is chosen here; the first test that asks for the build
 * makes it (tests/helpers/dist.ts), so a targeted run that needs no build pays nothing.
 */
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** where this run's tsup build goes (inside the repository, so the built files resolve its node_modules) */
    distDir: string
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url))

export default function setup(project: TestProject): () => Promise<void> {
  const dir = join(root, 'tests/.tmp', `dist-${process.pid}-${Date.now()}`)
  project.provide('distDir', dir)
  return async () => {
    await rm(dir, { recursive: true, force: true })
    await rm(`${dir}.lock`, { recursive: true, force: true })
    await rm(`${dir}.status`, { force: true })
  }
}
