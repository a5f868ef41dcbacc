/**
 * Serves one benchmark app on 127.0.0.1 for the loopback runs:
 * `<runtime> .build/server.mjs <floor|hono|fw|fw-web|fw-fetch|fw-express|fw-http|fastify|elysia|fw-zod|fw-zod-fetch|fw-arktype|hono-zod|elysia-zod|elysia-zod-fetch> [port]`
 * (default 0: any free port),
 * then prints `READY <app> <port>`.
 * Node: @hono/node-server or Fastify's own server; Bun: `Bun.serve`, or
 * Elysia's own `listen` (Bun only). fw serves itself as its users do,
 * through `service.run()` (the same servers, with its timeouts and body framing).
 * `fw-express`, `fw-http`: fw attached to an Express app / the node:http module
 * (Node only). `fw-web` (= `fw-fetch`): fw's fetch under @hono/node-server's
 * listener, as a user embedding fw in it serves it (bench/node-path.mjs).
 * `fw-zod`, `fw-arktype`, `hono-zod` (`@hono/standard-validator`), `elysia-zod`: the Standard Schema
 * rows (bench/standard-http.mjs; E0, E1, E3, E5 only); `fw-zod-fetch`, `elysia-zod-fetch`: their `fetch` given to
 * Bun.serve as is (no service.run(), no Elysia `listen` with its natively matched static routes).
 */
import 'fw-api/serve'
import { createFloor } from './apps/floor'
import { createFw } from './apps/fw'
import { createHono } from './apps/hono'

type Fetch = (request: Request) => Response | Promise<Response>
interface BunHost {
  serve(options: { fetch: Fetch; port: number; hostname: string; development?: boolean }): { port: number }
}

const argv = (globalThis as { process?: { argv: string[] } }).process?.argv ?? []
const name = argv[2] ?? 'fw'
const wanted = Number(argv[3] ?? 0)
const hostname = '127.0.0.1'
const bun = (globalThis as { Bun?: BunHost }).Bun

async function fetchOf(app: string): Promise<Fetch> {
  if (app === 'floor') return createFloor(100)
  if (app === 'hono') return createHono(100).fetch
  if (app === 'hono-zod') return (await import('./apps/hono-zod')).createHonoZod(100).fetch
  // fw's fetch under the runtime's server as is (no service.run()): for telling the two apart
  if (app === 'fw' || app === 'fw-fetch' || app === 'fw-web') return createFw(100).fetch
  // the Standard Schema apps' fetch under Bun.serve as is: fw without service.run(), Elysia without its own
  // `listen` (which hands Bun.serve its static routes, matched natively)
  if (app === 'fw-zod-fetch') return (await import('./apps/fw-standard')).createFwStandard('zod', 100).fetch
  if (app === 'elysia-zod-fetch') {
    const elysia = (await import('./apps/elysia-zod')).createElysiaZod(100)
    return (request) => elysia.fetch(request)
  }
  throw new Error(`unknown app ${app}`)
}

async function listen(): Promise<number> {
  if (name === 'fw-express' || name === 'fw-http') {
    const { serveAttached } = await import('./apps/attached')
    return serveAttached(name === 'fw-express' ? 'express' : 'node-http', wanted, hostname)
  }
  if (name === 'fastify') {
    const { createFastify } = await import('./apps/fastify')
    const app = createFastify(100)
    await app.listen({ port: wanted, host: hostname })
    const address = app.server.address()
    return typeof address === 'object' && address ? address.port : wanted
  }
  if (name === 'elysia') {
    if (!bun) throw new Error('the Elysia app runs on Bun only')
    const { createElysia } = await import('./apps/elysia')
    const app = createElysia(100).listen({ port: wanted, hostname })
    return app.server?.port ?? wanted
  }
  if (name === 'elysia-zod') {
    if (!bun) throw new Error('the Elysia app runs on Bun only')
    const { createElysiaZod } = await import('./apps/elysia-zod')
    const app = createElysiaZod(100).listen({ port: wanted, hostname })
    return app.server?.port ?? wanted
  }
  if (name === 'fw-zod' || name === 'fw-arktype') {
    const { createFwStandard } = await import('./apps/fw-standard')
    return (await createFwStandard(name === 'fw-zod' ? 'zod' : 'arktype', 100).run({ port: wanted, host: hostname })).port
  }
  const proc = (globalThis as { process?: { env: Record<string, string | undefined> } }).process
  // `fw-plain`: the native path without its global Response stand-in (measuring what that stand-in is worth)
  if (name === 'fw-plain' && proc) proc.env.FW_LIGHT_RESPONSE = '0'
  if (name === 'fw' || name === 'fw-plain') return (await createFw(100).run({ port: wanted, host: hostname })).port
  if (bun) return bun.serve({ fetch: await fetchOf(name), port: wanted, hostname, development: false }).port
  const { serve } = await import('@hono/node-server')
  const fetch = await fetchOf(name)
  return new Promise<number>((resolve) => serve({ fetch, port: wanted, hostname }, (info) => resolve(info.port)))
}

console.log(`READY ${name} ${await listen()}`)
