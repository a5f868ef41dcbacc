/**
 * src/adapters/attach.ts: `attach()` hands a whole fw fetch to a known backend under a normalised
 * route (fw gets the original URL), refuses an unknown one naming every kind it knows, and
 * `createBackendApp()` makes the app of a backend given as a module or class, an app kept as is.
 */
import express from 'express'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { attach, createBackendApp } from '../../src/adapters/attach'
import { ImproperlyConfigured } from '../../src/exceptions'

/** A fetch handler that answers with the path it was given, and counts its calls. */
function echoPath(): { fetch: (request: Request) => Response; seen: string[] } {
  const seen: string[] = []
  return {
    seen,
    fetch: (request) => {
      const path = new URL(request.url).pathname
      seen.push(path)
      return new Response(`fw ${path}`)
    },
  }
}

describe('attach', () => {
  it('attaches to a Hono app under the route, normalised, and returns the app itself', async () => {
    for (const route of ['/api', 'api', '/api/', ' /api ']) {
      const app = new Hono()
      app.get('/other', (c) => c.text('host'))
      const { fetch, seen } = echoPath()
      expect(attach(app, fetch, route)).toBe(app)
      const inside = await app.fetch(new Request('http://localhost/api/users?x=1'))
      expect(await inside.text()).toBe('fw /api/users')
      expect((await app.fetch(new Request('http://localhost/other'))).status).toBe(200)
      expect(await (await app.fetch(new Request('http://localhost/other'))).text()).toBe('host')
      // segment-wise: /apix is not under /api
      expect((await app.fetch(new Request('http://localhost/apix'))).status).toBe(404)
      expect(seen).toEqual(['/api/users'])
    }
  })

  it('takes the root as "", "/" or blanks: every path reaches fw', async () => {
    for (const route of ['', '/', '  ']) {
      const app = new Hono()
      const { fetch } = echoPath()
      attach(app, fetch, route)
      expect(await (await app.fetch(new Request('http://localhost/a/b'))).text()).toBe('fw /a/b')
    }
  })

  it('makes a sub-app of the Hono class, and a router of the express module', async () => {
    const { fetch } = echoPath()
    const entry = attach(Hono, fetch, '/v1')
    expect(entry).toBeInstanceOf(Hono)
    expect(entry).not.toBe(Hono)
    if (!(entry instanceof Hono)) throw new Error('not a Hono app')
    expect(await (await entry.fetch(new Request('http://localhost/v1/x'))).text()).toBe('fw /v1/x')

    const router = attach(express, fetch, '/v1')
    expect(typeof router).toBe('function')
    expect(router).not.toBe(express)
    expect(Reflect.get(router as object, 'stack')).toHaveLength(1)
  })

  it('refuses what it does not know, naming it and every kind it supports', () => {
    const { fetch } = echoPath()
    for (const backend of [undefined, null, 42, 'express', {}, { fetch: 'no' }, () => {}, new Map()]) {
      expect(() => attach(backend, fetch, '/api')).toThrow(ImproperlyConfigured)
    }
    expect(() => attach({ use: 1 }, fetch, '/api')).toThrow(
      /^cannot attach fw to .+: supported backends are a Hono app, the Hono class, an Express\/Connect app or router, the express module, a Fastify instance, a Koa app, the node:http module, an Elysia app or a Nest application \(INestApplication\)$/,
    )
  })
})

describe('createBackendApp', () => {
  it('makes an app of the Hono class and of the express module', () => {
    expect(createBackendApp(Hono)).toBeInstanceOf(Hono)
    const app = createBackendApp(express)
    expect(typeof app).toBe('function')
    expect(app).not.toBe(express)
    expect(typeof Reflect.get(app as object, 'listen')).toBe('function')
  })

  it('gives an app, or anything it does not know, back as it is', () => {
    const hono = new Hono()
    expect(createBackendApp(hono)).toBe(hono)
    const expressApp = express()
    expect(createBackendApp(expressApp)).toBe(expressApp)
    const unknown = { what: 'not a backend' }
    expect(createBackendApp(unknown)).toBe(unknown)
    expect(createBackendApp(undefined)).toBeUndefined()
  })
})
