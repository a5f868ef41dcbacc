/**
 * The `health` option (src/health/, SPEC §14 "Health") through `service.fetch`: liveness,
 * readiness with passing, failing, throwing and hanging checks (each named, within the time
 * bound), probes in a flood sharing one run, 503 from the moment `close()` starts, no plugin or
 * guard around the probes, and the OpenAPI document only on request. Over real HTTP on Node, Bun
 * and Deno (the drain during close() included): tests/runtimes/health.test.ts.
 */
import 'fw-api/health'
import 'fw-api/openapi'
import { describe, expect, it } from 'vitest'
import { Fw, api, exceptions } from 'fw-api'

class RootAPI extends api.API {
  @api.get
  ping() {
    return 'pong'
  }
}

const never = (): Promise<never> => new Promise<never>(() => {})
const get = async (service: Fw, path: string) => {
  const response = await service.fetch(new Request(`http://x${path}`))
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers }
}

describe('health: liveness and readiness', () => {
  it('GET /healthz: 200; /healthz/ready without checks: 200 ready; both no-store', async () => {
    const service = new Fw({ api: RootAPI, route: '/api', health: true })
    const live = await get(service, '/healthz')
    expect(live).toMatchObject({ status: 200, body: { status: 'ok' } })
    expect(live.headers.get('cache-control')).toBe('no-store')
    expect(await get(service, '/healthz/ready')).toMatchObject({ status: 200, body: { status: 'ready', checks: {} } })
    expect((await get(service, '/api/ping')).body).toBe('pong')
    expect((await service.fetch(new Request('http://x/healthz', { method: 'POST' }))).status).toBe(405)
  })

  it('HEAD: the GET\'s status and headers, no body (as the service answers a HEAD of a route)', async () => {
    const service = new Fw({ api: RootAPI, route: '/api', health: { ready: { db: () => Promise.reject(new Error('down')) } } })
    for (const [path, status] of [['/healthz', 200], ['/healthz/ready', 503]] as const) {
      const head = await service.fetch(new Request(`http://x${path}`, { method: 'HEAD' }))
      expect(head.status, path).toBe(status)
      expect(head.headers.get('cache-control')).toBe('no-store')
      expect(await head.text(), path).toBe('')
    }
  })

  it('readiness runs the checks concurrently and names the one that failed, threw or timed out (503)', async () => {
    let ran = 0
    const service = new Fw({
      health: {
        path: '/up',
        timeout: 200,
        ready: {
          db: async () => void ran++,
          cache: () => {
            throw new Error('connection refused to redis://user:password@cache')
          },
          queue: () => Promise.reject(new Error('down')),
          search: never,
        },
      },
    })
    const started = performance.now()
    const ready = await get(service, '/up/ready')
    // a hang guard with a wide margin: the never-settling check ends at its 200 ms bound (a check
    // without a bound would hold the answer until the test's own timeout)
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(ready.status).toBe(503)
    expect(ready.body).toEqual({
      status: 'unavailable',
      checks: { db: 'ok', cache: 'failed', queue: 'failed', search: 'timed out' },
    })
    expect(JSON.stringify(ready.body)).not.toContain('password') // a check's error is never shown
    expect(ran).toBe(1)
    expect((await get(service, '/up')).status).toBe(200) // liveness is not readiness
  })

  it('a flood of probes shares one run of the checks', async () => {
    let runs = 0
    const service = new Fw({
      health: { ready: { slow: () => new Promise((resolve) => setTimeout(() => resolve(runs++), 50)) } },
    })
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(service, '/healthz/ready')))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(runs).toBe(1)
  })

  it('503 closing from the moment close() starts; liveness stays 200', async () => {
    const service = new Fw({ health: { ready: { db: () => true } } })
    expect((await get(service, '/healthz/ready')).status).toBe(200)
    const closing = service.close()
    expect(await get(service, '/healthz/ready')).toMatchObject({ status: 503, body: { status: 'closing' } })
    expect((await get(service, '/healthz')).status).toBe(200)
    await closing
  })

  it('no service plugin or guard runs around the probes', async () => {
    const denyAll = new (class DenyAll extends api.Plugin {
      override guardsMounts = true
      override processRequest(): never {
        throw new exceptions.Unauthorized('no')
      }
    })()
    const service = new Fw({ api: RootAPI, health: true })
    service.use(denyAll)
    expect((await service.fetch(new Request('http://x/ping'))).status).toBe(401)
    expect((await get(service, '/healthz')).status).toBe(200)
    expect((await get(service, '/healthz/ready')).status).toBe(200)
  })

  it('left out of the OpenAPI document unless health.document is true', () => {
    const hidden = new Fw({ api: RootAPI, health: true }).openapi()
    expect(Object.keys(hidden.paths)).toEqual(['/ping'])
    const shown = new Fw({ api: RootAPI, health: { path: '/hz', document: true } }).openapi()
    expect(Object.keys(shown.paths).sort()).toEqual(['/hz', '/hz/ready', '/ping'])
    const ready = shown.paths['/hz/ready']?.get as { responses: Record<string, unknown> }
    expect(Object.keys(ready.responses)).toEqual(['200', '503'])
  })

  it('bad settings: ImproperlyConfigured', () => {
    expect(() => new Fw({ health: { path: '/' } })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => new Fw({ health: { timeout: 'soon' } })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => new Fw({ health: { ready: { db: 'yes' as never } } })).toThrow(exceptions.ImproperlyConfigured)
  })
})
