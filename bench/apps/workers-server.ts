/**
 * The 1-vs-N-workers bench server (bench/workers.mjs): one fw endpoint that
 * does a little work, served by `service.run()` in one process
 * (BENCH_WORKERS=1) or from n worker processes. Prints `READY <port>`.
 */
import 'fw-api/serve'
import * as v from 'valibot'
import { Fw, api } from '../../src'

class WorkAPI extends api.API {
  /** validation, a small computation and JSON out: E1-like work per request */
  @api.get({ n: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)) })
  sum({ n }: { n: number }) {
    let total = 0
    for (let i = 1; i <= n; i++) total += i
    return { n, total }
  }
}

const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env
const workers = Number(env.BENCH_WORKERS ?? 1)
const service = new Fw(import.meta.url, { api: WorkAPI })
const server = await service.run({ port: 0, workers: workers > 1 ? workers : undefined })
if (server.role !== 'worker') console.log(`READY ${server.port}`)
