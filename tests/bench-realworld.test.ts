/**
 * bench/realworld's check phase, end to end (`npm run bench:realworld` with
 * RW_SECONDS=0: no wrk): Postgres 15 started and seeded, fw's Conduit
 * (examples/realworld) and the peers (Fastify and Hono on Node; fw, Hono and
 * Elysia on Bun) served over real HTTP, every route's answer byte-equal across
 * them, and the SQL statements each sends per request counted from the server's
 * log: the peers' counts, and fw's never above what it sends today.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { postgresSkipReason } from './orm/engines'
import { bin, runCommand } from './runtimes/runtimes'

const RUN_MS = 300_000
const dir = mkdtempSync(join(tmpdir(), 'fw-rwbench-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** statements per request (begin/commit apart) the peers send: one select per read, the count beside a page */
const PEERS = { B1: [2, 0], B2: [2, 0], B3: [1, 0], B4: [2, 0], B5: [7, 2], B6: [1, 0], B7: [1, 0] }
/** fw's today (login reads its user once; the lists' viewer is the token's id, `claims()`); a change may lower these, never raise them */
const FW = { B1: [1, 0], B2: [1, 0], B3: [1, 0], B4: [1, 0], B5: [14, 2], B6: [1, 0], B7: [1, 0] }

it.skipIf(postgresSkipReason)(`answers byte-equal across fw and its peers, statements per request counted (${postgresSkipReason ?? 'Postgres 15'})`, async () => {
  const json = join(dir, 'counts.json')
  const run = await runCommand([bin('tsx'), 'bench/realworld/run.ts'], RUN_MS, { RW_SECONDS: '0', RW_COUNT_REQUESTS: '2', RW_JSON: json, RW_OUT: join(dir, 'results.md') })
  expect(run.code, run.output.slice(-6000)).toBe(0)
  expect(run.output).toMatch(/equality: B1 B2 B3 B4 B5 B6 B7 byte-equal across fw-node, fastify-node, hono-node, fw-bun, hono-bun, elysia-bun/)
  const { counts } = JSON.parse(readFileSync(json, 'utf8')) as { counts: Record<string, [number, number]> }
  for (const peer of ['fastify-node', 'hono-node', 'hono-bun', 'elysia-bun'])
    for (const [route, expected] of Object.entries(PEERS)) expect(counts[`${peer} ${route}`], `${peer} ${route}`).toEqual(expected)
  for (const runtime of ['node', 'bun'])
    for (const [route, [most = 0, transaction = 0]] of Object.entries(FW)) {
      const [total = Number.NaN, begins = Number.NaN] = counts[`fw-${runtime} ${route}`] ?? []
      expect(total, `fw-${runtime} ${route}: ${total} statements`).toBeLessThanOrEqual(most)
      expect(begins, `fw-${runtime} ${route}: ${begins} begin/commit`).toBeLessThanOrEqual(transaction)
    }
  expect(counts['fw-node B7']).toEqual([1, 0])
  expect(counts['fw-bun B7']).toEqual([1, 0])
}, RUN_MS)
