/**
 * Micro-benchmark of one param check (issue #15 item 2): the slow checker
 * (convert → valibot → `Invalid`) against the fast path (src/schema/fast/),
 * µs per call, for E3's `CreateUser` with a valid 5-field body and E1's
 * `ItemsQuery` with its two query strings.
 *
 *   npx tsx bench/checker.ts                   # Node
 *   node bench/checker.mjs                     # bundles with esbuild, runs on Node, Bun and Deno
 *
 * Env: CHECKER_MS (ms per batch, 100), CHECKER_ROUNDS (rounds, 9). Prints one
 * JSON line; the median round is reported.
 */
import { CreateUser, ItemsQuery, userBody } from './schemas'
import { compileChecker, Invalid, type Checker } from '../src/schema/parse'
import type { AnySchema } from '../src/schema'

declare const Deno: { env: { get(name: string): string | undefined } } | undefined
const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env[name] : typeof Deno !== 'undefined' ? Deno.env.get(name) : undefined)
const MS = Number(env('CHECKER_MS') ?? 100)
const ROUNDS = Number(env('CHECKER_ROUNDS') ?? 9)

// A few distinct inputs (a body is parsed afresh per request), cycled.
const users = Array.from({ length: 16 }, () => JSON.parse(userBody) as unknown)
const queries = Array.from({ length: 16 }, (_, index) => ({ page: String(index + 1), limit: '50' }))

let sink = 0

function perCall(check: Checker, inputs: readonly unknown[]): number {
  const median: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    let calls = 0
    const start = performance.now()
    let now = start
    while (now - start < MS) {
      for (let index = 0; index < 1000; index++) {
        const out = check(inputs[index & 15])
        if (out instanceof Invalid) throw new Error(`invalid: ${out.reason}`)
        sink ^= (out as { page?: number }).page ?? 1
      }
      calls += 1000
      now = performance.now()
    }
    median.push(((now - start) * 1000) / calls)
  }
  median.sort((a, b) => a - b)
  return median[Math.floor(median.length / 2)] as number
}

function compare(schema: AnySchema, inputs: readonly unknown[]): { slow: number; fast: number; ratio: number } {
  const slow = compileChecker(schema, { fast: false })
  const fast = compileChecker(schema)
  // same answer first, then warm both up
  if (JSON.stringify(slow(inputs[0])) !== JSON.stringify(fast(inputs[0]))) throw new Error('slow and fast disagree')
  perCall(slow, inputs)
  perCall(fast, inputs)
  const slowUs = perCall(slow, inputs)
  const fastUs = perCall(fast, inputs)
  const round = (value: number): number => Math.round(value * 1000) / 1000
  return { slow: round(slowUs), fast: round(fastUs), ratio: Math.round((slowUs / fastUs) * 10) / 10 }
}

const runtime = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined' ? 'bun' : typeof Deno !== 'undefined' ? 'deno' : `node`
console.log(JSON.stringify({ runtime, unit: 'µs/call', E3_CreateUser: compare(CreateUser, users), E1_ItemsQuery: compare(ItemsQuery, queries), sink: sink & 1 }))
