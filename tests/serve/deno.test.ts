/**
 * src/serve/deno.ts: `Deno.serve` with fw's hidden 500 and no listen banner, `reusePort` only when
 * asked, a taken port the one EADDRINUSE error; `stop` is Deno's graceful `shutdown()` (sockets of
 * fw-api/ws closed first), `force` can cut nothing. In-process, with a stand-in `Deno`
 * (tests/runtimes/conformance.test.ts serves on the real one).
 */
import { describe, expect, it, vi } from 'vitest'
import { serveDeno } from '../../src/serve/deno'
import type { SocketServing } from '../../src/serve/types'
import { fakeDeno } from './fake-runtimes'

const where = { port: 0, hostname: '127.0.0.1' }
const hello = (): Response => new Response('hello')

describe('serveDeno', () => {
  it('serves the handler as is, silent on listen, and reports the bound port', () => {
    const deno = fakeDeno(42_000)
    expect(serveDeno(deno, hello, where).port).toBe(42_000)
    const [served] = deno.served
    expect(served?.handler).toBe(hello)
    expect(served?.options).toMatchObject({ port: 0, hostname: '127.0.0.1' })
    expect(served?.options).not.toHaveProperty('reusePort')
    expect(served?.options.onListen?.()).toBeUndefined()
    serveDeno(deno, hello, { ...where, port: 9000, reusePort: true })
    expect(deno.served[1]?.options).toMatchObject({ port: 9000, reusePort: true })
  })

  it("answers an escaped error with fw's 500, its text only with debug", async () => {
    const deno = fakeDeno()
    serveDeno(deno, hello, where)
    const hidden = deno.served[0]?.options.onError?.(new Error('db password is hunter2'))
    expect(hidden?.status).toBe(500)
    expect(await hidden?.text()).not.toContain('hunter2')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    serveDeno(deno, hello, { ...where, debug: true })
    expect(await deno.served[1]?.options.onError?.(new RangeError('shown')).text()).toContain('RangeError: shown')
  })

  it('turns a taken port (Deno: AddrInUse) into the one EADDRINUSE error', () => {
    const deno = fakeDeno()
    deno.refuse = Object.assign(new Error('Address already in use (os error 98)'), { name: 'AddrInUse' })
    let thrown: unknown
    try {
      serveDeno(deno, hello, { ...where, port: 8000 })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(Error)
    expect((thrown as Error).message).toBe('cannot listen on 127.0.0.1:8000: the address is already in use (EADDRINUSE)')
    expect(Reflect.get(thrown as Error, 'code')).toBe('EADDRINUSE')
    expect((thrown as Error).cause).toBeInstanceOf(Error)
    const denied = new Error('Requires net access')
    deno.refuse = denied
    expect(() => serveDeno(deno, hello, where)).toThrow(denied)
  })

  it('stops with shutdown(); force does nothing (Deno cannot cut its connections)', async () => {
    const deno = fakeDeno()
    const { handle } = serveDeno(deno, hello, where)
    handle.force()
    expect(deno.shutdowns).toBe(0)
    await handle.stop()
    expect(deno.shutdowns).toBe(1)
  })

  it('with fw-api/ws: its handler goes to Deno, and its sockets close as the server shuts down', async () => {
    const closed = vi.fn()
    const upgrading = (): Response => new Response('upgrade')
    const sockets: SocketServing = {
      attachNode: () => () => {},
      bun: () => ({ fetch: hello, websocket: {}, close() {} }),
      deno: (fetch) => (expect(fetch).toBe(hello), { fetch: upgrading, close: closed }),
    }
    const deno = fakeDeno()
    const { handle } = serveDeno(deno, hello, { ...where, sockets })
    expect(deno.served[0]?.handler).toBe(upgrading)
    await handle.stop()
    expect(closed).toHaveBeenCalledTimes(1)
    expect(deno.shutdowns).toBe(1)
  })
})
