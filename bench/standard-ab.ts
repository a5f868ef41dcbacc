/**
 * Paired in-process A/B of the Standard Schema rows for a loaded machine: the apps take turns in short
 * batches (3 000 requests each, no calibration), the order rotating every round, and each row prints every
 * app's median process CPU time per request and the median of the per-round time ratios against the first
 * app (below 1: the first app is faster). Load that comes and goes between rounds lands on both sides of a
 * ratio. Rows: E0, E1, E3, E5, and `E3s`/`E5s` (the body as Bun.serve / Deno.serve hand it over).
 * `hono-zod-limited`: Hono with its `bodyLimit` middleware at fw's default bound (1 MiB).
 * Run: `APPS=fw-zod,hono-zod,elysia-zod ROWS=E1,E3s node_modules/.bin/bun bench/standard-ab.ts`,
 * or `npx tsx bench/standard-ab.ts` (Node; no Elysia). Env: APPS, ROWS, ROUNDS (11), N (3000).
 */
import { createFw } from './apps/fw'
import { createFwStandard } from './apps/fw-standard'
import { createHonoZod } from './apps/hono-zod'
import { captureServedEnv, median } from './harness'
import { type Fixture, inprocFixtures, makeRequest } from './schemas'

type Handler = (request: Request, env?: unknown) => Response | Promise<Response>
type Host = { process: { env: Record<string, string | undefined>; cpuUsage(previous?: { user: number; system: number }): { user: number; system: number } } }
const { process: host } = globalThis as unknown as Host
const names = (host.env.APPS ?? 'fw-zod,hono-zod').split(',')
const rows = (host.env.ROWS ?? 'E1,E3,E5').split(',')
const rounds = Number(host.env.ROUNDS ?? 11)
const perBatch = Number(host.env.N ?? 3000)
const servedEnv = await captureServedEnv()

async function handlerOf(name: string): Promise<Handler> {
  if (name === 'fw-zod' || name === 'fw-arktype') {
    const service = createFwStandard(name === 'fw-zod' ? 'zod' : 'arktype', 100)
    return (request, env) => service.fetch(request, env)
  }
  if (name === 'fw-valibot') {
    const service = createFw(100)
    return (request, env) => service.fetch(request, env)
  }
  if (name === 'hono-zod' || name === 'hono-zod-limited') {
    const app = createHonoZod(100, name === 'hono-zod-limited')
    return (request, env) => app.fetch(request, env)
  }
  if (name === 'elysia-zod') {
    const app = (await import('./apps/elysia-zod')).createElysiaZod(100)
    return (request) => app.handle(request)
  }
  throw new Error(`unknown app ${name}`)
}

function fixtureOf(id: string): Fixture {
  const found = inprocFixtures.find((fixture) => fixture.id === id)
  if (found) return found
  const plain = inprocFixtures.find((fixture) => fixture.id === id.slice(0, -1))
  if (!plain || !id.endsWith('s')) throw new Error(`unknown row ${id}`)
  return { ...plain, id, served: true }
}

/** ns of process CPU time per request over one batch. */
async function batch(handler: Handler, fixture: Fixture): Promise<number> {
  const reused = fixture.method === 'GET' ? makeRequest(fixture) : undefined
  const env = fixture.served ? servedEnv : undefined
  const start = host.cpuUsage()
  for (let index = 0; index < perBatch; index++) {
    const response = await handler(reused ?? makeRequest(fixture), env)
    if (response.status !== fixture.status) throw new Error(`${fixture.id}: status ${response.status}`)
  }
  const used = host.cpuUsage(start)
  return ((used.user + used.system) * 1000) / perBatch
}

const apps: [string, Handler][] = []
for (const name of names) apps.push([name, await handlerOf(name)])
for (const id of rows) {
  const fixture = fixtureOf(id)
  for (const [, handler] of apps) await batch(handler, fixture) // warm-up
  const times: number[][] = apps.map(() => [])
  for (let round = 0; round < rounds; round++) {
    for (let turn = 0; turn < apps.length; turn++) {
      const index = (turn + round) % apps.length
      const app = apps[index]
      if (!app) continue
      // untimed first: the previous app's garbage is collected here, not in this app's time (one heap for all)
      await batch(app[1], fixture)
      times[index]?.push(await batch(app[1], fixture))
    }
  }
  const first = times[0] ?? []
  const cells = apps.map(([name], index) => {
    const own = times[index] ?? []
    const ratio = index === 0 ? '' : ` (${names[0]}/${name} ${median(first.map((time, round) => time / (own[round] ?? Number.NaN))).toFixed(2)})`
    return `${name} ${median(own).toFixed(0)} ns${ratio}`
  })
  console.log(`${id}: ${cells.join('  ')}`)
}
