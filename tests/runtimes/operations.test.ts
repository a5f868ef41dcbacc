/**
 * Operations over real HTTP on Node, Bun and Deno (SPEC §5):
 * `run()` rejects on a taken port with one message everywhere; SIGTERM and
 * `close({ timeout })` are graceful (in-flight requests finish, open event
 * streams end with their iterator returned, closers run after the last
 * request, the rest is cut at the timeout).
 *
 *   FW_RUNTIMES=bun npx vitest run tests/runtimes/operations.test.ts
 */
import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { runCommand, runtimesFor, servedByFw, startServer, type Server } from './runtimes'

const ENTRY = 'tests/runtimes/fixtures/ops-server.ts'
const START_MS = 60_000

/** A port held by a plain TCP server until `release()`. */
function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = net.createServer()
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo
      resolve({ port: address.port, release: () => new Promise((done) => server.close(() => done())) })
    })
  })
}

/** Read an event stream until `done`; resolve with what arrived and whether it ended cleanly. */
async function readEvents(response: Response, onFirst: () => void): Promise<{ text: string; ended: boolean }> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return { text, ended: true }
      if (text === '') onFirst()
      text += decoder.decode(value, { stream: true })
    }
  } catch {
    return { text, ended: false }
  }
}

async function waitFor(server: Server, pattern: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const match = pattern.exec(server.output())
    if (match) return match[0]
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no ${pattern} in:\n${server.output()}`)
}

describe.each(runtimesFor(['node', 'bun', 'deno'], servedByFw))('runtime $label: run() and close()', (runtime) => {
  it('run() rejects on a taken port with the same message as on every runtime', async () => {
    const held = await holdPort()
    try {
      const { output } = await runCommand([...runtime.command(ENTRY)], START_MS, { PORT: String(held.port), HOST: '127.0.0.1', DENO_NO_UPDATE_CHECK: '1' })
      expect(output).toContain(`ops: rejected: cannot listen on 127.0.0.1:${held.port}: the address is already in use (EADDRINUSE)`)
      expect(output).not.toMatch(/Unhandled|uncaught/i)
    } finally {
      await held.release()
    }
  }, START_MS + 10_000)

  // Bun.serve's default on Linux is SO_REUSEPORT, so a second fw-on-Bun process used to
  // bind the port a first one held and both served. Two real processes of the same runtime here.
  it('run() without workers refuses a port another fw process of the same runtime holds', async () => {
    const first = await startServer(runtime, ENTRY, START_MS)
    try {
      const { port } = new URL(first.origin)
      const second = await runCommand([...runtime.command(ENTRY)], START_MS, { PORT: port, HOST: '127.0.0.1', DENO_NO_UPDATE_CHECK: '1' })
      expect(second.output).toContain(`ops: rejected: cannot listen on 127.0.0.1:${port}: the address is already in use (EADDRINUSE)`)
      expect(second.output).not.toMatch(/listening on/)
      // the first server still serves alone
      expect((await fetch(`${first.origin}/ops/pid`)).status).toBe(200)
    } finally {
      await first.stop()
    }
  }, START_MS * 2 + 10_000)

  it('SIGTERM: stops accepting, lets the in-flight request finish, ends the event stream, closers run last, exits 0', async () => {
    const server = await startServer(runtime, ENTRY, START_MS)
    try {
      const events = await fetch(`${server.origin}/ops/events`)
      expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/)
      let streaming!: () => void
      const firstEvent = new Promise<void>((resolve) => (streaming = resolve))
      const stream = readEvents(events, streaming)
      await firstEvent
      const slow = fetch(`${server.origin}/ops/slow?ms=1500`).then(async (response) => ({ status: response.status, body: await response.text() }))
      await new Promise((resolve) => setTimeout(resolve, 300)) // the slow request is in flight
      const signalled = Date.now()
      process.kill(server.pid, 'SIGTERM')
      const ended = await stream
      expect(ended.ended).toBe(true) // a clean end, not a cut connection
      expect(ended.text).toMatch(/^data: 0\n\n/)
      expect(await slow).toEqual({ status: 200, body: '"done"' })
      expect(await server.exited).toBe(0)
      const took = Date.now() - signalled
      expect(took).toBeLessThan(8000) // well before the 10 s default: nothing held the server
      const output = server.output()
      expect(output).toContain('ops: event stream returned')
      expect(output).toContain('ops: closers ran with 0 requests in flight')
      expect(output.indexOf('ops: event stream returned')).toBeLessThan(output.indexOf('ops: closers ran'))
      // It no longer accepts.
      await expect(fetch(`${server.origin}/ops/pid`)).rejects.toThrow()
    } finally {
      await server.stop()
    }
  }, START_MS + 20_000)

  it('close({ timeout }) cuts a request that never ends once the timeout is over', async () => {
    const server = await startServer(runtime, ENTRY, START_MS)
    try {
      const hanging = fetch(`${server.origin}/ops/hang`).then(
        (response) => response.text().then(() => 'answered', () => 'cut'),
        () => 'cut',
      )
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await (await fetch(`${server.origin}/ops/close?timeout=700`)).text()).toContain('closing')
      const line = await waitFor(server, /ops: closed in (\d+) ms/, 15_000)
      const ms = Number(/(\d+) ms/.exec(line)?.[1])
      expect(ms).toBeGreaterThanOrEqual(600)
      expect(ms).toBeLessThan(7000) // the timeout (700 ms) plus the 1 s grace after the cut, never the 10 s default
      expect(await hanging).toBe('cut')
      expect(server.output()).toContain('ops: closers ran with 0 requests in flight')
    } finally {
      await server.stop()
    }
  }, START_MS + 20_000)
})

