/** `Fw`: a declaration (options, use, mount, adapt), compiled once on the first request or run(). */
import 'fw-api/adapters'
import express from 'express'
import { describe, expect, it } from 'vitest'
import { Fw, conf, exceptions, plugins } from 'fw-api'
import { CalcAPI } from '../adapters/fw-api'

const add = (service: Fw<unknown>) => service.fetch(new Request('http://x/add?a=1&b=2'))

describe('Fw: declared, then built once', () => {
  it('takes use() and mount() in any order before its first request, and serves what was declared', async () => {
    const service = new Fw(import.meta.url, { api: CalcAPI })
    service.mount(CalcAPI, '/v2')
    service.use(conf.Time({ datetimeFormat: '%Y' }))
    service.use(plugins.RequestId())
    const response = await add(service)
    expect(await response.text()).toBe('{"data":3,"msg":""}')
    expect(response.headers.get('x-request-id')).toBeTruthy()
    expect((await service.fetch(new Request('http://x/v2/add?a=2&b=2'))).status).toBe(200)
  })

  it('keeps the table it built: routes() after a use() is a preview, after the build the same table every time', async () => {
    const service = new Fw(import.meta.url, { api: CalcAPI }).use(plugins.RequestId())
    expect(service.routes()).not.toBe(service.routes())
    await add(service)
    const built = service.routes()
    expect(service.routes()).toBe(built)
    expect(built.length).toBeGreaterThan(0)
  })

  it('refuses use(), mount() and adapt() after its first request (ImproperlyConfigured, naming the build)', async () => {
    const service = new Fw(import.meta.url, { api: CalcAPI })
    await add(service)
    expect(() => service.use(plugins.RequestId())).toThrow(exceptions.ImproperlyConfigured)
    expect(() => service.use(plugins.RequestId())).toThrow(/after the service was built/)
    expect(() => service.mount(CalcAPI, '/v3')).toThrow(/after the service was built/)
    expect(() => service.mount(() => new Response('x'), '/x')).toThrow(/after the service was built/)
    // and what it serves did not change
    expect((await service.fetch(new Request('http://x/v3/add?a=1&b=2'))).status).toBe(404)
  })

  it('refuses a second adapt(): one service, one place', () => {
    const service = new Fw(import.meta.url, { backend: express, api: CalcAPI })
    service.adapt('/v1')
    expect(() => service.adapt('/v2')).toThrow(exceptions.ImproperlyConfigured)
    expect(() => service.adapt('/v2')).toThrow(/already called/)
  })

  it('still checks its API when constructed, before any request', () => {
    expect(() => new Fw(import.meta.url, { api: 42 as never })).toThrow(exceptions.ImproperlyConfigured)
  })
})
