/**
 * Micro-benchmark of one param check: fw's checker (convert → valibot through
 * its adapter → `Invalid`) against valibot's own `safeParse` with `abortEarly`
 * (what the floor app calls), µs per
 * call, for E3's `CreateUser` with a valid 5-field body, E5's invalid one (the
 * checker's `Invalid` is built; valibot stops at the first issue) and E1's
 * `ItemsQuery` with its two query strings.
 *
 *   npx tsx bench/checker.ts                   # Node
 *   node bench/checker.mjs                     # bundles with esbuild, runs on Node, Bun and Deno
 *
 * Env: CHECKER_MS (ms per batch, 100), CHECKER_ROUNDS (rounds, 9). Prints one
 * JSON line; the median round is reported.
 */
import * as v from 'valibot'
import { CreateUser, invalidUserBody, ItemsQuery, userBody } from './schemas'
import { compileChecker, Invalid, type Checker } from '../src/schema/parse'
import type { AnySchema } from '../src/schema'

declare const Deno: { env: { get(name: string): string | undefined } } | undefined
const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env[name] : typeof Deno !== 'undefined' ? Deno.env.get(name) : undefined)
const MS = Number(env('CHECKER_MS') ?? 100)
const ROUNDS = Number(env('CHECKER_ROUNDS') ?? 9)

// A few distinct inputs (a body is parsed afresh per request), cycled.
const users = Array.from({ length: 16 }, () => JSON.parse(userBody) as unknown)
const queries = Array.from({ length: 16 }, (_, index) => ({ page: String(index + 1), limit: '50' }))
const invalidUsers = Array.from({ length: 16 }, () => JSON.parse(invalidUserBody) as unknown)

let sink = 0

/** µs per call of one batch of about `MS` ms. */
function batch(check: Checker, inputs: readonly unknown[], valid: boolean): number {
  let calls = 0
  const start = performance.now()
  let now = start
  while (now - start < MS) {
    for (let index = 0; index < 1000; index++) {
      const out = check(inputs[index & 15])
      if (out instanceof Invalid !== !valid) throw new Error(valid ? 'refused a valid input' : 'accepted an invalid input')
      sink ^= (out as { page?: number }).page ?? 1
    }
    calls += 1000
    now = performance.now()
  }
  return ((now - start) * 1000) / calls
}

/** The median µs per call of each checker, the checkers alternating within every round (the machine may be shared). */
function perCall(checks: readonly Checker[], inputs: readonly unknown[], valid: boolean): number[] {
  const rounds: number[][] = checks.map(() => [])
  for (let round = 0; round < ROUNDS; round++) checks.forEach((check, index) => rounds[index]?.push(batch(check, inputs, valid)))
  return rounds.map((times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number)
}

/** valibot alone, as the floor app calls it: the output, or an `Invalid` of the first issue. */
function valibotOnly(schema: AnySchema): Checker {
  const abortEarly = { abortEarly: true } as const
  return (value) => {
    const result = v.safeParse(schema, value, abortEarly)
    return result.success ? result.output : new Invalid(result.issues[0].message)
  }
}

/** `valibot` only for JSON inputs (valibot converts nothing: query strings would fail it). */
function compare(schema: AnySchema, inputs: readonly unknown[], valid = true, json = true): { checker: number; valibot?: number } {
  const checker = compileChecker(schema)
  const valibot = valibotOnly(schema)
  const checks = json ? [checker, valibot] : [checker]
  for (const check of checks) batch(check, inputs, valid)
  const [checkerUs = NaN, valibotUs] = perCall(checks, inputs, valid)
  const round = (value: number): number => Math.round(value * 1000) / 1000
  return { checker: round(checkerUs), valibot: valibotUs === undefined ? undefined : round(valibotUs) }
}

const runtime = typeof (globalThis as { Bun?: unknown }).Bun !== 'undefined' ? 'bun' : typeof Deno !== 'undefined' ? 'deno' : `node`
console.log(JSON.stringify({ runtime, unit: 'µs/call', E3_CreateUser: compare(CreateUser, users), E5_CreateUser_invalid: compare(CreateUser, invalidUsers, false), E1_ItemsQuery: compare(ItemsQuery, queries, true, false), sink: sink & 1 }))
