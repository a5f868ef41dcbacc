/**
 * No module-level mutable bindings in the request-path modules of body/ and orm/ (docs/architecture.md,
 * "Module state"): per-request state lives on the request, and what stays at module level is `const`.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const MODULES = ['src/body/read.ts', 'src/body/multipart.ts', 'src/body/xml.ts', 'src/orm/database.ts', 'src/orm/connection.ts', 'src/orm/paths.ts']

describe('module-level state in body/ and orm/', () => {
  it.each(MODULES)('%s declares no top-level let or var', (path) => {
    const source = readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
    const mutable = source.split('\n').filter((line) => /^(export )?(let|var) /.test(line))
    expect(mutable).toEqual([])
  })
})
