/**
 * The runtimes of the conformance matrix and how to start a server under
 * each: a child process in its own process group (so miniflare's or a worker's
 * grandchildren die with it), bound to 127.0.0.1 on a free port (PORT=0),
 * ready when it prints `listening on http://HOST:PORT`.
 */
import 'fw-api/serve'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { it } from 'vitest'

export const root = fileURLToPath(new URL('../../', import.meta.url))
export const bin = (name: string): string => `${root}node_modules/.bin/${name}`

export interface Runtime {
  name: 'node' | 'bun' | 'deno' | 'workerd'
  /** how tests name it: the runtime, or `node-web` for fw's fetch served by @hono/node-server's `serve()` (fixtures/serve.ts) */
  label: string
  /** environment the server starts with (beside PORT and HOST) */
  env?: Record<string, string>
  /** the command that serves `entry` (a path from the project root) */
  command(entry: string): string[]
  /** the entry that serves the example service */
  example: string
  /** the entry that serves tests/runtimes/fixtures/save.ts */
  saveFixture: string
}

// npm's package binaries are called directly: `npx` adds ~0.5 s per start and noise on stderr.
// Node runs the entry itself with tsx's loader (`node --import tsx`), not tsx's CLI: the CLI is a
// parent process that relays signals and, when its child has not acknowledged one within 30 ms
// twice (a busy machine), SIGKILLs it and exits 143. The pid a test signals is the server's.
const tsNode = (entry: string): string[] => [process.execPath, '--import', 'tsx', entry]
const all: Runtime[] = [
  { name: 'node', label: 'node', command: tsNode, example: 'examples/server.ts', saveFixture: 'tests/runtimes/fixtures/save-server.ts' },
  // fw's fetch served by another Node server: @hono/node-server's serve(), as a user embedding fw does (fixtures/serve.ts);
  // entries that serve with service.run() alone (its workers, signals, graceful close) leave `node-web` out
  { name: 'node', label: 'node-web', env: { FIXTURE_SERVER: 'hono-node' }, command: tsNode, example: 'tests/runtimes/fixtures/example-server.ts', saveFixture: 'tests/runtimes/fixtures/save-server.ts' },
  { name: 'bun', label: 'bun', command: (entry) => [bin('bun'), entry], example: 'examples/server.ts', saveFixture: 'tests/runtimes/fixtures/save-server.ts' },
  // deno.json (import map, nodeModulesDir "manual", sloppy imports) is picked up from the cwd.
  { name: 'deno', label: 'deno', command: (entry) => [bin('deno'), 'run', '-A', entry], example: 'examples/server.ts', saveFixture: 'tests/runtimes/fixtures/save-server.ts' },
  // workerd.ts bundles the Worker module with esbuild and serves it with miniflare (no compatibility flags).
  { name: 'workerd', label: 'workerd', command: (entry) => [bin('tsx'), 'tests/runtimes/workerd.ts', entry], example: 'examples/worker.ts', saveFixture: 'tests/runtimes/fixtures/save-worker.ts' },
]

/** The runtimes to test: all, or those named in `FW_RUNTIMES=node,deno` (`node` is both Node servers; `node-web` @hono/node-server alone). */
export const runtimes: Runtime[] = ((): Runtime[] => {
  const only = process.env.FW_RUNTIMES?.split(',').map((name) => name.trim())
  if (!only) return all
  const unknown = only.filter((name) => !all.some((runtime) => runtime.name === name || runtime.label === name))
  if (unknown.length) throw new Error(`FW_RUNTIMES: unknown ${unknown.join(', ')} (known: ${all.map((runtime) => runtime.label).join(', ')})`)
  return all.filter((runtime) => only.includes(runtime.name) || only.includes(runtime.label))
})()

/** The runtime of the matrix labelled `label` (`node-web`), whatever FW_RUNTIMES keeps. */
export function labelled(label: string): Runtime {
  const found = all.find((runtime) => runtime.label === label)
  if (!found) throw new Error(`no runtime labelled ${label}`)
  return found
}

/**
 * Whether fw's own server serves `runtime`'s entries (`service.run()`), not
 * another server fw's fetch is handed to (`node-web`): for tests of what
 * `run()` adds (workers, signals, graceful close, its answers to hostile heads).
 */
export const servedByFw = (runtime: Runtime): boolean => runtime.label !== 'node-web'

/**
 * The runtimes of `runtimes` a test file runs on (`names`, those `keep` keeps). When FW_RUNTIMES
 * keeps none of them, a skipped test names the reason: a file that registers
 * nothing fails with "No test suite found".
 */
export function runtimesFor(names: readonly Runtime['name'][], keep: (runtime: Runtime) => boolean = () => true): Runtime[] {
  const kept = runtimes.filter((runtime) => names.includes(runtime.name) && keep(runtime))
  if (!kept.length) it.skip(`skipped: FW_RUNTIMES=${process.env.FW_RUNTIMES ?? ''} has none of ${names.join(', ')}, the runtimes these tests run on`, () => {})
  return kept
}

export interface Server {
  /** e.g. `http://127.0.0.1:41234` */
  origin: string
  /** everything the process printed (for failure messages) */
  output(): string
  stop(): Promise<void>
  /** the process id of the command started (a signal sent to it, not its group, tests the server's own handling) */
  pid: number
  /** settles when the command exits, with its code */
  exited: Promise<number | null>
}

/** The line every entry prints once it listens: origin, then the runtime that serves it. */
const READY = /listening on (http:\/\/127\.0\.0\.1:\d+)\S* \((\w+)\)/

/** Kill the whole process group; SIGKILL if it has not exited after `graceMs`. */
async function killGroup(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const pid = child.pid
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const signal = (name: NodeJS.Signals): void => {
    try {
      process.kill(-pid, name)
    } catch {
      // the group is already gone
    }
  }
  signal('SIGTERM')
  const timer = setTimeout(() => signal('SIGKILL'), graceMs)
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs + 2000))])
  clearTimeout(timer)
  // Grandchildren (cluster workers, miniflare's workerd) may outlive the leader.
  signal('SIGKILL')
}

/**
 * Start `entry` under `runtime` (in `cwd`, default the repository) and wait until it listens.
 *
 * @example
 * const server = await startServer(runtimes[0], runtimes[0].example, 60_000)
 * await fetch(`${server.origin}/api/ping`)
 * await server.stop()
 */
export function startServer(runtime: Runtime, entry: string, timeoutMs: number, env: Record<string, string> = {}, cwd = root): Promise<Server> {
  const [command, ...args] = runtime.command(entry)
  if (!command || !existsSync(command)) return Promise.reject(new Error(`${runtime.name}: ${command} is not installed (npm ci)`))
  const child = spawn(command, args, {
    cwd,
    detached: true, // own process group, killed as a whole in stop()
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      NO_COLOR: '1',
      // Deno would otherwise check the npm registry for `npm:` specifiers already in node_modules.
      DENO_NO_UPDATE_CHECK: '1',
      WRANGLER_SEND_METRICS: 'false',
      ...runtime.env,
      ...env,
    },
  })
  let output = ''
  // Last resort if the test process exits without afterAll (crash, bail): no orphan servers.
  const onExit = (): void => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }
  process.once('exit', onExit)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const stop = async (): Promise<void> => {
    await killGroup(child)
    process.off('exit', onExit)
  }
  return new Promise<Server>((resolve, reject) => {
    let settled = false
    const fail = (why: string): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void stop().finally(() => reject(new Error(`${runtime.name} (${entry}): ${why}\n--- output ---\n${output.slice(-4000)}`)))
    }
    const timer = setTimeout(() => fail(`not listening after ${timeoutMs} ms`), timeoutMs)
    const onData = (chunk: Buffer): void => {
      output += chunk.toString()
      const ready = READY.exec(output)
      if (!ready?.[1] || settled) return
      // A launcher that silently fell back to another runtime would prove nothing.
      if (ready[2] !== runtime.name) return fail(`served by ${ready[2]}, not ${runtime.name}`)
      settled = true
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      // Keep draining stdout so a chatty server never blocks on a full pipe.
      child.stdout?.on('data', (more: Buffer) => void (output += more.toString()))
      resolve({ origin: ready[1], output: () => output, stop, pid: child.pid ?? -1, exited })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()))
    child.once('error', (error) => fail(`spawn failed: ${error.message}`))
    child.once('exit', (code, signal) => fail(`exited before listening (code ${code}, signal ${signal})`))
  })
}

/**
 * Run a command to completion in `cwd` (default the repository; own process group, killed on timeout).
 *
 * @example const { code, output } = await runCommand([bin('wrangler'), '--version'], 30_000)
 */
export function runCommand(argv: string[], timeoutMs: number, env: Record<string, string> = {}, cwd = root): Promise<{ code: number | null; output: string }> {
  const [command, ...args] = argv
  if (!command) return Promise.reject(new Error('runCommand: empty argv'))
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', ...env } })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => void (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void killGroup(child, 1000).finally(() => reject(new Error(`${argv.join(' ')}: timed out after ${timeoutMs} ms\n${output.slice(-4000)}`)))
    }, timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}
