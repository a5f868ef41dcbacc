/**
 * Over real HTTP on Node, Bun and Deno against the example service:
 * server-sent events keep flowing with heartbeats and their iterator is
 * closed when the client disconnects (SPEC §8), and the route served comes
 * from the request-target, never from a bad Host.
 *
 *   FW_RUNTIMES=bun npx vitest run tests/runtimes/streams.test.ts
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from './runtimes'

const START_MS = 60_000

/** Send raw request bytes; resolve with the status code of the answer (or -1 if the connection closed without one). */
function rawStatus(origin: string, bytes: string, timeoutMs = 3000): Promise<number> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) })
    let received = ''
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(bytes.slice(0, 80))}`))
    }, timeoutMs)
    socket.on('connect', () => socket.write(bytes))
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1')
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received)
      if (status) {
        clearTimeout(timer)
        socket.destroy()
        resolve(Number(status[1]))
      }
    })
    socket.on('error', () => void 0)
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(-1)
    })
  })
}

async function closedCount(origin: string): Promise<number> {
  const response = await fetch(`${origin}/api/hooks/closed`, { signal: AbortSignal.timeout(5000) })
  return Number(await response.text())
}

describe.each(runtimesFor(['node', 'bun', 'deno']))('runtime $label: streams and request targets', (runtime) => {
  let server: Server | undefined

  beforeAll(async () => {
    server = await startServer(runtime, runtime.example, START_MS)
  }, START_MS + 10_000)

  afterAll(async () => {
    await server?.stop()
  }, 15_000)

  it('SSE: events and heartbeats flow; a client disconnect closes the iterator', async () => {
    const origin = server?.origin as string
    const before = await closedCount(origin)
    const controller = new AbortController()
    const response = await fetch(`${origin}/api/hooks/forever`, { signal: controller.signal })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    let text = ''
    const deadline = Date.now() + 5000
    while (!(text.includes('data: 2\n\n') && text.includes(': heartbeat\n\n')) && Date.now() < deadline) {
      const { value, done } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
    expect(text).toMatch(/^data: 0\n\n/)
    expect(text).toContain('\ndata: 1\n\n') // heartbeats may fall between events, never inside one
    expect(text).toContain('\ndata: 2\n\n')
    expect(text).toContain(': heartbeat\n\n')
    controller.abort()
    await reader.cancel().catch(() => {})
    let after = before
    const closeDeadline = Date.now() + 5000
    while (after === before && Date.now() < closeDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      after = await closedCount(origin)
    }
    expect(after).toBe(before + 1)
  }, 20_000)

  it('a Host with userinfo or a slash is refused (400), never served as another route', async () => {
    const origin = server?.origin as string
    const target = '/public/api/calc/add?a=1&b=2'
    expect(await rawStatus(origin, `GET ${target} HTTP/1.1\r\nHost: a@b\r\nConnection: close\r\n\r\n`)).toBe(400)
    expect(await rawStatus(origin, `GET ${target} HTTP/1.1\r\nHost: x/api\r\nConnection: close\r\n\r\n`)).toBe(400)
    expect(await rawStatus(origin, `GET /api/calc/add?a=1&b=2 HTTP/1.1\r\nHost: x/api\r\nConnection: close\r\n\r\n`)).toBe(400)
    // the same requests with a usable Host: /public/... is a 404, /api/... a 200
    expect(await rawStatus(origin, `GET ${target} HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n`)).toBe(404)
    expect(await rawStatus(origin, `GET /api/calc/add?a=1&b=2 HTTP/1.1\r\nHost: example.com:8080\r\nConnection: close\r\n\r\n`)).toBe(200)
  })
})
