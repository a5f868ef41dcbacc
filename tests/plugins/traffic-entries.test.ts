/**
 * SPEC §5.2 for the traffic plugins: a service pays only for what it imports. Bundling `fw-api`
 * (src/index.ts) pulls in none of `fw-api/plugins/compress`, `conditional` or `secure-headers`;
 * each of them bundles for Workers without a `node:*` import (so the check can fail, the
 * entries themselves are bundled too).
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const ENTRIES = ['compress', 'conditional', 'secure-headers']
const TRAFFIC = /src\/plugins\/(compress|conditional|secure-headers)\/|src\/plugins\/body-start\.ts/

/** The input files and the `node:*` imports of a Workers-style bundle of `entry`. */
async function bundleOf(entry: string): Promise<{ inputs: string[]; nodeImports: string[] }> {
  const result = await build({
    entryPoints: [`${root}/${entry}`],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    logLevel: 'silent',
    external: ['node:*'],
  })
  const nodeImports = Object.values(result.metafile.outputs).flatMap((output) =>
    output.imports.filter((imported) => imported.path.startsWith('node:')).map((imported) => imported.path),
  )
  return { inputs: Object.keys(result.metafile.inputs), nodeImports }
}

describe('the traffic plugins are opt-in entries', () => {
  it('fw-api bundles none of them', async () => {
    const { inputs } = await bundleOf('src/index.ts')
    expect(inputs.length).toBeGreaterThan(20)
    expect(inputs.filter((file) => TRAFFIC.test(file))).toEqual([])
  })

  it.each(ENTRIES)('fw-api/plugins/%s bundles itself, with no node:* import', async (name) => {
    const { inputs, nodeImports } = await bundleOf(`src/plugins/${name}/index.ts`)
    expect(inputs.some((file) => file.includes(`src/plugins/${name}/index.ts`))).toBe(true)
    expect(nodeImports).toEqual([])
  })
})
