import http from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { attach, runBackend } from '../../src/adapters'
import { call, contractCases, standIn, within } from './helpers'
import type { RunningServer } from '../../src/serve'

/** A server the test closes. */
type RunningBackend = Pick<RunningServer, 'port' | 'close'>

const servers: RunningBackend[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

describe('fw attached to node:http', () => {
  it('the module gives a request listener for http.createServer, next to native handling', async () => {
    const entry = attach(http, standIn('/api'), '/api', {})
    expect(typeof entry).toBe('function')
    const listener = entry as http.RequestListener
    const server = http.createServer((req, res) => {
      if (req.url === '/health') res.end('ok')
      else listener(req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    servers.push({ port, close: () => new Promise((resolve) => server.close(() => resolve())) })
    const base = `http://127.0.0.1:${port}`
    await contractCases(base, '/api')
    expect((await call(base, '/health')).text).toBe('ok')
    const fwResponse = await call(base, '/api/calc/add?a=1&b=2')
    // a body complete at once goes out with a Content-Length, not chunked
    expect(fwResponse.headers.get('content-length')).toBe('19')
  })

  it('runBackend(http, fetch) serves fw alone; asynchronous: true returns a promise', async () => {
    const server = await runBackend(http, standIn(), { port: 0 })
    servers.push(server)
    await contractCases(`http://127.0.0.1:${server.port}`, '')
    const entries = {
      async: attach(http, standIn(), '', { asynchronous: true }) as http.RequestListener,
      sync: attach(http, standIn(), '', {}) as http.RequestListener,
    }
    const returned: Record<string, unknown> = {}
    const both = http.createServer((req, res) => {
      const kind = req.url?.startsWith('/calc/add?a=1') ? 'async' : 'sync'
      returned[kind] = entries[kind](req, res)
    })
    await new Promise<void>((resolve) => both.listen(0, '127.0.0.1', resolve))
    const { port } = both.address() as { port: number }
    servers.push({ port, close: () => new Promise((resolve) => both.close(() => resolve())) })
    expect((await call(`http://127.0.0.1:${port}`, '/calc/add?a=1&b=2')).json()).toEqual({ data: 3, msg: '' })
    expect((await call(`http://127.0.0.1:${port}`, '/calc/add?a=2&b=2')).json()).toEqual({ data: 4, msg: '' })
    expect(returned.async).toBeInstanceOf(Promise)
    expect(returned).toHaveProperty('sync', undefined)
  })

  it('with no backend, runBackend serves the fetch handler with the runtime server', async () => {
    const server = await runBackend(undefined, standIn(), { port: 0 })
    servers.push(server)
    await contractCases(`http://127.0.0.1:${server.port}`, '')
  })

  it('a client that disconnects aborts request.signal and cancels the streamed body', async () => {
    let signalled!: () => void
    const aborted = new Promise<void>((resolve) => (signalled = resolve))
    let cancelled!: () => void
    const bodyCancelled = new Promise<void>((resolve) => (cancelled = resolve))
    const slow = (request: Request): Response => {
      request.signal.addEventListener('abort', () => signalled())
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('first'))
        },
        cancel() {
          cancelled()
        },
      })
      return new Response(body)
    }
    const server = await runBackend(http, slow, { port: 0 })
    servers.push(server)
    const client = new AbortController()
    const response = await fetch(`http://127.0.0.1:${server.port}/`, { signal: client.signal })
    const reader = response.body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first')
    client.abort()
    await within(Promise.all([aborted, bodyCancelled]), 3000, 'abort propagation')
  })
})
