/**
 * src/adapters/run.ts: `runBackend()` is the one runner of `service.run()`: no backend → fw's fetch
 * on the runtime's server; a fetch object (Hono) → its fetch there; a backend with a server of its
 * own (Elysia on Bun) → that server; anything else refused. Defaults port 0 on 127.0.0.1; fw's
 * fetch counted for the graceful close unless the caller's tracker already counts it. In-process,
 * with a stand-in `Bun` (tests/adapters/runtimes.test.ts runs each backend on real servers).
 */
import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { runBackend } from '../../src/adapters/run'
import { ImproperlyConfigured } from '../../src/exceptions'
import { Tracker } from '../../src/serve/graceful'
import { fakeBun, fakeDeno } from '../serve/fake-runtimes'

const hello = (): Response => new Response('fw')

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('runBackend', () => {
  it("serves fw's fetch with no backend, on port 0 of 127.0.0.1 unless told", async () => {
    const bun = fakeBun(46_000)
    vi.stubGlobal('Bun', bun)
    const server = await runBackend(undefined, hello)
    expect(server).toMatchObject({ port: 46_000, hostname: '127.0.0.1', runtime: 'bun', role: 'single' })
    expect(bun.served[0]).toMatchObject({ port: 0, hostname: '127.0.0.1' })
    const answer = await bun.served[0]?.fetch(new Request('http://127.0.0.1/'), undefined, undefined)
    expect(await answer?.text()).toBe('fw')
    await runBackend(null, hello, { port: 8080, hostname: '0.0.0.0' })
    expect(bun.served[1]).toMatchObject({ port: 8080, hostname: '0.0.0.0' })
    await server.close()
    expect(bun.stops).toEqual([false])
  })

  it("serves a fetch object's own fetch (a Hono app with fw attached)", async () => {
    const bun = fakeBun()
    vi.stubGlobal('Bun', bun)
    const app = new Hono()
    app.get('/host', (c) => c.text('hono'))
    await runBackend(app, hello)
    const answer = await bun.served[0]?.fetch(new Request('http://127.0.0.1/host'), undefined, undefined)
    expect(await answer?.text()).toBe('hono')
  })

  it('runs a backend with a server of its own through it (Elysia on Bun: its listen, fw timeouts)', async () => {
    vi.stubGlobal('Bun', fakeBun())
    const listened: unknown[] = []
    const elysia = {
      server: null as { port?: number } | null,
      fetch: hello,
      handle: hello,
      all: () => elysia,
      decorate: () => elysia,
      listen(options: { port?: number }) {
        listened.push(options)
        elysia.server = { port: 47_000 }
        return elysia
      },
      stop: vi.fn(),
    }
    const server = await runBackend(elysia, hello, { port: 0, timeouts: { idle: 60_000 } })
    expect(server.port).toBe(47_000)
    expect(listened).toEqual([{ port: 0, hostname: '127.0.0.1', idleTimeout: 60, reusePort: false }])
    await server.close()
    expect(elysia.stop).toHaveBeenCalledWith(false)
  })

  it('refuses a timeout that is not a number of ms on every runtime, Deno (which applies none) too', async () => {
    vi.stubGlobal('Deno', fakeDeno())
    await expect(runBackend(undefined, hello, { timeouts: { keepAlive: Number.NaN } })).rejects.toThrow(
      'timeouts.keepAlive is a number of ms (0 or more), not NaN',
    )
  })

  it('refuses what it cannot run, naming it', async () => {
    vi.stubGlobal('Bun', fakeBun())
    for (const backend of [{}, 42, 'express', { fetch: 'not a function' }])
      await expect(runBackend(backend, hello)).rejects.toThrow(ImproperlyConfigured)
    await expect(runBackend({ listen: 1 }, hello)).rejects.toThrow(/^cannot run .+ as a backend$/)
  })

  it('counts fw’s requests for the graceful close; a tracker given is taken as already counting them', async () => {
    const bun = fakeBun()
    vi.stubGlobal('Bun', bun)
    await runBackend(undefined, hello)
    expect(bun.served[0]?.fetch).not.toBe(hello)

    const tracker = new Tracker()
    let finish: (response: Response) => void = () => {}
    const counted = tracker.track(() => new Promise<Response>((resolve) => (finish = resolve)))
    const server = await runBackend(undefined, counted, { tracker })
    expect(bun.served[1]?.fetch).toBe(counted)
    const inFlight = bun.served[1]?.fetch(new Request('http://127.0.0.1/'), undefined, undefined)
    let closed = false
    const closing = server.close({ timeout: 5000 }).then(() => (closed = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(closed).toBe(false)
    finish(new Response('late'))
    await inFlight
    await closing
    expect(bun.stops).toEqual([false])
  })
})
