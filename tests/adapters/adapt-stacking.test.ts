/**
 * `service.adapt(prefix)` stacks with the service's `route` (SPEC §5): both
 * given as '/api' serve `/api/api/...`, which is almost always a mistake, so
 * the build warns naming the resulting path; the routes still serve where
 * the warning says. Over real HTTP on 127.0.0.1 with a Hono host.
 */
import 'fw-api/adapters'
import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Fw, api } from 'fw-api'
import { runBackend } from '../../src/adapters'
import { repeatedSegment } from '../../src/router/route-path'
import { call } from './helpers'
import type { RunningServer } from '../../src/serve'

class HealthAPI extends api.API {
  @api.get
  health() {
    return 'ok'
  }
}

@api.route('v1')
class VersionedAPI extends api.API {
  @api.get
  health() {
    return 'ok'
  }
}

const servers: Pick<RunningServer, 'port' | 'close'>[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

async function serve(app: Hono): Promise<string> {
  const server = await runBackend(app, () => new Response(null, { status: 500 }), { port: 0 })
  servers.push(server)
  return `http://127.0.0.1:${server.port}`
}

function hostApp(): Hono {
  const app = new Hono()
  app.notFound((c) => c.text('host 404', 404))
  return app
}

describe('adapt(prefix) with the route option', () => {
  it("the same segment given to both is warned about at build, naming the path it serves", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const app = hostApp()
    new Fw(import.meta.url, { backend: app, api: HealthAPI, route: '/api' }).adapt('/api')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/adapt\('\/api'\) stacks with the service's route: its routes are served under \/api\/api \('api' twice\)/)
    const base = await serve(app)
    expect((await call(base, '/api/api/health')).text).toBe('"ok"')
    expect(await call(base, '/api/health')).toMatchObject({ status: 404, text: 'host 404' })
  })

  it('a prefix given once (or two different ones) serves without a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const app = hostApp()
    new Fw(import.meta.url, { backend: app, api: HealthAPI, route: '/api' }).adapt('/v2')
    const other = hostApp()
    new Fw(import.meta.url, { backend: other, api: HealthAPI }).adapt('/api')
    expect(warn).not.toHaveBeenCalled()
    expect((await call(await serve(app), '/v2/api/health')).text).toBe('"ok"')
    expect((await call(await serve(other), '/api/health')).text).toBe('"ok"')
  })

  it("the root API's own @api.route stacks too", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    new Fw(import.meta.url, { backend: hostApp(), api: VersionedAPI, route: '/api' }).adapt('/v1/api')
    expect(String(warn.mock.calls[0]?.[0])).toContain('served under /v1/api/api/v1')
  })

  it('repeatedSegment finds a segment that ends one piece and starts the next', () => {
    expect(repeatedSegment('/api', 'api/')).toBe('api')
    expect(repeatedSegment('/v1', undefined, '/api', '/api/x')).toBe('api')
    expect(repeatedSegment('/api/v1', '/api')).toBeUndefined()
    expect(repeatedSegment('/', '/api')).toBeUndefined()
  })
})
