/**
 * Time bounds that guard against hangs and super-linear work (ReDoS, floods).
 *
 * Wall-clock time grows with whatever else the machine runs; the CPU time
 * this process spends does not. Bounds on in-process work are therefore
 * measured as CPU time (user + system, `process.cpuUsage`), and keep a margin
 * of at least 10× the typical time (see docs/testing.md).
 */
import { readdirSync, readFileSync } from 'node:fs'

/** CPU milliseconds (user + system) this process spends until `work` settles. */
export async function cpuTime<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const before = process.cpuUsage()
  const value = await work()
  const used = process.cpuUsage(before)
  return { value, ms: (used.user + used.system) / 1000 }
}

/** Synchronous {@link cpuTime}. */
export function cpuTimeSync<T>(work: () => T): { value: T; ms: number } {
  const before = process.cpuUsage()
  const value = work()
  const used = process.cpuUsage(before)
  return { value, ms: (used.user + used.system) / 1000 }
}

/**
 * The timeout of a test that runs the TypeScript compiler or a build tool: a
 * hang guard, not a budget. Such a run takes seconds on a quiet machine and is
 * CPU-bound, so a busy machine stretches it many times over; 300 s keeps a
 * margin of more than 10× over the slowest of them (~15 s).
 */
export const CHECK_MS = 300_000

/** Clock ticks per second of /proc's CPU times: USER_HZ, 100 on every Linux architecture fw runs on. */
const USER_HZ = 100

/**
 * CPU milliseconds (user + system) the processes of process group `group` have spent so far:
 * a server a test started (tests/runtimes/runtimes.ts starts each in its own group, so a
 * runtime's workers, miniflare's workerd included). Linux only (/proc): `undefined` elsewhere.
 * The resolution is a clock tick (10 ms).
 */
export function groupCpuMs(group: number): number | undefined {
  let entries: string[]
  try {
    entries = readdirSync('/proc')
  } catch {
    return undefined
  }
  let ticks = 0
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'latin1')
    } catch {
      continue // exited meanwhile
    }
    // after the command's `(…)`: state ppid pgrp … utime (14th field) stime (15th)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    if (Number(fields[2]) !== group) continue
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return (ticks * 1000) / USER_HZ
}

/**
 * The CPU milliseconds process group `group` (a server's) spends while `work` runs (hostile
 * requests answered "fast": CPU, not wall-clock time a busy machine stretches); `ms` is
 * `undefined` where /proc is not there. Bound it with a margin of 10× at least: a runtime's
 * own background work (GC, JIT) lands in it too.
 */
export async function groupCpuTime<T>(group: number, work: () => Promise<T>): Promise<{ value: T; ms: number | undefined }> {
  const before = groupCpuMs(group)
  const value = await work()
  const after = groupCpuMs(group)
  return { value, ms: before === undefined || after === undefined ? undefined : after - before }
}
