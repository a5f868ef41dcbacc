/**
 * src/adapters/nest.ts: Nest recognised by shape (never imported), the application created from
 * `conf.NestSettings` (module, imports, platform), fw attached before Nest's 404 (Express) or as
 * Fastify's plugin, a Nest application mounted in fw initialised once at its first request.
 * In-process, with stand-ins of `@nestjs/core` and an INestApplication (tests/nest/ drive real Nest).
 */
import express from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  attachNest,
  createNestApp,
  isNestApp,
  isNestCore,
  isNestModuleClass,
  NEST_SETUP_HINT,
  nestAppBackend,
  nestAppFetch,
  nestCoreBackend,
  nestModuleFetch,
  type NestAppLike,
  type NestHttpAdapterLike,
} from '../../src/adapters/nest'
import { NestSettings } from '../../src/conf/nest'
import { ImproperlyConfigured } from '../../src/exceptions'

/** A stand-in INestApplication over `instance` (its platform's app), with what fw calls recorded. */
function nestApp(adapter: NestHttpAdapterLike, extra: Record<string, unknown> = {}): NestAppLike & { inits: number } {
  const app = {
    inits: 0,
    getHttpAdapter: () => adapter,
    init: async () => {
      app.inits++
      return app
    },
    listen: async () => app,
    getHttpServer: () => ({ listening: false }) as ReturnType<NestAppLike['getHttpServer']>,
    close: async () => undefined,
    useGlobalGuards: () => app,
    ...extra,
  }
  return app
}

/** A stand-in `@nestjs/core` whose `NestFactory.create` records its arguments and returns `made`. */
function nestCore(made: unknown = nestApp({ getInstance: () => express() })): { NestFactory: { create: (...args: unknown[]) => Promise<unknown> }; calls: unknown[][] } {
  const calls: unknown[][] = []
  return {
    calls,
    NestFactory: {
      create: async (...args: unknown[]) => {
        calls.push(args)
        return made
      },
    },
  }
}

class AppModule {}
class UsersModule {}
const fetchNothing = (): Response => new Response('fw')

afterEach(() => {
  Reflect.deleteProperty(Reflect, 'getOwnMetadataKeys')
})

describe('recognising Nest by shape', () => {
  it('isNestCore: an object whose NestFactory has create', () => {
    expect(isNestCore(nestCore())).toBe(true)
    for (const value of [undefined, null, {}, { NestFactory: {} }, { NestFactory: { create: 'no' } }, 'nest'])
      expect(isNestCore(value)).toBe(false)
  })

  it('isNestApp: getHttpAdapter, init, listen and useGlobalGuards are functions', () => {
    expect(isNestApp(nestApp({ getInstance: () => undefined }))).toBe(true)
    expect(isNestApp({ ...nestApp({ getInstance: () => undefined }), useGlobalGuards: undefined })).toBe(false)
    expect(isNestApp(express())).toBe(false)
    expect(isNestApp(null)).toBe(false)
  })

  it('isNestModuleClass: a class with @Module metadata, only where reflect-metadata is loaded', () => {
    expect(isNestModuleClass(AppModule)).toBe(false) // no Reflect.getOwnMetadataKeys
    Object.defineProperty(Reflect, 'getOwnMetadataKeys', {
      configurable: true,
      value: (target: unknown) => (target === AppModule ? ['imports', 'controllers'] : target === UsersModule ? ['design:paramtypes'] : 'not an array'),
    })
    expect(isNestModuleClass(AppModule)).toBe(true)
    expect(isNestModuleClass(UsersModule)).toBe(false)
    expect(isNestModuleClass(class Other {})).toBe(false)
    expect(isNestModuleClass({ module: AppModule })).toBe(false)
  })
})

describe('createNestApp', () => {
  it('creates from the module, with the options, on the default platform', async () => {
    const core = nestCore()
    await createNestApp(core, new NestSettings({ module: AppModule, options: { cors: true } }))
    expect(core.calls).toEqual([[AppModule, { cors: true }]])
    await createNestApp(core, new NestSettings({ module: AppModule, platform: 'express' }))
    expect(core.calls[1]).toEqual([AppModule, {}])
  })

  it('adds imports: a dynamic module of a class, merged into a dynamic module, or a root of its own', async () => {
    const core = nestCore()
    await createNestApp(core, new NestSettings({ module: AppModule, imports: [UsersModule] }))
    expect(core.calls[0]?.[0]).toEqual({ module: AppModule, imports: [UsersModule] })
    const dynamic = { module: AppModule, imports: ['first'] }
    await createNestApp(core, new NestSettings({ module: dynamic, imports: [UsersModule] }))
    expect(core.calls[1]?.[0]).toEqual({ module: AppModule, imports: ['first', UsersModule] })
    expect(dynamic.imports).toEqual(['first'])
    await createNestApp(core, new NestSettings({ imports: [UsersModule] }))
    const root = core.calls[2]?.[0] as { module: unknown; imports: unknown[] }
    expect(typeof root.module).toBe('function')
    expect(root.imports).toEqual([UsersModule])
  })

  it('takes the platform as an adapter instance, or the platform module (its adapter constructed)', async () => {
    const instance = { getInstance: () => undefined, listen: () => undefined }
    const core = nestCore()
    await createNestApp(core, new NestSettings({ module: AppModule, platform: instance }))
    expect(core.calls[0]).toEqual([AppModule, instance, {}])
    class FastifyAdapter {}
    await createNestApp(core, new NestSettings({ module: AppModule, platform: { FastifyAdapter } }))
    expect(core.calls[1]?.[1]).toBeInstanceOf(FastifyAdapter)
  })

  it('refuses settings without a module, an unknown platform, and a factory that made no application', async () => {
    await expect(createNestApp(nestCore(), undefined)).rejects.toThrow('conf.NestSettings needs a `module` (or `imports`) for the Nest application')
    await expect(createNestApp(nestCore(), new NestSettings({ module: AppModule, platform: { fastify: true } }))).rejects.toThrow(
      "conf.NestSettings `platform` must be 'express', the @nestjs/platform-fastify (or platform-express) module, or an adapter instance such as new FastifyAdapter()",
    )
    await expect(createNestApp(nestCore({ not: 'an app' }), new NestSettings({ module: AppModule }))).rejects.toThrow(
      new ImproperlyConfigured('NestFactory.create did not return a Nest application'),
    )
  })
})

describe('attachNest', () => {
  it('on Express, joins the stack when Nest sets its 404 handler (in init), just before it', () => {
    const instance = express()
    const notFound = vi.fn()
    const adapter = { getInstance: () => instance, setNotFoundHandler: notFound }
    const app = nestApp(adapter)
    expect(attachNest(app, fetchNothing, '/api', {})).toBe(app)
    const layers = (): number => (Reflect.get(instance, 'router') as { stack: unknown[] } | undefined)?.stack.length ?? 0
    const before = layers()
    adapter.setNotFoundHandler('handler', 'prefix')
    expect(layers()).toBe(before + 1)
    expect(notFound).toHaveBeenCalledWith('handler', 'prefix')
  })

  it('does not join when the attachment is no longer live', () => {
    const instance = express()
    const adapter = { getInstance: () => instance, setNotFoundHandler: vi.fn() }
    attachNest(nestApp(adapter), fetchNothing, '/api', { live: () => false })
    const stack = (Reflect.get(instance, 'router') as { stack: unknown[] } | undefined)?.stack ?? []
    adapter.setNotFoundHandler()
    expect((Reflect.get(instance, 'router') as { stack: unknown[] } | undefined)?.stack ?? []).toHaveLength(stack.length)
  })

  it('refuses an application already initialised or listening, and a platform neither Express nor Fastify', () => {
    const adapter = (): NestHttpAdapterLike => ({ getInstance: () => express(), setNotFoundHandler: () => undefined })
    const attachTooLate = 'attach fw to a Nest application (API.__as__ / service.adapt) before app.init() or app.listen()'
    expect(() => attachNest(nestApp(adapter(), { isInitialized: true }), fetchNothing, '', {})).toThrow(attachTooLate)
    expect(() =>
      attachNest(nestApp(adapter(), { getHttpServer: () => ({ listening: true }) }), fetchNothing, '', {}),
    ).toThrow(attachTooLate)
    expect(() => attachNest(nestApp({ getInstance: () => ({}), getType: () => 'koa' }), fetchNothing, '', {})).toThrow(
      'cannot attach fw to this Nest application: its platform (koa) is neither Express nor Fastify',
    )
    expect(() => attachNest(nestApp({ getInstance: () => express() }), fetchNothing, '', {})).toThrow('its platform (unknown)')
  })

  it('on Fastify, registers fw as Fastify does its plugins', () => {
    const register = vi.fn()
    const fastify = { inject: () => undefined, register, addHook: () => undefined }
    const app = nestApp({ getInstance: () => fastify })
    expect(attachNest(app, fetchNothing, '/api', {})).toBe(app)
    expect(register).toHaveBeenCalledTimes(1)
  })
})

describe('a Nest application mounted in fw', () => {
  it('is initialised once, at the first request, even for requests at the same time', async () => {
    const app = nestApp({ getInstance: () => 'platform instance' })
    const toFetch = vi.fn((instance: unknown) => () => new Response(String(instance)))
    const fetch = nestAppFetch(() => app, toFetch)
    expect(app.inits).toBe(0)
    const answers = await Promise.all([1, 2, 3].map(() => fetch(new Request('http://localhost/x'))))
    expect(await Promise.all(answers.map((response) => response.text()))).toEqual(['platform instance', 'platform instance', 'platform instance'])
    expect(app.inits).toBe(1)
    expect(toFetch).toHaveBeenCalledTimes(1)
  })

  it('a module mounted gets its own application; an adapter instance stays with the one it serves', async () => {
    const core = nestCore(nestApp({ getInstance: () => 'own' }))
    const adapterInstance = { getInstance: () => undefined, listen: () => undefined }
    const fetch = nestModuleFetch(core, AppModule, new NestSettings({ module: UsersModule, platform: adapterInstance, options: { cors: true } }), () => () => new Response('ok'))
    expect(core.calls).toEqual([])
    expect(await (await fetch(new Request('http://localhost/'))).text()).toBe('ok')
    expect(core.calls).toEqual([[AppModule, { cors: true }]])
    class ExpressAdapter {}
    const second = nestCore(nestApp({ getInstance: () => 'own' }))
    await nestModuleFetch(second, AppModule, new NestSettings({ platform: { ExpressAdapter } }), () => () => new Response('ok'))(new Request('http://localhost/'))
    expect(second.calls[0]?.[1]).toBeInstanceOf(ExpressAdapter)
  })

  it('a failing init fails the requests', async () => {
    const app = nestApp({ getInstance: () => undefined }, { init: async () => Promise.reject(new Error('no database')) })
    const fetch = nestAppFetch(() => app, () => fetchNothing)
    await expect(fetch(new Request('http://localhost/'))).rejects.toThrow('no database')
  })

  it('a failed init is not kept: the requests waiting for it fail, the next one calls init() again', async () => {
    let failures = 1
    const app = nestApp({ getInstance: () => 'platform instance' })
    app.init = async () => {
      app.inits++
      if (failures-- > 0) throw new Error('no database yet')
      return app
    }
    const fetch = nestAppFetch(() => app, (instance) => () => new Response(String(instance)))
    const waiting = [1, 2].map(() => fetch(new Request('http://localhost/')))
    for (const answer of waiting) await expect(answer).rejects.toThrow('no database yet')
    expect(await (await fetch(new Request('http://localhost/'))).text()).toBe('platform instance')
    await fetch(new Request('http://localhost/'))
    expect(app.inits).toBe(2) // the failed start (shared by the two waiting), the retry, then kept
  })
})

describe('the backends', () => {
  it('@nestjs/core as backend: attaching directly says to call setup() first', () => {
    expect(nestCoreBackend.is(nestCore())).toBe(true)
    expect(() => nestCoreBackend.attach(nestCore(), fetchNothing, '', {})).toThrow(
      'with `backend: nest` (@nestjs/core), call `await service.setup()` (it creates the Nest application), then application(); or pass an existing INestApplication as backend',
    )
    expect(nestAppBackend.is(nestApp({ getInstance: () => undefined }))).toBe(true)
    expect(NEST_SETUP_HINT).toContain('await service.setup()')
  })
})
