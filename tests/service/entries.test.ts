/**
 * The opt-in entries of SPEC §5.2: the core (`fw-api` alone) carries no server, no host
 * framework adapter and no OpenAPI builder, and says what to import — an ImproperlyConfigured
 * when the service is declared or the feature is called, never a 500 per request. Importing
 * the entry registers it. This file imports the entries only halfway through (fresh modules
 * per file), so the first cases run against the core alone.
 */
import { describe, expect, it } from 'vitest'
import { Fw, api, exceptions } from 'fw-api'
import { Hono } from 'hono'
import * as v from 'valibot'

class HelloAPI extends api.API {
  @api.get({ q: v.string() })
  x({ q }: { q: string }) {
    return { hello: q }
  }
}

function refusal(make: () => unknown): string {
  try {
    make()
  } catch (error) {
    expect(error).toBeInstanceOf(exceptions.ImproperlyConfigured)
    return (error as Error).message
  }
  throw new Error('expected an ImproperlyConfigured')
}

describe('the core alone', () => {
  it('serves fetch', async () => {
    const response = await new Fw({ api: HelloAPI }).fetch(new Request('http://h/x?q=a'))
    expect(await response.json()).toEqual({ hello: 'a' })
  })

  it('run() names fw-api/serve', async () => {
    const service = new Fw({ api: HelloAPI })
    await expect(service.run({ port: 0 })).rejects.toThrow(exceptions.ImproperlyConfigured)
    await expect(service.run({ port: 0 })).rejects.toThrow("import 'fw-api/serve'")
  })

  it('a backend, mount() of an app and adapt() name fw-api/adapters', () => {
    expect(refusal(() => new Fw({ api: HelloAPI, backend: new Hono() }))).toContain("import 'fw-api/adapters'")
    expect(refusal(() => new Fw({ api: HelloAPI }).mount(() => new Response('x'), '/x'))).toContain("import 'fw-api/adapters'")
    expect(refusal(() => HelloAPI.__as__(new Hono(), '/x'))).toContain("import 'fw-api/adapters'")
  })

  it('openapi() and docs: name fw-api/openapi', () => {
    expect(refusal(() => new Fw({ api: HelloAPI }).openapi())).toContain("import 'fw-api/openapi'")
    expect(refusal(() => new Fw({ api: HelloAPI, docs: true }))).toContain("import 'fw-api/openapi'")
  })

  it('health: names fw-api/health (fw-api/serve imports it)', () => {
    expect(refusal(() => new Fw({ api: HelloAPI, health: true }))).toContain("import 'fw-api/health'")
    // off: nothing needed
    expect(new Fw({ api: HelloAPI, health: false }).routes()).toHaveLength(1)
  })
})

describe('with the entries imported', () => {
  it('run() serves, a Hono backend attaches, openapi() documents, docs: serves the page', async () => {
    await import('fw-api/serve')
    await import('fw-api/adapters')
    await import('fw-api/openapi')
    const service = new Fw({ api: HelloAPI, docs: true, health: true }) // fw-api/serve brought fw-api/health
    const server = await service.run({ port: 0, host: '127.0.0.1', signals: false })
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/x?q=b`)
      expect(await answer.json()).toEqual({ hello: 'b' })
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200)
      const document = await fetch(`http://127.0.0.1:${server.port}/docs/openapi.json`)
      expect(document.status).toBe(200)
      expect(Object.keys(((await document.json()) as { paths: object }).paths)).toEqual(['/x'])
    } finally {
      await server.close()
    }
    const app = new Hono()
    new Fw({ api: HelloAPI, backend: app })
    expect(await (await app.fetch(new Request('http://h/x?q=c'))).json()).toEqual({ hello: 'c' })
    expect(Object.keys(new Fw({ api: HelloAPI }).openapi().paths)).toEqual(['/x'])
  })
})
