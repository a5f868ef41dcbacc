/**
 * Serves one benchmark app on 127.0.0.1 for the loopback runs:
 * `<runtime> .build/server.mjs <floor|hono|fw|fastify> <port>`.
 * Node: @hono/node-server (what `service.run()` uses) or Fastify's own server; Bun: `Bun.serve`.
 */
import { createFloor } from './apps/floor'
import { createFw } from './apps/fw'
import { createHono } from './apps/hono'

type Fetch = (request: Request) => Response | Promise<Response>
interface BunHost {
  serve(options: { fetch: Fetch; port: number; hostname: string; development?: boolean }): { port: number }
}

const argv = (globalThis as { process?: { argv: string[] } }).process?.argv ?? []
const name = argv[2] ?? 'fw'
const port = Number(argv[3] ?? 3000)
const hostname = '127.0.0.1'
const bun = (globalThis as { Bun?: BunHost }).Bun

async function fetchOf(app: string): Promise<Fetch> {
  if (app === 'floor') return createFloor(100)
  if (app === 'hono') return createHono(100).fetch
  if (app === 'fw') return createFw(100).fetch
  throw new Error(`unknown app ${app}`)
}

if (name === 'fastify') {
  const { createFastify } = await import('./apps/fastify')
  const app = createFastify(100)
  await app.listen({ port, host: hostname })
} else if (bun) {
  bun.serve({ fetch: await fetchOf(name), port, hostname, development: false })
} else {
  const { serve } = await import('@hono/node-server')
  const fetch = await fetchOf(name)
  await new Promise<void>((resolve) => serve({ fetch, port, hostname }, () => resolve()))
}
console.log(`READY ${name} ${port}`)
