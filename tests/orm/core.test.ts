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
    // postgres.js's Workers build imports node:* (it runs with nodejs_compat: docs/orm.md)
    external: ['node:*', 'cloudflare:*'],
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
    // PGlite loads through a computed specifier: its WASM never enters a bundle
    expect(inputs.filter((file) => /node_modules\/@electric-sql\/pglite\//.test(file))).toEqual([])
    // postgres.js is imported by a literal (lazy) import() so that a Workers bundle carries it
    // (src/orm/drivers.ts): bundlers follow it, and it is postgres.js's Workers build
    const drivers = inputs.filter((file) => /node_modules\/postgres\//.test(file))
    expect(drivers.length).toBeGreaterThan(0)
    expect(drivers.every((file) => file.includes('node_modules/postgres/cf/'))).toBe(true)
  })
})
