/**
 * Type checks run by the TypeScript compiler itself, in one worker so the
 * programs share their parsed files (tests/helpers/typescript.ts): user code
 * under both decorator standards (the hooks fixture, tests/hooks/legacy.test.ts;
 * the legacy fixtures, tests/legacy/legacy.test.ts) and the Nest example
 * under a Nest project's settings (tests/nest/example.test.ts serves it).
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { errors, fromConfig, program } from '../helpers/typescript'
import { CHECK_MS } from '../helpers/time'

const root = fileURLToPath(new URL('../..', import.meta.url))
const tsconfig = join(root, 'tsconfig.json')

describe.each([
  { name: 'experimentalDecorators', options: { experimentalDecorators: true, useDefineForClassFields: false } },
  { name: 'standard decorators', options: { experimentalDecorators: false } },
])('hooks compiled with $name', (variant) => {
  it('type-checks', () => {
    const { options } = fromConfig(tsconfig, { ...variant.options, noEmit: true })
    expect(errors(program([join(root, 'tests/hooks/utilmeta-api.ts')], options), root)).toEqual([])
  }, CHECK_MS)
})

describe('type checking under each decorator setting', () => {
  const here = join(root, 'tests/legacy')
  it.each([
    ['experimentalDecorators', { experimentalDecorators: true, emitDecoratorMetadata: true }],
    ['standard decorators', { experimentalDecorators: false }],
  ] as const)('%s: the fixture compiles and every mismatch is an error', (_name, overrides) => {
    const { options } = fromConfig(tsconfig, { ...overrides, noEmit: true })
    const rootNames = ['fixture-api.ts', 'fixture-mismatch.ts'].map((name) => join(here, name))
    expect(errors(program(rootNames, options), here, true)).toEqual([])
  }, CHECK_MS)
})

describe('examples/nest', () => {
  it('type-checks with tsc under experimentalDecorators + emitDecoratorMetadata', () => {
    const { options, fileNames } = fromConfig(join(root, 'examples/nest/tsconfig.json'))
    expect(fileNames.length).toBeGreaterThan(0)
    expect(errors(program(fileNames, options), root)).toEqual([])
  }, CHECK_MS)
})
