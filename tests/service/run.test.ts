/**
 * src/service/run.ts: `runService`, what `service.run()` does around the server runner — the port
 * and host (the call's, else the service's, else `PORT` / `HOST`, else 8000 and 127.0.0.1), the
 * service's tracker, the shutdown-signal handlers (installed with the server, removed with it,
 * none on a failed start or with `signals: false`), the server kept for `service.close()`, and
 * `workers` checked before anything forks. In-process: the backend is a Nest application look-alike
 * (the runner calls its `listen(port, hostname)` and reads its HTTP server's address), so no socket opens.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { Tracker } from '../../src/serve/graceful'
import type { CloseOptions, RunningServer } from '../../src/serve/types'
import { runService, type Runnable } from '../../src/service/run'

/** A Nest application look-alike: `listen(port, hostname)` records where it was asked to listen (or fails). */
function fakeApp(failure?: Error) {
  const asked: { port: number; hostname: string }[] = []
  const server = {
    port: 0,
    address: () => ({ port: server.port, address: '127.0.0.1', family: 'IPv4' }),
    close: (callback?: (error?: Error) => void) => callback?.(),
    closeIdleConnections: () => undefined,
    closeAllConnections: () => undefined,
    on: () => server,
  }
  const app = {
    getHttpAdapter: () => ({ getInstance: () => undefined }),
    init: async () => undefined,
    listen: async (port: number, hostname: string) => {
      if (failure) throw failure
      asked.push({ port, hostname })
      server.port = port === 0 ? 40_123 : port
    },
    getHttpServer: () => server,
    close: vi.fn(async () => undefined),
    useGlobalGuards: () => undefined,
  }
  return { app, asked }
}

/** A service as `run()` sees it, its close recorded. */
function runnable(app: unknown): Runnable & { closes: (CloseOptions | undefined)[]; trackers: Tracker[] } {
  const closes: (CloseOptions | undefined)[] = []
  const trackers: Tracker[] = []
  const service = {
    fetch: () => new Response('fw'),
    app,
    tracked: (made: Tracker) => (trackers.push(made), made),
    servers: [] as RunningServer[],
    close: async (options?: CloseOptions) => {
      closes.push(options)
      await Promise.all(service.servers.splice(0).map((server) => server.close(options)))
    },
    closes,
    trackers,
  }
  return service
}

const signalHandlers = () => process.listenerCount('SIGTERM') + process.listenerCount('SIGINT')
const saved = { PORT: process.env.PORT, HOST: process.env.HOST }

beforeEach(() => {
  delete process.env.PORT
  delete process.env.HOST
})
afterEach(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

describe('runService: where it listens', () => {
  it('takes the call’s port and host over the service’s, the service’s over PORT and HOST, those over 8000 and 127.0.0.1', async () => {
    const cases: [Parameters<typeof runService>[1], Parameters<typeof runService>[2], Record<string, string>, { port: number; hostname: string }][] = [
      [{ port: 1001, host: '10.0.0.1' }, { port: 2002, host: '10.0.0.2' }, { PORT: '3003', HOST: '10.0.0.3' }, { port: 1001, hostname: '10.0.0.1' }],
      [{}, { port: 2002, host: '10.0.0.2' }, { PORT: '3003', HOST: '10.0.0.3' }, { port: 2002, hostname: '10.0.0.2' }],
      [{}, {}, { PORT: '3003', HOST: '10.0.0.3' }, { port: 3003, hostname: '10.0.0.3' }],
      [{}, {}, {}, { port: 8000, hostname: '127.0.0.1' }],
    ]
    for (const [options, settings, env, expected] of cases) {
      Object.assign(process.env, env)
      const { app, asked } = fakeApp()
      const service = runnable(app)
      const server = await runService(service, { ...options, signals: false }, settings)
      expect(asked).toEqual([expected])
      expect(server).toMatchObject({ port: expected.port, hostname: expected.hostname, role: 'single' })
      await server.close()
      delete process.env.PORT
      delete process.env.HOST
    }
  })

  it('reports the port the server bound (port: 0)', async () => {
    const { app } = fakeApp()
    const server = await runService(runnable(app), { port: 0, signals: false }, {})
    expect(server.port).toBe(40_123)
    await server.close()
  })

  it('counts requests with the service’s tracker: tracked() is asked once, with a new Tracker', async () => {
    const { app } = fakeApp()
    const service = runnable(app)
    const server = await runService(service, { port: 0, signals: false }, {})
    expect(service.trackers).toHaveLength(1)
    expect(service.trackers[0]).toBeInstanceOf(Tracker)
    await server.close()
  })
})

describe('runService: the server and its close', () => {
  it('keeps the server for service.close(); server.close(options) is service.close(options), which closes the app', async () => {
    const { app } = fakeApp()
    const service = runnable(app)
    const server = await runService(service, { port: 0, signals: false }, {})
    expect(service.servers).toHaveLength(1)
    expect(service.servers[0]?.port).toBe(server.port)
    await server.close({ timeout: 250 })
    expect(service.closes).toEqual([{ timeout: 250 }])
    expect(app.close).toHaveBeenCalledTimes(1)
    expect(service.servers).toEqual([])
  })

  it('installs the shutdown-signal handlers with the server and removes them when it closes', async () => {
    const before = signalHandlers()
    const { app } = fakeApp()
    const server = await runService(runnable(app), { port: 0 }, {})
    expect(signalHandlers()).toBeGreaterThan(before)
    await server.close()
    expect(signalHandlers()).toBe(before)
  })

  it('installs none with signals: false', async () => {
    const before = signalHandlers()
    const { app } = fakeApp()
    const server = await runService(runnable(app), { port: 0, signals: false }, {})
    expect(signalHandlers()).toBe(before)
    await server.close()
  })

  it('rejects a start that fails, keeping no server and no signal handler', async () => {
    const before = signalHandlers()
    const taken = Object.assign(new Error('listen EADDRINUSE: address already in use'), { code: 'EADDRINUSE' })
    const { app } = fakeApp(taken)
    const service = runnable(app)
    await expect(runService(service, { port: 5555 }, {})).rejects.toThrow(/5555/)
    expect(service.servers).toEqual([])
    expect(signalHandlers()).toBe(before)
  })
})

describe('runService: workers', () => {
  it('refuses a workers count that is not a positive integer or auto before anything starts', async () => {
    for (const workers of [0, -1, 1.5, Number.NaN]) {
      const { app, asked } = fakeApp()
      await expect(runService(runnable(app), { workers, signals: false }, {})).rejects.toThrow(ImproperlyConfigured)
      expect(asked).toEqual([])
    }
  })
})
