/**
 * Time bounds that guard against hangs and super-linear work (ReDoS, floods).
 *
 * Wall-clock time grows with whatever else the machine runs; the CPU time
 * this process spends does not. Bounds on in-process work are therefore
 * measured as CPU time (user + system, `process.cpuUsage`), and keep a margin
 * of at least 10× the typical time (see docs/testing.md).
 */

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
