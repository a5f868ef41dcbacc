/**
 * The example Worker deploys as configured: `wrangler deploy --dry-run`
 * bundles examples/worker.ts with wrangler.toml (no nodejs_compat) and the
 * bundle imports no Node built-in. Its own file so vitest runs it beside the
 * (slower) conformance matrix.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bin, root, runCommand } from './runtimes'

describe('workerd bundle', () => {
  it('wrangler.toml sets no compatibility flags', () => {
    const toml = readFileSync(`${root}wrangler.toml`, 'utf8')
    expect(toml).toMatch(/^main = "examples\/worker\.ts"$/m)
    expect(toml).not.toMatch(/^\s*compatibility_flags/m)
  })

  it('wrangler deploy --dry-run succeeds without nodejs_compat', async () => {
    const outdir = 'tests/.tmp/wrangler'
    const { code, output } = await runCommand([bin('wrangler'), 'deploy', '--dry-run', '--outdir', outdir], 90_000, {
      WRANGLER_SEND_METRICS: 'false',
      CI: 'true', // no interactive prompts
    })
    expect(code, output).toBe(0)
    const bundle = readFileSync(`${root}${outdir}/worker.js`, 'utf8')
    // A static or literal dynamic import of node:* would need nodejs_compat on Workers.
    expect(bundle).not.toMatch(/(?:from\s*|import\s*\(\s*|require\s*\(\s*)["']node:/)
  }, 100_000)
})
