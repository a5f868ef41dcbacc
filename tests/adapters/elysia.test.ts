import { Elysia } from 'elysia'
import { afterEach, describe, expect, it } from 'vitest'
import { attach, runBackend, toFetchHandler } from '../../src/adapters'
import { call, contractCases, standIn } from './helpers'
import type { RunningServer } from '../../src/serve'

/** A server the test closes. */
type RunningBackend = Pick<RunningServer, 'port' | 'close'>

const servers: RunningBackend[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

// Elysia is Bun-first: `listen()` needs Bun (or @elysiajs/node); its `fetch`
// runs anywhere, so on Node runBackend serves `app.fetch`. The Bun listen()
// path is covered by tests/adapters/runtimes.test.ts.
describe('fw attached to Elysia (Node, through app.fetch)', () => {
  it('serves native routes and fw routes side by side', async () => {
    const app = new Elysia().get('/health', () => ({ ok: true })).post('/native', ({ body }) => ({ native: body }))
    expect(attach(app, standIn('/api'), '/api', {})).toBe(app)
    const server = await runBackend(app, standIn(), { port: 0 })
    servers.push(server)
    const base = `http://127.0.0.1:${server.port}`

    await contractCases(base, '/api')
    expect((await call(base, '/health')).json()).toEqual({ ok: true })
    const native = await call(base, '/native', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"n":1}' })
    expect(native.json()).toEqual({ native: { n: 1 } })
    expect((await call(base, '/api')).json()).toEqual({ data: null, msg: 'NotFound: /api' })
  })

  it('mounted in fw as a fetch object', async () => {
    const app = new Elysia().get('/hi', () => 'hi').post('/echo', ({ body }) => body)
    const handler = toFetchHandler(app)
    expect(await (await handler(new Request('http://localhost/hi'))).text()).toBe('hi')
    const echo = await handler(
      new Request('http://localhost/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' }),
    )
    expect(await echo.json()).toEqual({ a: 1 })
  })
})
