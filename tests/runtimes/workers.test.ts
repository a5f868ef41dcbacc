/**
 * `run({ workers: 2 })` over real HTTP on Node (node:cluster) and Bun
 * (node:cluster with reusePort sockets): both workers answer, a killed
 * worker is replaced while the others keep answering, SIGTERM to the
 * primary closes them all (SPEC §5).
 *
 *   FW_RUNTIMES=bun npx vitest run tests/runtimes/workers.test.ts
 */
import { execFileSync } from 'node:child_process'
import http from 'node:http'
import { describe, expect, it } from 'vitest'
import { runtimesFor, servedByFw, startServer } from './runtimes'

const ENTRY = 'tests/runtimes/fixtures/ops-server.ts'
const START_MS = 60_000

/** GET on a fresh connection (so the connections spread over the workers); the answering pid. */
function pidOf(origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}/ops/pid`, { agent: false, headers: { connection: 'close' } }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => void (body += chunk.toString()))
      response.on('end', () => (response.statusCode === 200 ? resolve(Number(body)) : reject(new Error(`status ${response.statusCode}: ${body}`))))
    })
    request.setTimeout(5000, () => request.destroy(new Error('timed out')))
    request.on('error', reject)
  })
}

/** The pids of `parent`'s child processes (`ps`). */
function childrenOf(parent: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(parent)], { encoding: 'utf8' }).split('\n').map(Number).filter((pid) => pid > 0)
  } catch {
    return [] // ps exits 1 when there are none
  }
}

/** Ask until `count` distinct pids answered (or `tries` requests were made). */
async function pids(origin: string, count: number, tries = 60): Promise<Set<number>> {
  const seen = new Set<number>()
  for (let n = 0; n < tries && seen.size < count; n++) seen.add(await pidOf(origin))
  return seen
}

describe.each(runtimesFor(['node', 'bun'], servedByFw))('runtime $label: run({ workers: 2 })', (runtime) => {
  it('two worker processes answer; a killed one is replaced; SIGTERM closes them all', async () => {
    const server = await startServer(runtime, ENTRY, START_MS, { OPS_WORKERS: '2' })
    try {
      const primary = Number(/ops fixture \(primary, pid (\d+)\)/.exec(server.output())?.[1])
      expect(primary).toBeGreaterThan(0)
      const first = await pids(server.origin, 2)
      expect(first.size).toBe(2)
      expect(first.has(primary)).toBe(false)
      const [victim, survivor] = [...first] as [number, number]
      process.kill(victim, 'SIGKILL')
      // A connection the cluster primary hands over in the instant the worker dies, before
      // it saw the exit, is lost with it (in flight on the killed one): ask once it has seen it.
      await new Promise((resolve) => setTimeout(resolve, 500))
      // Requests after the kill keep being answered (by the survivor, then by the replacement too).
      const after = new Set<number>()
      const deadline = Date.now() + 20_000
      while (Date.now() < deadline && !(after.size === 2 && !after.has(victim))) {
        const pid = await pidOf(server.origin)
        expect(pid).not.toBe(victim)
        after.add(pid)
        if (after.size < 2) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(after.has(survivor)).toBe(true)
      expect([...after].filter((pid) => !first.has(pid))).toHaveLength(1) // the replacement
      process.kill(server.pid, 'SIGTERM')
      expect(await server.exited).toBe(0)
      expect(server.output().match(/ops: closers ran/g)?.length).toBe(2) // each worker closed gracefully
    } finally {
      await server.stop()
    }
  }, START_MS + 40_000)

  // On a busy machine the primary can be off the CPU when SIGTERM arrives: the signal waits
  // for it, and a launcher in between must not decide for it (tsx's CLI gave its child 60 ms
  // to acknowledge, then killed it and exited 143). SIGSTOP holds the primary as a starved
  // scheduler would, right after the ready line, while the workers may still be settling.
  it('SIGTERM reaching a primary that is off the CPU right after the ready line closes every worker, exits 0', async () => {
    const server = await startServer(runtime, ENTRY, START_MS, { OPS_WORKERS: '2' })
    try {
      const primary = Number(/ops fixture \(primary, pid (\d+)\)/.exec(server.output())?.[1])
      expect(primary).toBeGreaterThan(0)
      process.kill(primary, 'SIGSTOP')
      process.kill(server.pid, 'SIGTERM') // the process started, as a deployment signals it
      await new Promise((resolve) => setTimeout(resolve, 500))
      try {
        process.kill(primary, 'SIGCONT')
      } catch {
        // already gone: something killed it while it was stopped (the exit code below says what)
      }
      expect(await server.exited).toBe(0)
      expect(server.output().match(/ops: closers ran/g)?.length).toBe(2) // each worker closed gracefully
    } finally {
      await server.stop()
    }
  }, START_MS + 40_000)

  // A worker still starting has no listener for the primary's `close` yet: it used to miss it,
  // start serving after the primary began closing, and be SIGKILLed 12 s later (timeout + 2 s).
  it('SIGTERM while a replacement worker is still starting ends it at once; the primary exits 0 well before the kill timer', async () => {
    const server = await startServer(runtime, ENTRY, START_MS, { OPS_WORKERS: '2' })
    try {
      const primary = Number(/ops fixture \(primary, pid (\d+)\)/.exec(server.output())?.[1])
      const first = childrenOf(primary)
      const [victim] = first
      expect(first).toHaveLength(2)
      process.kill(victim as number, 'SIGKILL')
      let replacement: number | undefined
      const deadline = Date.now() + 20_000
      while (replacement === undefined && Date.now() < deadline) {
        replacement = childrenOf(primary).find((pid) => pid !== victim && !first.includes(pid))
        if (replacement === undefined) await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(replacement, 'the primary forked a replacement').toBeDefined()
      // held before it can listen, as a starved scheduler would, while the primary closes
      process.kill(replacement as number, 'SIGSTOP')
      const signalled = Date.now()
      process.kill(primary, 'SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 500))
      try {
        process.kill(replacement as number, 'SIGCONT')
      } catch {
        // already gone
      }
      expect(await server.exited).toBe(0)
      expect(Date.now() - signalled).toBeLessThan(10_000) // the kill timer fires at 12 s
      // the survivor closed gracefully; the replacement too if it got to listen before it was held (Bun starts fast)
      expect(server.output().match(/ops: closers ran/g)?.length ?? 0).toBeGreaterThanOrEqual(1)
    } finally {
      await server.stop()
    }
  }, START_MS + 40_000)
})
