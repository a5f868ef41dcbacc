/**
 * The core stays database-free: bundling `fw-api` (src/index.ts) pulls in no
 * drizzle, PGlite or postgres.js code, while `fw-api/orm` does (so the check can fail).
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const DATABASE = /node_modules\/(drizzle-orm|drizzle-valibot|@electric-sql\/pglite|postgres)\//

async function inputsOf(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [`${root}/${entry}`],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    logLevel: 'silent',
  })
  return Object.keys(result.metafile.inputs)
}

describe('core has no database code', () => {
  it('fw-api bundles without drizzle / pglite / postgres', async () => {
    const inputs = await inputsOf('src/index.ts')
    expect(inputs.length).toBeGreaterThan(20)
    expect(inputs.filter((file) => DATABASE.test(file) || file.includes('src/orm/'))).toEqual([])
  })

  it('fw-api/orm does bundle drizzle (the check above can fail)', async () => {
    const inputs = await inputsOf('src/orm/index.ts')
    expect(inputs.some((file) => /node_modules\/drizzle-orm\//.test(file))).toBe(true)
    // engines load lazily: neither driver is in the static graph
    expect(inputs.filter((file) => /node_modules\/(@electric-sql\/pglite|postgres)\//.test(file))).toEqual([])
  })
})
