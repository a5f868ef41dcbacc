/**
 * src/serve/bun.ts: `Bun.serve` with fw's settings — never Bun's development error page, the idle
 * timeout in whole seconds within Bun's 1–255, `reusePort` said always (only workers share a
 * port), fw's own hidden 500, a taken port the one EADDRINUSE error; `stop` graceful, `force` not.
 * In-process, with a stand-in `Bun` (tests/runtimes/conformance.test.ts serves on the real one).
 */
import { describe, expect, it, vi } from 'vitest'
import { serveBun } from '../../src/serve/bun'
import type { SocketServing } from '../../src/serve/types'
import { fakeBun } from './fake-runtimes'

const where = { port: 0, hostname: '127.0.0.1' }
const hello = (): Response => new Response('hello')

describe('serveBun', () => {
  it('passes the handler as is, with fw settings, and reports the port Bun bound', () => {
    const bun = fakeBun(41_000)
    const { port } = serveBun(bun, hello, where)
    expect(port).toBe(41_000)
    const [options] = bun.served
    expect(options).toMatchObject({ fetch: hello, port: 0, hostname: '127.0.0.1', development: false, idleTimeout: 10, reusePort: false })
    expect(options).not.toHaveProperty('websocket')
    expect(serveBun(bun, hello, { ...where, port: 8123, reusePort: true }).port).toBe(8123)
    expect(bun.served[1]?.reusePort).toBe(true)
  })

  it('takes timeouts.idle in seconds, rounded up, within 1–255', () => {
    const idleOf = (idle: number): number | undefined => {
      const bun = fakeBun()
      serveBun(bun, hello, { ...where, timeouts: { idle } })
      return bun.served[0]?.idleTimeout
    }
    expect(idleOf(2500)).toBe(3)
    expect(idleOf(0)).toBe(1)
    expect(() => idleOf(-5)).toThrow('timeouts.idle is a number of ms (0 or more), not -5')
    expect(idleOf(10_000_000)).toBe(255)
  })

  it("answers an escaped error with fw's 500: hidden, or named with debug (and logged)", async () => {
    const bun = fakeBun()
    serveBun(bun, hello, where)
    const hidden = bun.served[0]?.error(new Error('secret /etc/passwd'))
    expect(hidden?.status).toBe(500)
    expect(hidden?.headers.get('content-type')).toBe('application/problem+json')
    const body = await hidden?.text()
    expect(body).not.toContain('secret')
    expect(JSON.parse(body ?? '')).toMatchObject({ status: 500 })

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    serveBun(bun, hello, { ...where, debug: true })
    const shown = await bun.served[1]?.error(new TypeError('boom')).text()
    expect(shown).toContain('TypeError: boom')
    expect(logged).toHaveBeenCalledTimes(1)
  })

  it('turns a taken port into the one EADDRINUSE error, and passes other errors on', () => {
    const bun = fakeBun()
    bun.refuse = Object.assign(new Error('Failed to start server. Is port 8000 in use?'), { code: 'EADDRINUSE' })
    expect(() => serveBun(bun, hello, { ...where, port: 8000 })).toThrow('cannot listen on 127.0.0.1:8000: the address is already in use (EADDRINUSE)')
    const other = new Error('permission denied')
    bun.refuse = other
    expect(() => serveBun(bun, hello, where)).toThrow(other)
  })

  it('stops gracefully (stop(false)), cuts with stop(true)', async () => {
    const bun = fakeBun()
    const { handle } = serveBun(bun, hello, where)
    await handle.stop()
    handle.force()
    expect(bun.stops).toEqual([false, true])
  })

  it('with fw-api/ws: its fetch and websocket go to Bun, and its sockets close before the stop', async () => {
    const order: string[] = []
    const upgrading = (): Response => new Response('upgrade')
    const sockets: SocketServing = {
      attachNode: () => () => {},
      bun: (fetch) => {
        expect(fetch).toBe(hello)
        return { fetch: upgrading, websocket: { open() {} }, close: () => void order.push('sockets closed') }
      },
      deno: () => ({ fetch: hello, close() {} }),
    }
    const bun = fakeBun()
    const stop = vi.fn(async () => void order.push('server stopped'))
    bun.serve = (options) => (bun.served.push(options), { port: 1, stop })
    const { handle } = serveBun(bun, hello, { ...where, sockets })
    expect(bun.served[0]?.fetch).toBe(upgrading)
    expect(bun.served[0]?.websocket).toEqual({ open: expect.any(Function) })
    await handle.stop()
    expect(order).toEqual(['sockets closed', 'server stopped'])
  })
})
