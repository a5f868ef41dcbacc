/**
 * src/serve/node.ts: serving on Node — `listen` as a promise (the bound port, or the one
 * EADDRINUSE error; later server errors logged, never uncaught), the graceful stop (no new
 * connections, idle ones closed now, busy ones once their response is sent), a framework's own
 * server and listen (timeouts first, its close run too), a Node listener on node:http with fw's
 * timeouts and head guard. In-process: a stand-in node:http server (tests/serve/node-native.test.ts
 * and tests/adapters/node-http.test.ts serve over real HTTP).
 */
import { EventEmitter } from 'node:events'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyTimeouts, listen, listenFramework, nodeHandle, startListener } from '../../src/serve/node'
import type { SocketServing } from '../../src/serve/types'

/** A stand-in node:http server: `listen` binds (or fails with `refuse`), what fw calls is recorded. */
class StandInServer extends EventEmitter {
  calls: string[] = []
  refuse: Error | undefined
  bound = 0
  maxHeadersCount: number | null = null
  constructor(readonly options: unknown = undefined, readonly listener: unknown = undefined) {
    super()
  }
  listen(port: number, _hostname: string, listening: () => void): this {
    if (this.refuse) queueMicrotask(() => this.emit('error', this.refuse))
    else {
      this.bind(port)
      queueMicrotask(listening)
    }
    return this
  }
  /** What listening does here: take `port` (0: a made-up free one). No socket. */
  bind(port: number): void {
    this.bound = port === 0 ? 50_123 : port
  }
  address(): unknown {
    return this.bound === 0 ? null : { address: '127.0.0.1', family: 'IPv4', port: this.bound }
  }
  close(callback?: () => void): this {
    this.calls.push('close')
    this.closed = callback
    return this
  }
  closed: (() => void) | undefined
  closeIdleConnections(): void {
    this.calls.push('closeIdle')
  }
  closeAllConnections(): void {
    this.calls.push('closeAll')
  }
}

const asHttpServer = (server: StandInServer): Parameters<typeof listen>[0] => server as unknown as Parameters<typeof listen>[0]

afterEach(() => {
  vi.restoreAllMocks()
})

describe('listen', () => {
  it('resolves with the bound port; later server errors are logged, not thrown', async () => {
    const server = new StandInServer()
    expect(await listen(asHttpServer(server), 0, '127.0.0.1')).toBe(50_123)
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => server.emit('error', new Error('EMFILE: accept failed'))).not.toThrow()
    expect(logged).toHaveBeenCalledWith(new Error('EMFILE: accept failed'))
  })

  it('rejects a taken port with the one EADDRINUSE error, other errors as they are', async () => {
    const taken = new StandInServer()
    taken.refuse = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' })
    await expect(listen(asHttpServer(taken), 8000, '0.0.0.0')).rejects.toThrow('cannot listen on 0.0.0.0:8000: the address is already in use (EADDRINUSE)')
    const denied = new StandInServer()
    denied.refuse = Object.assign(new Error('listen EACCES'), { code: 'EACCES' })
    await expect(listen(asHttpServer(denied), 80, '0.0.0.0')).rejects.toBe(denied.refuse)
  })
})

describe('nodeHandle', () => {
  it('stops: WebSockets closed, no new connections, idle ones closed now; settles once the server closed', async () => {
    const server = new StandInServer()
    const closeSockets = vi.fn(() => server.calls.push('sockets'))
    const handle = nodeHandle(server, closeSockets)
    let stopped = false
    const stopping = handle.stop().then(() => (stopped = true))
    expect(server.calls).toEqual(['sockets', 'close', 'closeIdle'])
    await Promise.resolve()
    expect(stopped).toBe(false)
    server.closed?.()
    await stopping
    handle.force()
    expect(server.calls.at(-1)).toBe('closeAll')
  })

  it('closes a busy connection as soon as its response is sent, once stopping', async () => {
    vi.useFakeTimers()
    try {
      const server = new StandInServer()
      const handle = nodeHandle(server)
      const before = new EventEmitter()
      server.emit('request', {}, before)
      before.emit('finish')
      vi.runAllTimers()
      expect(server.calls).toEqual([])

      void handle.stop()
      const busy = new EventEmitter()
      server.emit('request', {}, busy)
      busy.emit('finish')
      vi.runAllTimers()
      expect(server.calls).toEqual(['close', 'closeIdle', 'closeIdle'])
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('applyTimeouts', () => {
  it("sets fw's node:http timeouts on a server a framework made", () => {
    const server = new StandInServer()
    applyTimeouts(server, { headers: 2000 })
    expect(server).toMatchObject({ headersTimeout: 2000, requestTimeout: 30_000, keepAliveTimeout: 5000, connectionsCheckingInterval: 1000 })
  })
})

describe('listenFramework', () => {
  it("applies the timeouts, starts the framework, and stops both fw's way and the framework's", async () => {
    const server = new StandInServer()
    const frameworkClose = vi.fn(async () => {})
    const started = await listenFramework(
      server,
      async () => server.bind(0),
      frameworkClose,
      { port: 0, hostname: '127.0.0.1', timeouts: { request: 4000 } },
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(Reflect.get(server, 'requestTimeout')).toBe(4000)
    const stopping = started.handle.stop()
    server.closed?.()
    await stopping
    expect(frameworkClose).toHaveBeenCalledTimes(1)
    expect(server.calls).toContain('close')
  })

  it('rejects a taken port with the one error; a failing framework close does not fail the stop', async () => {
    const server = new StandInServer()
    await expect(
      listenFramework(server, () => Promise.reject(Object.assign(new Error('in use'), { code: 'EADDRINUSE' })), async () => {}, { port: 3000, hostname: 'localhost' }),
    ).rejects.toThrow('cannot listen on localhost:3000')

    server.bound = 1234
    const started = await listenFramework(server, async () => {}, () => Promise.reject(new Error('hook failed')), { port: 1234, hostname: 'h' })
    expect(started.port).toBe(1234)
    const stopping = started.handle.stop()
    server.closed?.()
    await expect(stopping).resolves.toBeUndefined()
  })

  it("answers the server's WebSocket upgrades through fw's fetch with fw-api/ws, closing them first on stop", async () => {
    const server = new StandInServer()
    server.bound = 1
    const closeSockets = vi.fn(() => server.calls.push('sockets'))
    const sockets: SocketServing = { attachNode: vi.fn(() => closeSockets), bun: vi.fn(), deno: vi.fn() }
    const upgrade = (): Response => new Response(null, { status: 426 })
    const started = await listenFramework(server, async () => {}, async () => {}, { port: 1, hostname: 'h', sockets }, upgrade)
    expect(sockets.attachNode).toHaveBeenCalledWith(server, upgrade)
    void started.handle.stop()
    expect(server.calls[0]).toBe('sockets')
  })
})

describe('startListener', () => {
  it("serves a Node listener on node:http with fw's timeouts, head guard and header count", async () => {
    const made: StandInServer[] = []
    const realBuiltin = process.getBuiltinModule
    vi.spyOn(process, 'getBuiltinModule').mockImplementation(((id: string) =>
      id === 'node:http'
        ? {
            createServer: (options: unknown, listener: unknown) => {
              const server = new StandInServer(options, listener)
              made.push(server)
              return server
            },
          }
        : realBuiltin(id)) as typeof process.getBuiltinModule)
    const listener = vi.fn()
    const started = await startListener(listener, { port: 0, hostname: '127.0.0.1', timeouts: { headers: 3000 } })
    expect(started.port).toBe(50_123)
    const [server] = made
    expect(server?.options).toMatchObject({ headersTimeout: 3000, requestTimeout: 30_000 })
    expect(server?.maxHeadersCount).toBeGreaterThan(0)
    expect(typeof server?.listener).toBe('function')
    expect(server?.listener).not.toBe(listener) // wrapped by the head guard
  })
})
