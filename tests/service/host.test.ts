/**
 * src/service/host.ts: the seams the opt-in entries plug into — each layer missing says which
 * entry to import, each registered once (the first wins), and the options that need them read
 * through them.
 */
import { describe, expect, it, vi } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import * as host from '../../src/service/host'

describe('before any entry is imported', () => {
  it('names the entry each layer needs', () => {
    expect(() => host.backendLayer('service.adapt()')).toThrow("service.adapt() needs the host framework adapters: add `import 'fw-api/adapters'` (SPEC §5.2: the core carries none)")
    expect(() => host.servingLayer()).toThrow(/^service\.run\(\) needs the serving layer: add `import 'fw-api\/serve'`/)
    expect(() => host.documentsLayer('service.openapi()')).toThrow("service.openapi() needs the OpenAPI builder: add `import 'fw-api/openapi'` (SPEC §5.2: the core carries none)")
    expect(() => host.healthLayer()).toThrow(/`health` option needs its entry: add `import 'fw-api\/health'`/)
    expect(() => host.proxyLayer()).toThrow(ImproperlyConfigured)
    expect(host.registeredDocuments()).toBeUndefined()
    expect(host.registeredSockets()).toBeUndefined()
  })

  it('needs no layer for options left out', async () => {
    expect(host.optionLayers({}, () => false)).toEqual({ docsMount: undefined, health: undefined, trustProxy: undefined, socketUpgrade: undefined })
    expect(host.healthInputs(false, () => false)).toBeUndefined()
    await expect(host.healthDrain(undefined)).resolves.toBeUndefined()
  })
})

describe('once entries register', () => {
  it('keeps the first layer registered and reads options through it', async () => {
    const healthMount = vi.fn()
    host.registerHealth({ healthMount, drainMs: () => 5 } as never)
    host.registerHealth({ healthMount: vi.fn(), drainMs: () => 1000 } as never)
    const closing = () => true
    expect(host.healthInputs(true, closing)).toEqual({ healthMount, closing })
    const started = Date.now()
    await host.healthDrain(true)
    expect(Date.now() - started).toBeGreaterThanOrEqual(4)

    const resolver = () => undefined
    host.registerProxy(() => resolver)
    const docsMount = vi.fn()
    host.registerDocuments({ docsMount } as never)
    expect(host.registeredDocuments()).toMatchObject({ docsMount })
    expect(host.optionLayers({ docs: true, trustProxy: ['10.0.0.0/8'] }, closing)).toMatchObject({ docsMount, trustProxy: resolver })
  })

  it('hands the serving layer the registered sockets with the service', () => {
    const seen: unknown[] = []
    host.registerServing(((service: unknown) => seen.push(service)) as never)
    const upgrade = vi.fn()
    host.registerSockets({ upgrade } as never)
    host.servingLayer()({ fetch: () => new Response() } as never, {} as never, {} as never)
    expect(seen[0]).toMatchObject({ sockets: { upgrade } })
    expect(host.registeredSockets()).toMatchObject({ upgrade })
  })
})
