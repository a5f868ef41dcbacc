/** Linux process facts the benches read from /proc. */
import { readdirSync, readFileSync } from 'node:fs'

/** A process's CPU time so far, ns (every thread, from /proc/<pid>/task/<tid>/schedstat). */
export function processCpuNs(pid) {
  let total = 0
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return total
}

/** The process ids of a process's children (miniflare's workerd among them). */
export function childPids(pid) {
  const ids = []
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const text = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
    if (text) ids.push(...text.split(' ').map(Number))
  }
  return ids
}
