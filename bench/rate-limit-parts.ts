/**
 * What the rate-limit benches share (bench/rate-limit.ts, rate-limit-bun.ts, rate-limit-inproc.ts):
 * the wrk run with this process's CPU per request, the floor plugin and the 1,000 clients' keys.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { api } from 'fw-api'
import type { RequestContext } from '../src/request/context'

/**
 * Requests per second wrk measured against `url`, and this process's CPU µs per request meanwhile
 * (the servers answer from this process, which otherwise only waits for wrk: on a shared machine
 * the CPU per request moves less than the rate).
 */
export async function wrk(
  url: string,
  connections: number,
  seconds: number,
): Promise<{ rate: number; cpu: number }> {
  const before = process.cpuUsage()
  const run = await promisify(execFile)('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, url], {
    encoding: 'utf8',
  })
  const used = process.cpuUsage(before)
  const found = /Requests\/sec:\s+([\d.]+)/.exec(run.stdout)
  const count = /(\d+) requests in/.exec(run.stdout)
  if (!found || !count) throw new Error(`wrk: ${run.stdout}${run.stderr}`)
  if (/Non-2xx/.test(run.stdout)) throw new Error(`non-2xx answers: ${run.stdout}`)
  return { rate: Number(found[1]), cpu: (used.user + used.system) / Number(count[1]) }
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/**
 * A plugin leaving the two fields a limit of `limit` per hour adds, pending on the request as a
 * limit leaves them; nothing counted (the floor).
 */
export function twoFields(limit: number): api.Plugin {
  const policy = `"default";q=${limit};w=3600`
  return new (class TwoFields extends api.Plugin {
    override processRequest(_request: Request, context: RequestContext): undefined {
      context.responseHeaders = ['ratelimit-policy', policy, 'ratelimit', '"default";r=999999999;t=3600']
      return undefined
    }
  })()
}

const CLIENTS = Array.from({ length: 1000 }, (_, index) => `client-${index}`)
const turn = { next: 0 }

/**
 * The next of 1,000 clients, in turn (a key each): under a limit of 10,000 an hour what a limit
 * answers then repeats across clients, as under real traffic.
 */
export const nextClient = (): string => CLIENTS[turn.next++ % CLIENTS.length] ?? ''
