/**
 * SPEC §14 "Deadline" over real HTTP on Node (both servers), Bun, Deno and workerd, against
 * tests/runtimes/fixtures/deadline.ts (a service `timeout` of 300 ms): work that never settles —
 * an asynchronous schema refinement (issue D9: no answer at all before), a before hook, a
 * handler — answers 504 at the deadline and the handler's `this.request.signal` aborts;
 * `@api.timeout` and `static timeout = false` override it; a stream whose headers are sent
 * outlives it. The default (30 s) and `false` are in tests/service/deadline.test.ts.
 *
 *   npx vitest run tests/runtimes/deadline.test.ts
 *   FW_RUNTIMES=workerd npx vitest run tests/runtimes/deadline.test.ts
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEADLINE_MS } from './fixtures/deadline'
import { runtimesFor, startServer, type Server } from './runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/deadline-server.ts'
const WORKER_ENTRY = 'tests/runtimes/fixtures/deadline-worker.ts'
/** The 504 comes at the deadline, not at a client's or a server's own timeout (a busy machine's slack included). */
const LATE_MS = DEADLINE_MS + 1500

describe.each(runtimesFor(['node', 'bun', 'deno', 'workerd']))('the default deadline over HTTP on $label', (runtime) => {
  let server: Server
  beforeAll(async () => {
    server = await startServer(runtime, runtime.name === 'workerd' ? WORKER_ENTRY : ENTRY, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })

  /** GET `path`: status, body and how long the answer took (ms); the client gives up after 10 s. */
  const timed = async (path: string): Promise<{ status: number; body: string; ms: number }> => {
    const started = performance.now()
    const response = await fetch(`${server.origin}${path}`, { signal: AbortSignal.timeout(10_000) })
    const body = await response.text()
    return { status: response.status, body, ms: performance.now() - started }
  }

  it.each([
    ['an asynchronous refinement that never settles', '/api/deadline/refined?q=x', 'DeadlineAPI.refined()'],
    ['a before hook that never settles', '/api/deadline/hooked', 'DeadlineAPI.hooked()'],
    ['a handler that never settles', '/api/deadline/stuck', 'DeadlineAPI.stuck()'],
  ])('%s: 504 at the deadline, naming the endpoint', async (_, path, label) => {
    const { status, body, ms } = await timed(path)
    expect(status, body).toBe(504)
    expect(body).toContain(`${label} did not answer within ${DEADLINE_MS} ms`)
    expect(body).not.toMatch(/\n\s+at /)
    expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS - 20)
    expect(ms).toBeLessThan(LATE_MS)
  })

  it("the handler's this.request.signal aborts at the deadline, with the 504's error as its reason", async () => {
    expect((await timed('/api/deadline/stuck')).status).toBe(504)
    const { body } = await timed('/api/deadline/aborted')
    expect(JSON.parse(body)).toBe(`GatewayTimeout: DeadlineAPI.stuck() did not answer within ${DEADLINE_MS} ms`)
  })

  it("an endpoint's @api.timeout and a class's static timeout = false win over the service's", async () => {
    for (const path of ['/api/deadline/patient', '/api/unbounded/slow']) {
      const { status, body, ms } = await timed(path)
      expect(status, `${path}: ${body}`).toBe(200)
      expect(JSON.parse(body)).toBe('answered')
      expect(ms).toBeGreaterThanOrEqual(DEADLINE_MS * 2 - 20)
    }
  })

  it('a stream whose headers are sent is exempt: all of it arrives after the deadline', async () => {
    const { status, body, ms } = await timed('/api/deadline/stream')
    expect(status).toBe(200)
    expect(body).toBe(Array.from({ length: 10 }, (_, index) => `${index}\n`).join(''))
    expect(ms).toBeGreaterThan(DEADLINE_MS * 1.5)
  })
})
