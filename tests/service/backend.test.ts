/**
 * src/service/backend.ts: `BackendLink`, the backend side of a service — the app made at
 * `setup()` (a module or class given as backend; Nest's asynchronously), fw attached to it under
 * the service's route and its app mounts, `adapt()`'s single entry and the refusals when a step
 * comes too early or twice. Driven directly, with a recording fetch handler, a Hono backend
 * (answered in-process through `app.fetch`) and a Nest core recognised by its shape.
 */
import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { BackendLink } from '../../src/service/backend'
import { emptyDeclaration, type Declaration } from '../../src/service/build'
import type { FwOptions } from '../../src/service/options'
import { NestSettings } from '../../src/conf/nest'
import type { FetchHandler } from '../../src/types'

/** A fetch handler answering `fw <path>`, and the paths it was asked for. */
function recordingFetch(): { fetch: FetchHandler; paths: string[] } {
  const paths: string[] = []
  const fetch: FetchHandler = (request) => {
    const path = new URL(request.url).pathname
    paths.push(path)
    return new Response(`fw ${path}`)
  }
  return { fetch, paths }
}

/** A link for `backend` with the service's `route`, its declaration and what its fetch saw. */
function linkFor(backend: unknown, options: Partial<FwOptions> = {}) {
  const declared: Declaration = emptyDeclaration()
  const { fetch, paths } = recordingFetch()
  const link = new BackendLink({ ...options, backend }, declared, fetch)
  return { link, declared, paths }
}

/** What a Hono app answers to `path`: its status and text. */
async function honoAnswer(app: unknown, path: string): Promise<[number, string]> {
  if (!(app instanceof Hono)) throw new Error('expected a Hono app')
  const response = await app.fetch(new Request(`http://x${path}`))
  return [response.status, await response.text()]
}

/** A `@nestjs/core` look-alike whose NestFactory.create resolves to a Nest application on an Express-like platform. */
function fakeNest() {
  const used: unknown[] = []
  const express = Object.assign(() => undefined, { use: (...args: unknown[]) => void used.push(args), handle: () => undefined })
  const notFound = vi.fn()
  const adapter = { getInstance: () => express, getType: () => 'express', setNotFoundHandler: notFound }
  const app = {
    getHttpAdapter: () => adapter,
    init: async () => undefined,
    listen: async () => undefined,
    getHttpServer: () => ({ listening: false }),
    close: async () => undefined,
    useGlobalGuards: () => undefined,
  }
  const create = vi.fn(async () => app)
  return { core: { NestFactory: { create } }, app, adapter, notFound, used, create }
}

const service = { name: 'the service' }

describe('BackendLink without a backend', () => {
  it('sets up nothing: setup() and application() give the service itself, synchronously', () => {
    const { link } = linkFor(undefined)
    expect(link.setup(service)).toBe(service)
    expect(link.application(service)).toBe(service)
    expect(link.app).toBeUndefined()
  })

  it('refuses adapt(route), naming the backend option, before asking whether the service is still declaring', () => {
    const { link } = linkFor(undefined)
    const declaring = vi.fn()
    expect(() => link.adapt('/v1', declaring)).toThrow(ImproperlyConfigured)
    expect(() => link.adapt('/v1', declaring)).toThrow(/needs a `backend` in the service options/)
    expect(declaring).not.toHaveBeenCalled()
  })
})

describe('BackendLink with a backend given as a class (Hono)', () => {
  it('makes the app at setup(), once, and attaches fw under the route: fw answers there, the app elsewhere', async () => {
    const { link, paths } = linkFor(Hono, { route: '/api' })
    link.attachInstance() // a class is no app: nothing is attached yet
    expect(link.app).toBeUndefined()
    expect(link.setup(service)).toBe(service)
    const app = link.app
    expect(app).toBeInstanceOf(Hono)
    expect(link.setup(service)).toBe(service)
    expect(link.app).toBe(app) // idempotent: the same app, attached once
    expect(await honoAnswer(app, '/api/users')).toEqual([200, 'fw /api/users'])
    expect((await honoAnswer(app, '/elsewhere'))[0]).toBe(404)
    expect(paths).toEqual(['/api/users'])
  })

  it('attaches the app mounts declared before setup() too', async () => {
    const { link, declared } = linkFor(Hono, { route: '/api' })
    declared.appMounts.push({ prefix: '/legacy', handler: () => new Response('legacy') })
    link.setup(service)
    expect(await honoAnswer(link.app, '/legacy/page')).toEqual([200, 'fw /legacy/page'])
  })

  it('serves the app set up now from appToRun() and application()', () => {
    const first = linkFor(Hono)
    expect(first.link.appToRun(service)).toBeInstanceOf(Hono)
    const second = linkFor(Hono)
    const app = second.link.application(service)
    expect(app).toBeInstanceOf(Hono)
    expect(second.link.application(service)).toBe(app)
  })

  it('refuses mount() of an app before setup(), naming setup(); after it, attaches the mount prefix', async () => {
    const { link, declared } = linkFor(Hono)
    const declaring = vi.fn()
    const other = () => new Response('other')
    expect(() => link.mountApp(other, '/other', declaring)).toThrow(/call service.setup\(\) to create the app before mounting/)
    expect(declaring).not.toHaveBeenCalled()
    link.setup(service)
    link.mountApp(other, '/other', declaring)
    expect(declaring).toHaveBeenCalledTimes(1)
    expect(declared.appMounts.map((mount) => mount.prefix)).toEqual(['/other'])
    expect(await honoAnswer(link.app, '/other/x')).toEqual([200, 'fw /other/x'])
  })

  it('declares nothing when the service refuses the mount (already built)', () => {
    const { link, declared } = linkFor(Hono)
    link.setup(service)
    const built = () => {
      throw new ImproperlyConfigured('after the service was built')
    }
    expect(() => link.mountApp(() => new Response('x'), '/late', built)).toThrow(/after the service was built/)
    expect(declared.appMounts).toEqual([])
  })
})

describe('BackendLink with an app instance given as backend (Hono)', () => {
  it('attaches fw right away (attachInstance)', async () => {
    const app = new Hono()
    app.get('/native', (context) => context.text('native'))
    const { link } = linkFor(app, { route: '/api' })
    link.attachInstance()
    expect(link.app).toBe(app)
    expect(await honoAnswer(app, '/api/x')).toEqual([200, 'fw /api/x'])
    expect(await honoAnswer(app, '/native')).toEqual([200, 'native'])
    expect(link.setup(service)).toBe(service) // already attached: nothing more
  })

  it('adapt(route): the entry is the attachment, under the prefix; the one made before answers nothing', async () => {
    const app = new Hono()
    const { link, declared, paths } = linkFor(app, { route: '/api' })
    link.attachInstance()
    const entry = link.adapt('/v1', () => undefined)
    expect(declared.prefix).toBe('/v1')
    expect(entry).toBe(app)
    expect(await honoAnswer(app, '/v1/api/x')).toEqual([200, 'fw /v1/api/x'])
    expect((await honoAnswer(app, '/api/x'))[0]).toBe(404) // the first attachment stepped aside
    expect(paths).toEqual(['/v1/api/x'])
  })

  it('refuses a second adapt(): one service, one place', () => {
    const { link } = linkFor(new Hono())
    link.adapt('/v1', () => undefined)
    expect(() => link.adapt('/v2', () => undefined)).toThrow(/already called: one service, one place/)
  })

  it('refuses adapt() once the service is built, and stays unadapted', () => {
    const app = new Hono()
    const { link, declared } = linkFor(app)
    const built = () => {
      throw new ImproperlyConfigured('after the service was built')
    }
    expect(() => link.adapt('/v1', built)).toThrow(/after the service was built/)
    expect(declared.prefix).toBe('')
    expect(link.adapt('/v1', () => undefined)).toBe(app)
  })
})

describe('BackendLink with backend: nest (@nestjs/core, by its shape)', () => {
  it('takes conf.NestSettings before setup(), creates the application asynchronously once, and attaches fw to it', async () => {
    const nest = fakeNest()
    const { link } = linkFor(nest.core, { route: '/api' })
    const module = class AppModule {}
    link.setNest(new NestSettings({ module }))
    const ready = link.setup(service)
    expect(ready).toBeInstanceOf(Promise)
    expect(link.setup(service)).toBe(ready) // the same promise while it runs
    await expect(ready).resolves.toBe(service)
    expect(nest.create).toHaveBeenCalledTimes(1)
    expect(nest.create.mock.calls[0]).toEqual([module, {}])
    expect(link.app).toBe(nest.app)
    // Express platform: fw joins the stack when Nest installs its 404 handler (in init())
    expect(nest.adapter.setNotFoundHandler).not.toBe(nest.notFound)
    expect(nest.used).toEqual([])
    nest.adapter.setNotFoundHandler()
    expect(nest.used).toHaveLength(1)
    expect(nest.notFound).toHaveBeenCalledTimes(1)
  })

  it('refuses conf.NestSettings after setup()', async () => {
    const nest = fakeNest()
    const { link } = linkFor(nest.core)
    link.setNest(new NestSettings({ module: class AppModule {} }))
    await link.setup(service)
    expect(() => link.setNest(new NestSettings({ module: class Other {} }))).toThrow(/before `await service.setup\(\)`/)
  })

  it('refuses run(), application() and mount() before setup(), with the setup hint', () => {
    const { link } = linkFor(fakeNest().core)
    const hint = /does not exist before `await service.setup\(\)`/
    expect(() => link.appToRun(service)).toThrow(hint)
    expect(() => link.appToRun(service)).toThrow(/^service.run\(\): /)
    expect(() => link.application(service)).toThrow(/^service.application\(\): /)
    expect(() => link.mountApp(() => new Response('x'), '/x', () => undefined)).toThrow(hint)
    expect(link.app).toBeUndefined()
  })

  it('a Nest core is not attached as an instance', () => {
    const { link } = linkFor(fakeNest().core)
    link.attachInstance()
    expect(link.app).toBeUndefined()
  })
})

describe('BackendLink.setNest without backend: nest', () => {
  it('refuses conf.NestSettings, naming the backend it needs', () => {
    for (const backend of [undefined, Hono, new Hono()]) {
      const { link } = linkFor(backend)
      expect(() => link.setNest(new NestSettings({ module: class AppModule {} }))).toThrow(/needs `backend: nest`/)
    }
  })
})
