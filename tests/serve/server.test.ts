/**
 * src/serve/server.ts: `startFetch` serves a fetch handler on the runtime it finds (Bun.serve,
 * Deno.serve; Node's own server is tests/serve/node-native.test.ts), refusing one with no server
 * (Workers) with what to do instead; `running` gives the one RunningServer shape, whose close is
 * graceful through the tracker. In-process, with stand-in `Bun`/`Deno` globals.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { running, startFetch, Tracker } from '../../src/serve/server'
import { fakeBun, fakeDeno } from './fake-runtimes'

const where = { port: 0, hostname: '127.0.0.1' }
const hello = (): Response => new Response('hello')

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('startFetch', () => {
  it('serves with Bun.serve on Bun, the options passed on', async () => {
    const bun = fakeBun(43_000)
    vi.stubGlobal('Bun', bun)
    const started = await startFetch(hello, { ...where, timeouts: { idle: 30_000 }, debug: true })
    expect(started.port).toBe(43_000)
    expect(bun.served[0]).toMatchObject({ fetch: hello, hostname: '127.0.0.1', idleTimeout: 30 })
    await started.handle.stop()
    expect(bun.stops).toEqual([false])
  })

  it('serves with Deno.serve on Deno', async () => {
    const deno = fakeDeno(44_000)
    vi.stubGlobal('Deno', deno)
    const started = await startFetch(hello, where)
    expect(started.port).toBe(44_000)
    expect(deno.served[0]?.handler).toBe(hello)
  })

  it('refuses a runtime with no server of its own, naming what to do on Workers', async () => {
    vi.stubGlobal('process', {})
    const refused = startFetch(hello, where)
    vi.unstubAllGlobals()
    await expect(refused).rejects.toThrow('service.run() needs Node, Bun or Deno; on Workers use `export default service`')
  })

  it('passes a taken port on as the one EADDRINUSE error', async () => {
    const bun = fakeBun()
    bun.refuse = Object.assign(new Error('in use'), { code: 'EADDRINUSE' })
    vi.stubGlobal('Bun', bun)
    await expect(startFetch(hello, { ...where, port: 8000 })).rejects.toMatchObject({ code: 'EADDRINUSE', message: expect.stringContaining('127.0.0.1:8000') })
  })
})

describe('running', () => {
  it('names the runtime and role, and closes once, gracefully: in-flight requests finish first', async () => {
    const bun = fakeBun(45_000)
    vi.stubGlobal('Bun', bun)
    const tracker = new Tracker()
    let finish: (response: Response) => void = () => {}
    const slow = tracker.track(() => new Promise<Response>((resolve) => (finish = resolve)))
    const server = running(await startFetch(slow, where), tracker, '127.0.0.1')
    expect(server).toMatchObject({ port: 45_000, hostname: '127.0.0.1', runtime: 'bun', role: 'single' })

    const inFlight = bun.served[0]?.fetch(new Request('http://127.0.0.1/'), undefined, undefined)
    let closed = false
    const closing = server.close({ timeout: 5000 }).then(() => (closed = true))
    expect(server.close()).toBe(server.close()) // closing twice closes once
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(closed).toBe(false)
    finish(new Response('done'))
    expect(await (await inFlight)?.text()).toBe('done')
    await closing
    expect(closed).toBe(true)
    expect(bun.stops).toEqual([false])
  })

  it('cuts what is left after the timeout', async () => {
    const bun = fakeBun()
    vi.stubGlobal('Bun', bun)
    const tracker = new Tracker()
    const never = tracker.track(() => new Promise<Response>(() => {}))
    const server = running(await startFetch(never, where), tracker, 'localhost')
    void bun.served[0]?.fetch(new Request('http://localhost/'), undefined, undefined)
    await server.close({ timeout: 30 })
    expect(bun.stops).toEqual([false, true])
  })

  it('reports node where the runtime is not recognised', () => {
    vi.stubGlobal('process', {})
    const server = running({ port: 1, handle: { stop: async () => {}, force: () => {} } }, new Tracker(), 'h')
    vi.unstubAllGlobals()
    expect(server.runtime).toBe('node')
  })
})
