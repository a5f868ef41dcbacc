/**
 * The floor of a rate limit on Node (bench/RESULTS-rate-limit.md): what the two fields a limit
 * adds (`RateLimit-Policy`, `RateLimit`) cost node:http itself, beside what they cost through fw's
 * Node writer — a light JSON answer (E1's head and body), its pending fields set as a limit sets
 * them, written into a socket-less `ServerResponse` — in paired rounds (the order rotates), CPU ns
 * per answer. Also: a `RateLimit` value made anew per answer (a count every request changes), as
 * made (concatenated) and flattened first, against a kept one.
 *
 *   npx tsx bench/rate-limit-head.ts       # BENCH_ROUNDS (9), BENCH_REQUESTS per round (50000)
 */
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { installLightResponse } from '../src/node/native/response'
import { writeResponse } from '../src/node/native/write'
import { type RequestContext, withSetCookies } from '../src/request/context'
import { decimal } from '../src/utils/decimal'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9)
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50_000)
const BODY = '{"data":{"page":2,"limit":10,"items":[1,2,3,4,5,6,7,8,9,10]}}'
const INIT = Object.freeze({ status: 200, headers: Object.freeze({ 'content-type': 'application/json' }) })
const POLICY = '"default";q=1000000000;w=3600'
const VALUE = '"default";r=999999999;t=3600'

installLightResponse()
const socket = new Socket()
const refused = (): [number, string] => [500, 'refused']
let count = 1_000_000_000

function outgoing(): ServerResponse {
  const incoming = new IncomingMessage(socket)
  incoming.method = 'GET'
  incoming.httpVersionMajor = 1
  incoming.httpVersionMinor = 1
  return new ServerResponse(incoming)
}

/** An answer through fw's Node writer with `fields` pending on its request (a limit's, or none). */
function throughFw(fields: string[] | undefined): void {
  const context = { setCookies: undefined, responseHeaders: fields } as unknown as RequestContext
  void writeResponse(outgoing(), withSetCookies(context, new Response(BODY, INIT)), refused)
}

/** An answer through node:http alone, `lines` more in its head. */
function throughNode(lines: string[]): void {
  outgoing()
    .writeHead(200, ['content-type', 'application/json', ...lines, 'Content-Length', BODY.length])
    .end(BODY)
}

/** A `RateLimit` value as a limit makes one: a count no request had before. */
const freshValue = (): string => `"default";r=${decimal(--count)};t=3600`

const variants: [string, () => void][] = [
  ['node:http, no more lines', () => throughNode([])],
  ['node:http, the two lines', () => throughNode(['ratelimit-policy', POLICY, 'ratelimit', VALUE])],
  ['fw, no fields', () => throughFw(undefined)],
  ['fw, the two fields', () => throughFw(['ratelimit-policy', POLICY, 'ratelimit', VALUE])],
  ['fw, the two fields, RateLimit made anew', () => throughFw(['ratelimit-policy', POLICY, 'ratelimit', freshValue()])],
  [
    'fw, the two fields, RateLimit made anew and flattened',
    () => {
      const value = freshValue()
      value.charCodeAt(0)
      throughFw(['ratelimit-policy', POLICY, 'ratelimit', value])
    },
  ],
]

function round(run: () => void, requests: number): number {
  const started = process.cpuUsage()
  for (let index = 0; index < requests; index++) run()
  const used = process.cpuUsage(started)
  return ((used.user + used.system) * 1000) / requests
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const times = new Map<string, number[]>(variants.map(([name]) => [name, []]))
for (const [, run] of variants) round(run, REQUESTS) // warm-up
for (let index = 0; index < ROUNDS; index++)
  for (let turn = 0; turn < variants.length; turn++) {
    const [name, run] = variants[(turn + index) % variants.length] ?? variants[0] ?? []
    if (name !== undefined && run !== undefined) times.get(name)?.push(round(run, REQUESTS))
  }
console.log(`A light answer's head and body, Node ${process.version}, ${ROUNDS} rounds of ${REQUESTS}: median CPU ns per answer`)
for (const [name, values] of times) console.log(`${name}: ${Math.round(median(values))} ns`)
