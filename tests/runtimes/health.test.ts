/**
 * SPEC §14 "Health" over real HTTP on Node, Bun and Deno with `service.run()` (fw's own server:
 * the drain is run()'s close) and on workerd, against tests/runtimes/fixtures/health.ts: liveness
 * 200, readiness 200 / 503 naming the failing and the timed-out check, and (not on Workers: no
 * process to stop) on SIGTERM readiness 503 at once while the server still accepts and answers
 * for the drain, then stops.
 * The option's own rows are in tests/health/health.test.ts.
 *
 *   npx vitest run tests/runtimes/health.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DRAIN_MS } from './fixtures/health'
import { runtimesFor, servedByFw, startServer, type Server } from './runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/health-server.ts'
const WORKER_ENTRY = 'tests/runtimes/fixtures/health-worker.ts'

describe.each(runtimesFor(['node', 'bun', 'deno', 'workerd'], servedByFw))('health over HTTP on $label', (runtime) => {
  let server: Server
  beforeAll(async () => {
    server = await startServer(runtime, runtime.name === 'workerd' ? WORKER_ENTRY : ENTRY, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const get = async (path: string, method = 'GET') => {
    const response = await fetch(`${server.origin}${path}`, { method, signal: AbortSignal.timeout(10_000) })
    return { status: response.status, body: (await response.json()) as unknown }
  }

  it('liveness 200; readiness 200 with every check ok', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, body: { status: 'ok' } })
    expect(await get('/healthz/ready')).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', queue: 'ok' } } })
  })

  it('a failing check and a hanging one: 503 naming them, within the time bound', async () => {
    await get('/api/fail', 'POST')
    await get('/api/hang', 'POST')
    const started = performance.now()
    const ready = await get('/healthz/ready')
    const elapsed = performance.now() - started
    expect(ready).toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'failed', queue: 'timed out' } } })
    expect(elapsed).toBeGreaterThanOrEqual(250)
    expect(elapsed).toBeLessThan(2000)
    expect((await get('/healthz')).status).toBe(200)
    await get('/api/heal', 'POST')
    expect((await get('/healthz/ready')).status).toBe(200)
  })

  // a Worker has no process to stop: Cloudflare drains it
  const stops = runtime.name === 'workerd' ? it.skip : it
  stops('SIGTERM: readiness 503 at once, requests still served during the drain, then the server stops', async () => {
    process.kill(server.pid, 'SIGTERM')
    const signalled = performance.now()
    await new Promise((resolve) => setTimeout(resolve, 150))
    // new connections during the drain: the balancer sees "closing", traffic still gets answers
    expect(await get('/healthz/ready')).toEqual({ status: 503, body: { status: 'closing', checks: {} } })
    expect((await get('/healthz')).status).toBe(200)
    expect(await get('/api/ping')).toEqual({ status: 200, body: 'pong' })
    expect(performance.now() - signalled).toBeLessThan(DRAIN_MS)
    expect(await server.exited).toBe(0)
    // the drain was held, not skipped (a skipped one exits at once); Bun's timers may fire a little early
    expect(performance.now() - signalled).toBeGreaterThanOrEqual(DRAIN_MS - 200)
    await expect(fetch(`${server.origin}/healthz`)).rejects.toThrow()
  })
})
