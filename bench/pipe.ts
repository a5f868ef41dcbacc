/**
 * In-process Node HTTP driver for profiling the request source and response
 * sink without the kernel: each app's real node:http server is handed fake
 * sockets (`server.emit('connection', duplex)`), `conns` of them each sending
 * one request and waiting for its whole answer, as wrk does. Prints server
 * CPU µs per request (process.cpuUsage: the client's parsing is counted too,
 * the same for every app).
 * `node .build/pipe.mjs <fw|floor|fastify|hono> <E0..E5> [seconds] [conns]`
 */
import 'fw-api/serve'
import { Duplex } from 'node:stream'
import type { Server } from 'node:http'
import { createFloor } from './apps/floor'
import { createFw } from './apps/fw'
import { createHono } from './apps/hono'

const [app = 'fw', ep = 'E3', secsArg = '3', connsArg = '50'] = process.argv.slice(2)
const BODY: Record<string, string> = {
  E3: '{"name":"Ada Lovelace","email":"ada@example.com","age":36,"admin":false,"tags":["math","engines"]}',
  E5: '{"name":"Ada Lovelace","email":"not-an-email","age":36,"admin":false,"tags":["math"]}',
}
const PATH: Record<string, string> = { E0: '/', E1: '/items?page=2&limit=50', E2: '/users/12345', E3: '/users', E5: '/users' }
const body = BODY[ep]
const head = body === undefined
  ? `GET ${PATH[ep]} HTTP/1.1\r\nHost: 127.0.0.1:8000\r\n\r\n`
  : `POST ${PATH[ep]} HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n\r\n${body}`
const request = Buffer.from(head)

let done = 0
/** `REQS=n`: exit after n answers (for instruction counts: `valgrind --tool=cachegrind`, two counts subtracted) */
const LIMIT = Number(process.env.REQS ?? 0) || -1
let firstAnswer = ''

class FakeSocket extends Duplex {
  remoteAddress = '127.0.0.1'
  remotePort = 40000
  localAddress = '127.0.0.1'
  localPort = 8000
  encrypted = undefined
  #got = ''
  #left = -1
  constructor() {
    super({ decodeStrings: false }) // as net.Socket: a string is handed to the write as is
  }
  setTimeout(): this { return this }
  setNoDelay(): this { return this }
  setKeepAlive(): this { return this }
  override _read(): void {}
  send(): void { this.push(request) }
  override _write(chunk: Buffer | string, _enc: BufferEncoding, cb: () => void): void { this.#take(typeof chunk === 'string' ? chunk : chunk.toString('latin1')); cb() }
  override _writev(chunks: { chunk: Buffer | string }[], cb: () => void): void {
    let text = ''
    for (const { chunk } of chunks) text += typeof chunk === 'string' ? chunk : chunk.toString('latin1')
    this.#take(text)
    cb()
  }
  /** Count the answer's bytes: its head up to the blank line, then Content-Length more (cheap: the client's cost is in the measure). */
  #take(text: string): void {
    if (this.#left < 0) {
      this.#got += text
      const end = this.#got.indexOf('\r\n\r\n')
      if (end < 0) return
      if (!firstAnswer) firstAnswer = this.#got
      const at = this.#got.search(/content-length: */i)
      const length = at < 0 ? 0 : parseInt(this.#got.slice(this.#got.indexOf(':', at) + 1), 10)
      this.#left = length - (this.#got.length - end - 4)
      this.#got = ''
    } else this.#left -= text.length
    if (this.#left > 0) return
    this.#left = -1
    done++
    if (done === LIMIT) process.exit(0)
    if (running) setImmediate(() => this.send())
  }
}

let running = true

async function server(): Promise<Server> {
  if (app === 'fastify') {
    const { createFastify } = await import('./apps/fastify')
    const f = createFastify(100)
    await f.ready()
    return f.server
  }
  if (app === 'fw') {
    const http = await import('node:http')
    let captured: Server | undefined
    const listen = http.Server.prototype.listen
    http.Server.prototype.listen = function (this: Server, ...args: unknown[]) {
      captured = this
      return Reflect.apply(listen, this, args) as Server
    } as typeof listen
    await createFw(100).run({ port: 0, host: '127.0.0.1', signals: false })
    if (!captured) throw new Error('no server captured')
    return captured
  }
  const { serve } = await import('@hono/node-server')
  // `fw-web`: fw's fetch under @hono/node-server, as a user embedding fw in it serves it
  const fetch = app === 'floor' ? createFloor(100) : app === 'fw-web' ? createFw(100).fetch : createHono(100).fetch
  return serve({ fetch, port: 0, hostname: '127.0.0.1' }) as unknown as Server
}

const srv = await server()
const conns = Number(connsArg)
const sockets: FakeSocket[] = []
for (let i = 0; i < conns; i++) {
  const socket = new FakeSocket()
  srv.emit('connection', socket)
  sockets.push(socket)
}
const run = (ms: number): Promise<[number, number]> => new Promise((resolve) => {
  running = true
  const start = done
  const cpu = process.cpuUsage()
  for (const s of sockets) s.send()
  setTimeout(() => {
    running = false
    const used = process.cpuUsage(cpu)
    const n = done - start
    setTimeout(() => resolve([n, (used.user + used.system) / n]), 50)
  }, ms)
})
if (LIMIT > 0) {
  for (const s of sockets) s.send()
  await new Promise(() => {}) // exits at the LIMIT-th answer
}
await run(1000)
/** `IDLE=ms ROUNDS=n`: n timed runs with ms of idling before each (the first run after an idle spell, as wrk's rounds) */
const idle = Number(process.env.IDLE ?? 0)
const rounds = Number(process.env.ROUNDS ?? 1) || 1
for (let round = 0; round < rounds; round++) {
  if (idle > 0) await new Promise((resolve) => setTimeout(resolve, idle))
  const [n, us] = await run(Number(secsArg) * 1000)
  console.log(`${app} ${ep} reqs ${n} cpu_us/req ${us.toFixed(2)}`)
}
if (process.env.SHOW) console.log(firstAnswer)
process.exit(0)
