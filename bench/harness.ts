/** Shared by the in-process and scale runs: the apps as fetch functions, the response check, the timing loop. */
import { createFloor } from './apps/floor'
import { createFw } from './apps/fw'
import { createHono } from './apps/hono'
import { fixtures, makeRequest, type Fixture } from './schemas'

export type App = (request: Request, env?: unknown) => Promise<Response>
export type AppName = 'floor' | 'hono' | 'fw'

export function createApps(extra = 100): Record<AppName, App> {
  const hono = createHono(extra)
  const fw = createFw(extra)
  return {
    floor: createFloor(extra),
    hono: async (request, env) => hono.fetch(request, env),
    fw: async (request, env) => fw.fetch(request, env),
  }
}

export interface Snapshot {
  status: number
  type: string | null
  body: string
}

type ServeHost = {
  Bun?: { serve(options: { port: number; hostname: string; fetch: (request: Request, server: unknown) => Response }): { port: number; stop(force?: boolean): unknown } }
  Deno?: { serve(options: { port: number; hostname: string; onListen?: () => void }, handler: (request: Request, info: unknown) => Response): { addr: { port: number }; shutdown(): Promise<void> } }
}
let servedEnv: unknown
/**
 * The second argument `Bun.serve` / `Deno.serve` pass their handler, captured from one real
 * request to a real server (then closed); `undefined` elsewhere. Call once before measuring.
 */
export async function captureServedEnv(): Promise<unknown> {
  const host = globalThis as ServeHost
  let captured: unknown
  const handler = (_request: Request, env: unknown): Response => {
    captured = env
    return new Response('ok')
  }
  if (host.Bun) {
    const server = host.Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: handler })
    await (await fetch(`http://127.0.0.1:${server.port}/`)).text()
    server.stop(true)
  } else if (host.Deno) {
    const server = host.Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: () => {} }, handler)
    await (await fetch(`http://127.0.0.1:${server.addr.port}/`)).text()
    await server.shutdown()
  }
  servedEnv = captured
  return captured
}
const envOf = (fixture: Fixture): unknown => (fixture.served ? servedEnv : undefined)

export async function snapshot(app: App, fixture: Fixture, make: (fixture: Fixture) => Request = makeRequest): Promise<Snapshot> {
  const response = await app(make(fixture), envOf(fixture))
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() }
}

/**
 * Throws unless every app answers every fixture with the same status, content type and body bytes.
 * `make`: how a fixture's Request is built (workerd: with the platform's `cf` for the served rows).
 */
export async function assertIdentical(apps: Record<string, App>, list: readonly Fixture[] = fixtures, make?: (fixture: Fixture) => Request): Promise<void> {
  for (const fixture of list) {
    const seen: [string, Snapshot][] = []
    for (const [name, app] of Object.entries(apps)) seen.push([name, await snapshot(app, fixture, make)])
    const [firstName, first] = seen[0] as [string, Snapshot]
    if (first.status !== fixture.status) throw new Error(`${fixture.id}: ${firstName} answered ${first.status} ${first.body}, expected ${fixture.status}`)
    for (const [name, snap] of seen.slice(1)) {
      if (snap.status !== first.status || snap.type !== first.type || snap.body !== first.body) {
        throw new Error(`${fixture.id}: responses differ\n  ${firstName}: ${JSON.stringify(first)}\n  ${name}: ${JSON.stringify(snap)}`)
      }
    }
  }
}

const now = (): number => performance.now()

type GcHost = { gc?: () => void; Bun?: { gc(force: boolean): void } }
const host = globalThis as GcHost
/**
 * A full collection, where the runtime exposes one (node/deno `--expose-gc`, Bun.gc). Used before
 * reading memory only: forcing one between timing samples makes V8 pay for it (concurrent sweeping,
 * heap regrowth) inside the next sample, 2-3× the steady-state time.
 */
export const collect: () => void = host.gc ? () => host.gc?.() : host.Bun ? () => host.Bun?.gc(true) : () => {}

type CpuHost = { process?: { cpuUsage?(previous?: { user: number; system: number }): { user: number; system: number } } }
const cpuUsage = (globalThis as CpuHost).process?.cpuUsage?.bind((globalThis as CpuHost).process)
/** Process CPU time (user + system) in ms: the shared machine's other load does not count against the app. Falls back to wall time. */
const cpu = (): number => {
  if (!cpuUsage) return now()
  const usage = cpuUsage()
  return (usage.user + usage.system) / 1000
}
export const clock = cpuUsage ? 'process CPU time' : 'wall time'

export interface Sample {
  /** ns per request, process CPU time */
  cpu: number
  /** ns per request, wall time */
  wall: number
}

/** Run `count` sequential requests. A GET reuses one Request (servers hand the app one per request for free); a body needs a fresh one. */
export async function batch(app: App, fixture: Fixture, count: number): Promise<Sample> {
  const reuse = fixture.method === 'GET' ? makeRequest(fixture) : undefined
  const expected = fixture.status
  const env = envOf(fixture)
  const wall = now()
  const start = cpu()
  for (let i = 0; i < count; i++) {
    const response = await app(reuse ?? makeRequest(fixture), env)
    if (response.status !== expected) throw new Error(`${fixture.id}: status ${response.status}`)
  }
  return { cpu: ((cpu() - start) * 1e6) / count, wall: ((now() - wall) * 1e6) / count }
}

/** Cost of building the Request alone (included in POST timings), ns; p50 of 3 runs after a warm-up run. */
export function requestCost(fixture: Fixture, count: number): number {
  const once = (): number => {
    const start = cpu()
    let sink = 0
    for (let i = 0; i < count; i++) sink += makeRequest(fixture).method.length
    if (sink < 0) throw new Error('unreachable')
    return ((cpu() - start) * 1e6) / count
  }
  once()
  return median([once(), once(), once()])
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

/** Pick a batch size so one batch takes about `ms` milliseconds. */
export async function calibrate(app: App, fixture: Fixture, ms: number): Promise<number> {
  let count = 200
  for (;;) {
    const ns = (await batch(app, fixture, count)).cpu
    if ((ns * count) / 1e6 >= ms / 4 || count >= 1 << 22) return Math.max(100, Math.round((ms * 1e6) / ns))
    count *= 4
  }
}

export interface Measured {
  /** ns per request (process CPU time), p50 over rounds */
  p50: number
  /** ns per request (wall time), p50 over rounds */
  wallP50: number
  rounds: number[]
}

/**
 * Warm every app up, then measure `rounds` alternating rounds (the app order
 * rotates each round); one sample per app per round. `fixtures`: one for all
 * apps, or one per app name. `settle`: each timed batch follows an untimed one
 * of the same app, so the collection of the previous app's garbage (one heap
 * for all) lands there and not in this app's time (bench:compare's two builds).
 */
export async function measure(apps: Record<string, App>, fixtures: Fixture | Record<string, Fixture>, rounds: number, ms: number, settle = false): Promise<Record<string, Measured>> {
  const names = Object.keys(apps)
  const fixtureOf = (name: string): Fixture => ('id' in fixtures ? (fixtures as Fixture) : (fixtures as Record<string, Fixture>)[name] as Fixture)
  const sizes: Record<string, number> = {}
  for (const name of names) {
    sizes[name] = await calibrate(apps[name] as App, fixtureOf(name), ms)
    await batch(apps[name] as App, fixtureOf(name), sizes[name] as number) // warm-up
  }
  const samples: Record<string, Sample[]> = Object.fromEntries(names.map((name) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + round) % names.length] as string
      if (settle) await batch(apps[name] as App, fixtureOf(name), sizes[name] as number)
      samples[name]?.push(await batch(apps[name] as App, fixtureOf(name), sizes[name] as number))
    }
  }
  return Object.fromEntries(
    names.map((name) => {
      const list = samples[name] as Sample[]
      return [name, { p50: median(list.map((s) => s.cpu)), wallP50: median(list.map((s) => s.wall)), rounds: list.map((s) => s.cpu) }]
    }),
  )
}

export function runtimeName(): { runtime: string; version: string } {
  const g = globalThis as { Bun?: { version: string }; Deno?: { version: { deno: string } }; process?: { version: string } }
  if (g.Bun) return { runtime: 'bun', version: g.Bun.version }
  if (g.Deno) return { runtime: 'deno', version: g.Deno.version.deno }
  return { runtime: 'node', version: g.process?.version ?? '?' }
}
