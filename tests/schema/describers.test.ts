/**
 * src/schema/describers.ts: the schema adapters' JSON Schema writers, registered by the modules
 * that describe schemas (`fw-api/openapi`, the ORM) and absent from the core — asked for before
 * one is registered, a clear ImproperlyConfigured naming the import; the first registration
 * stays. Each case loads the module afresh (the registry is module state, and the unit tier
 * shares its modules between files).
 */
import { describe, expect, it, vi } from 'vitest'
import type { Describe } from '../../src/schema/describers'
import type { AnySchema } from '../../src/schema/types'

/** The registry and the exception class of one fresh module graph. */
async function fresh() {
  vi.resetModules()
  const describers = await import('../../src/schema/describers')
  const { ImproperlyConfigured } = await import('../../src/exceptions')
  return { ...describers, ImproperlyConfigured }
}

describe('describerOf / registerDescriber', () => {
  it('refuses an adapter with no writer registered, naming what to import', async () => {
    const { describerOf, ImproperlyConfigured } = await fresh()
    for (const adapter of ['valibot', 'standard'] as const) {
      expect(() => describerOf(adapter)).toThrow(ImproperlyConfigured)
      expect(() => describerOf(adapter)).toThrow(`describing a ${adapter} schema as JSON Schema needs \`import 'fw-api/openapi'\``)
    }
  })

  it('answers the registered writer, for its adapter only', async () => {
    const { describerOf, registerDescriber } = await fresh()
    const writer: Describe<AnySchema> = (_schema, side) => ({ type: 'string', description: side })
    registerDescriber('valibot', writer)
    expect(describerOf('valibot')).toBe(writer)
    expect(describerOf('valibot')({} as AnySchema, 'output')).toEqual({ type: 'string', description: 'output' })
    expect(() => describerOf('standard')).toThrow('standard schema')
  })

  it('keeps the first registration (a second entry importing its writer changes nothing)', async () => {
    const { describerOf, registerDescriber } = await fresh()
    const first: Describe<AnySchema> = () => ({ title: 'first' })
    registerDescriber('valibot', first)
    registerDescriber('valibot', () => ({ title: 'second' }))
    expect(describerOf('valibot')).toBe(first)
  })

  it('is registered by importing what describes schemas: schema/standard/describe.ts, fw-api/openapi', async () => {
    const { describerOf } = await fresh()
    expect(() => describerOf('standard')).toThrow()
    const { describeStandard } = await import('../../src/schema/standard/describe')
    expect(describerOf('standard')).toBe(describeStandard)
    expect(() => describerOf('valibot')).toThrow()
    await import('../../src/openapi')
    expect(describerOf('valibot')).toBeTypeOf('function')
  })
})

describe('describeWith', () => {
  it("describes through the writer of the schema's adapter, and refuses before one is registered", async () => {
    const { describeWith, ImproperlyConfigured } = await fresh()
    const { valibotAdapter } = await import('../../src/schema/valibot/adapter')
    const { standardAdapter } = await import('../../src/schema/standard/adapter')
    const v = await import('valibot')
    const { z } = await import('zod')
    expect(() => describeWith(valibotAdapter, v.string(), 'input')).toThrow(ImproperlyConfigured)
    expect(() => describeWith(standardAdapter, z.string(), 'input')).toThrow("describing a standard schema as JSON Schema needs `import 'fw-api/openapi'`")
    await import('../../src/openapi')
    expect(describeWith(valibotAdapter, v.pipe(v.number(), v.integer()), 'input')).toMatchObject({ type: 'integer' })
    expect(describeWith(standardAdapter, z.string(), 'output')).toMatchObject({ type: 'string' })
  })

  it('is no member of the adapters: the core bundle carries no writer (SPEC §5.2)', async () => {
    await fresh()
    const { valibotAdapter } = await import('../../src/schema/valibot/adapter')
    const { standardAdapter } = await import('../../src/schema/standard/adapter')
    expect(Object.keys(valibotAdapter).sort()).toEqual(['check', 'owns', 'plan', 'presence', 'vendor'])
    expect(Object.keys(standardAdapter).sort()).toEqual(['check', 'owns', 'plan', 'presence', 'vendor'])
  })
})
