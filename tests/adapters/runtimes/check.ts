/**
 * The adapters on another runtime (Bun, Deno): run by runtimes.test.ts as
 * `bun tests/adapters/runtimes/check.ts`; prints one JSON line
 * `{ runtime, results: { name: 'ok' | error text } }`.
 */
import { Elysia } from 'elysia'
import express from 'express'
import { Hono } from 'hono'
import Koa from 'koa'
import { connect } from 'node:net'
import { attach, fromNode, runBackend, toFetchHandler } from '../../../src/adapters'
import { standIn } from '../helpers'

const results: Record<string, string> = {}
function assert(condition: unknown, message: string): void {
  if (!condition) throw new Error(message)
}
async function check(name: string, body: () => Promise<void>): Promise<void> {
  try {
    await Promise.race([body(), new Promise((_, reject) => setTimeout(() => reject(new Error('timed out')), 5000))])
    results[name] = 'ok'
  } catch (error) {
    results[name] = error instanceof Error ? error.message : String(error)
  }
}
const json = (path: string, body: unknown): Request =>
  new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

async function contract(base: string, route: string): Promise<void> {
  const ok = await (await fetch(`${base}${route}/calc/add?a=1.5&b=2.1`)).text()
  assert(ok === '{"data":3,"msg":""}', `calc: ${ok}`)
  const bad = await fetch(`${base}${route}/calc/add?a=1&b=x`)
  assert(bad.status === 400, `bad status ${bad.status}`)
  const echo = await fetch(`${base}${route}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' })
  const text = await echo.text()
  assert(text.includes('{\\"x\\":1}'), `echo: ${text}`)
  const cookies = (await fetch(`${base}${route}/cookies`)).headers.getSetCookie()
  assert(cookies.length === 2, `cookies: ${JSON.stringify(cookies)}`)
}

/** Serve an app with fw attached under /api, check its native /health route and the contract, close it. */
async function serveAndCheck(app: unknown): Promise<void> {
  const server = await runBackend(app, standIn(), { port: 0 })
  try {
    const base = `http://127.0.0.1:${server.port}`
    assert((await (await fetch(`${base}/health`)).text()) === 'ok', 'native')
    await contract(base, '/api')
  } finally {
    await server.close()
  }
}

await check('mount express (bridge)', async () => {
  const app = express()
  app.use(express.json())
  app.post('/users', (req, res) => {
    res.cookie('a', '1')
    res.cookie('b', '2')
    res.status(201).json({ got: req.body })
  })
  const response = await toFetchHandler(app)(json('/users', { n: 1 }))
  assert(response.status === 201, `status ${response.status}`)
  assert(response.headers.getSetCookie().length === 2, 'two cookies')
  const body = await response.text()
  assert(body === '{"got":{"n":1}}', body)
})

await check('mount koa (bridge)', async () => {
  const app = new Koa()
  app.use((ctx) => {
    ctx.body = { path: ctx.path }
  })
  const response = await toFetchHandler(app)(new Request('http://localhost/k'))
  assert((await response.text()) === '{"path":"/k"}', 'koa body')
})

await check('fromNode streaming + large body', async () => {
  const app = fromNode((req, res) => {
    res.write('<')
    req.pipe(res)
  })
  const size = 1024 * 1024
  const response = await app.fetch(new Request('http://localhost/', { method: 'POST', body: new Uint8Array(size).fill(1) }))
  const bytes = new Uint8Array(await response.arrayBuffer())
  assert(bytes.byteLength === size + 1, `length ${bytes.byteLength}`)
})

await check('attach express + runBackend', async () => {
  const app = express()
  app.use(express.json())
  app.get('/health', (_req, res) => {
    res.send('ok')
  })
  attach(app, standIn('/api'), '/api', {})
  await serveAndCheck(app)
})

await check('attach hono + runBackend', async () => {
  const app = new Hono().get('/health', (c) => c.text('ok'))
  attach(app, standIn('/api'), '/api', {})
  await serveAndCheck(app)
})

await check('attach elysia + runBackend', async () => {
  const app = new Elysia().get('/health', () => 'ok')
  attach(app, standIn('/api'), '/api', {})
  await serveAndCheck(app)
})

await check('attach express: a Host with / never moves into the path', async () => {
  const seen: string[] = []
  const app = attach(express(), async (request: Request) => (seen.push(request.url), new Response('ok')), '/api', {})
  const server = await runBackend(app, standIn(), { port: 0 })
  try {
    const head = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.end('GET /api/public HTTP/1.1\r\nHost: example.com/admin\r\nConnection: close\r\n\r\n'))
      let out = ''
      socket.on('data', (chunk) => (out += String(chunk)))
      socket.on('end', () => resolve(out.split('\r\n')[0] ?? ''))
      socket.on('error', reject)
    })
    assert(head === 'HTTP/1.1 200 OK', `status line: ${head}`)
    assert(seen.length === 1 && seen[0] === 'http://localhost/api/public', `fw saw: ${JSON.stringify(seen)}`)
  } finally {
    await server.close()
  }
})

await check('a timeout that is not a number of ms: refused, named', async () => {
  const refused = await runBackend(undefined, standIn(), { port: 0, timeouts: { idle: Number.NaN } }).then(
    async (server) => (await server.close(), 'served'),
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  )
  assert(refused === 'timeouts.idle is a number of ms (0 or more), not NaN', `got: ${refused}`)
})

const runtime = 'Bun' in globalThis ? 'bun' : 'Deno' in globalThis ? 'deno' : 'node'
console.log(JSON.stringify({ runtime, results }))
// Deno keeps the process alive for Koa's/Express's lingering handles otherwise.
setTimeout(() => (globalThis as { process?: { exit(code: number): void } }).process?.exit(0), 50)
