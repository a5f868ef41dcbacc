/**
 * SPEC §9: the client carries no server code. esbuild bundles `fw-api/client`
 * for the browser; every input module is from src/client/ and none of the
 * server's dependencies (valibot, hono, fast-xml-parser, node built-ins) is in it.
 */
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { expect, it } from 'vitest'

it('bundles for the browser without server modules', async () => {
  const entry = fileURLToPath(new URL('../../src/client/index.ts', import.meta.url))
  const result = await build({ entryPoints: [entry], bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, metafile: true, logLevel: 'silent' })
  const inputs = Object.keys(result.metafile.inputs)
  expect(inputs.length).toBeGreaterThan(1)
  expect(inputs.filter((path) => !path.startsWith('src/client/'))).toEqual([])
  const code = result.outputFiles[0]?.text ?? ''
  for (const marker of ['valibot', 'fast-xml-parser', 'hono', 'node:', 'compileEndpoint', 'ImproperlyConfigured']) expect(code).not.toContain(marker)
  expect(code.length).toBeLessThan(12_000)
})

it('bundles its socket entry (fw-api/client/ws) for the browser without server modules', async () => {
  const entry = fileURLToPath(new URL('../../src/client/ws/index.ts', import.meta.url))
  const result = await build({ entryPoints: [entry], bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, metafile: true, logLevel: 'silent' })
  expect(Object.keys(result.metafile.inputs).filter((path) => !path.startsWith('src/client/'))).toEqual([])
  const code = result.outputFiles[0]?.text ?? ''
  for (const marker of ['valibot', 'crossws', 'hono', 'node:', 'compileEndpoint', 'ImproperlyConfigured']) expect(code).not.toContain(marker)
  expect(code.length).toBeLessThan(12_000)
})
