/**
 * Hooks, templates and class plugins under both decorator standards:
 * utilmeta-api.ts compiled by TypeScript itself with `experimentalDecorators`
 * (NestJS projects) and with standard decorators answers the same requests,
 * and type-checks in both settings (tests/types/compiler.test.ts).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Fw } from 'fw-api'
import { call } from '../helpers/client'

const root = fileURLToPath(new URL('../..', import.meta.url))
const out = join(root, 'tests/.tmp/hooks-legacy')
const base: ts.CompilerOptions = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, strict: true }
const variants = [
  { name: 'experimentalDecorators', file: 'legacy.js', options: { experimentalDecorators: true, useDefineForClassFields: false }, helper: '__decorate(' },
  { name: 'standard decorators', file: 'tc39.js', options: { experimentalDecorators: false }, helper: '__esDecorate(' },
]

beforeAll(async () => {
  await rm(out, { recursive: true, force: true })
  await mkdir(out, { recursive: true })
  const source = await readFile(join(root, 'tests/hooks/utilmeta-api.ts'), 'utf8')
  for (const variant of variants) {
    const { outputText } = ts.transpileModule(source, { fileName: 'utilmeta-api.ts', compilerOptions: { ...base, ...variant.options } })
    expect(outputText).toContain(variant.helper)
    await writeFile(join(out, variant.file), outputText)
  }
})

describe.each(variants)('hooks compiled with $name', (variant) => {
  it('answers like the esbuild build', async () => {
    const { service } = (await import(pathToFileURL(join(out, variant.file)).href)) as { service: Fw }
    const get = (path: string, headers: Record<string, string> = {}) => call(service, `GET /test/${path}`, { headers })
    expect((await get('@parent/sub/test1', { 'X-Test-Id': '3' })).body).toEqual({ test1: 3 })
    expect((await get('@parent/sub/hello')).body).toEqual({ test: 'world', message: '' })
    expect((await get('@parent/error?msg=m')).body).toEqual({ test: 'm', message: '' })
    expect((await get('query_schema?page=0')).status).toBe(422)
    expect((await get('sync_plugin')).status).toBe(401)
    expect((await get('the/api/not_found')).status).toBe(404)
  })
})
