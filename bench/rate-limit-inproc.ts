/**
 * What `rateLimit` costs in process (bench/RESULTS-rate-limit.md): bench/apps/fw.ts's E1 (GET
 * /items with a validated query) answered by fw's native Node listener (src/serve/node-native.ts)
 * for a node:http `IncomingMessage` / `ServerResponse` pair with no socket — the request read, the
 * service's pipeline, fw's Node writer and node:http's head — without a limit and under
 * `rateLimit` with the MemoryStore, in paired rounds (the order rotates). No loopback and no wrk:
 * steadier than bench/rate-limit.ts on a shared machine, and blind to what the sockets cost.
 *
 *   npx tsx bench/rate-limit-inproc.ts     # BENCH_ROUNDS (9), BENCH_REQUESTS per round (30000)
 */
import 'fw-api/serve'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { api } from 'fw-api'
import { MemoryStore, rateLimit } from 'fw-api/plugins/rate-limit'
import { nativeListener } from '../src/serve/node-native'
import { createFw } from './apps/fw'
import { nextClient, twoFields } from './rate-limit-parts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000)
const PATH = '/items?page=2&limit=10'
const RAW_HEADERS = ['Host', '127.0.0.1:8000', 'User-Agent', 'bench', 'Accept', '*/*']

/** A connected-looking socket: its peer is 127.0.0.1, it writes nowhere. */
const socket = new Socket()
Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' })

type Listener = ReturnType<typeof nativeListener>

/** One request through `listener`; resolves once its answer is written (the head and the body). */
function serveOne(listener: Listener): ServerResponse | undefined {
  const incoming = new IncomingMessage(socket)
  incoming.method = 'GET'
  incoming.url = PATH
  incoming.httpVersionMajor = 1
  incoming.httpVersionMinor = 1
  incoming.rawHeaders = RAW_HEADERS
  incoming.complete = true
  const outgoing = new ServerResponse(incoming)
  listener(incoming, outgoing)
  return outgoing
}

/**
 * CPU ns per request for `count` requests (this process's CPU time: on a shared machine it moves
 * less than the wall clock), the answers checked once at the end.
 */
async function round(listener: Listener, count: number): Promise<number> {
  let last: ServerResponse | undefined
  const started = process.cpuUsage()
  for (let index = 0; index < count; index++) {
    last = serveOne(listener)
    // an answer not ready at once (none of these: the E1 endpoint and the MemoryStore are synchronous)
    if (!last?.writableEnded) await new Promise((resolve) => setImmediate(resolve))
  }
  const used = process.cpuUsage(started)
  const ns = ((used.user + used.system) * 1000) / count
  if (last?.statusCode !== 200) throw new Error(`status ${last?.statusCode}`)
  return ns
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

const LIMIT = 1_000_000_000

/** A plugin with a request step that does nothing: what any service plugin costs. */
class Empty extends api.Plugin {
  override processRequest(): undefined {
    return undefined
  }
}



const listen = (configure: (service: ReturnType<typeof createFw>) => void): Listener => {
  const service = createFw()
  configure(service)
  return nativeListener(service.fetch, { debug: false })
}
const variants: [string, Listener][] = [
  ['no limit', listen(() => {})],
  ['rateLimit, MemoryStore', listen((service) => void service.use(rateLimit({ limit: LIMIT, window: '1h', store: MemoryStore() })))],
  ['rateLimit, MemoryStore, 1,000 clients', listen((service) => void service.use(rateLimit({ limit: 10_000, window: '1h', store: MemoryStore(), key: nextClient })))],
  ['the two fields alone (no counting)', listen((service) => void service.use(twoFields(LIMIT)))],
  ['a plugin that does nothing', listen((service) => void service.use(new Empty()))],
]
const times = new Map<string, number[]>(variants.map(([name]) => [name, []]))
for (const [, listener] of variants) await round(listener, REQUESTS) // warm-up
for (let index = 0; index < ROUNDS; index++)
  for (let turn = 0; turn < variants.length; turn++) {
    const [name, listener] = variants[(turn + index) % variants.length] ?? variants[0] ?? []
    if (name === undefined || listener === undefined) continue
    times.get(name)?.push(await round(listener, REQUESTS))
  }
const base = times.get('no limit') ?? []
console.log(`E1 in process, Node ${process.version}, ${ROUNDS} rounds of ${REQUESTS}`)
for (const [name, values] of times) {
  const extra = values.map((value, index) => value - (base[index] ?? value))
  console.log(
    `${name}: ${(median(values) / 1000).toFixed(3)} CPU µs/req (rounds ${values.map((value) => (value / 1000).toFixed(2)).join(', ')}); over no limit: ${Math.round(median(extra))} ns`,
  )
}
