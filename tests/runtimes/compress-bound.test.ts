/**
 * plugins/compress on Bun compresses a whole body up to 256 KiB at once (Bun.gzipSync, deflateSync),
 * framed by its length; a longer one streams through CompressionStream. Attacked over real HTTP on
 * Bun (and Node, Deno for the same rules) against tests/runtimes/fixtures/compress-bound.ts: answers
 * a byte under, at and over the bound, in one- and two-byte characters (a string's length is not its
 * bytes), gzip and deflate; HEAD, a Range request, `no-transform`, a 206, an already encoded answer,
 * a 10,000-entry Accept-Encoding — the rules as before the change (commit 0e01727, checked by
 * running this file there), each answer decoding to the exact text, within a bound of the
 * server's CPU.
 *
 *   FW_RUNTIMES=bun npx vitest run tests/runtimes/compress-bound.test.ts
 */
import { gunzipSync, inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupCpuTime } from '../helpers/time'
import { AT_ONCE_BYTES, answerText } from './fixtures/compress-bound'
import { wireAnswer as raw, type WireAnswer as Raw } from './exchange'
import { runtimesFor, startServer, type Server } from './runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/compress-bound-server.ts'
/** The server's CPU for one answer: a 512 KiB body compressed takes a few ms; a wide margin. */
const CPU_MS = 400

const decoded = (answer: Raw): string => {
  const coding = answer.headers['content-encoding']
  return (coding === 'gzip' ? gunzipSync(answer.body) : coding === 'deflate' ? inflateSync(answer.body) : answer.body).toString()
}

describe.each(runtimesFor(['node', 'bun', 'deno']))('compress() at its bound over HTTP on $label', (runtime) => {
  let server: Server
  const url = (path: string): string => `${server.origin}/api/${path}`
  beforeAll(async () => {
    server = await startServer(runtime, ENTRY, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })

  const sizes = [1023, 1024, AT_ONCE_BYTES - 1, AT_ONCE_BYTES, AT_ONCE_BYTES + 1, AT_ONCE_BYTES + AT_ONCE_BYTES / 2]
  for (const coding of ['gzip', 'deflate'] as const) {
    for (const wide of [false, true]) {
      it(`${coding}, ${wide ? 'two' : 'one'}-byte characters: under, at and over the bound decode to the text, framed as the rules say`, async () => {
        for (const bytes of sizes) {
          const { value: answer, ms } = await groupCpuTime(server.pid, () => raw(url(`sized?bytes=${bytes}&wide=${wide ? 1 : 0}`), { 'accept-encoding': coding }))
          const label = `${bytes} bytes`
          expect(answer.status, label).toBe(200)
          expect(answer.headers.vary, label).toMatch(/accept-encoding/i)
          expect(decoded(answer), label).toBe(answerText(bytes, wide))
          if (bytes < 1024) expect(answer.headers['content-encoding'], label).toBeUndefined()
          else expect(answer.headers['content-encoding'], label).toBe(coding)
          // Bun: at once up to the bound, framed by its length; past it streamed (chunked)
          if (runtime.name === 'bun' && bytes >= 1024) {
            if (bytes <= AT_ONCE_BYTES) expect(answer.headers['content-length'], label).toBe(String(answer.body.length))
            else expect(answer.headers['transfer-encoding'], label).toBe('chunked')
          }
          if (answer.headers['content-length'] !== undefined) expect(Number(answer.headers['content-length']), label).toBe(answer.body.length)
          if (ms !== undefined) expect(ms, label).toBeLessThan(CPU_MS)
        }
      })
    }
  }

  it('HEAD: no body, no coding; a Range request: the whole answer, compressed (API answers serve no ranges)', async () => {
    const head = await raw(url(`sized?bytes=${AT_ONCE_BYTES}`), { 'accept-encoding': 'gzip' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.length).toBe(0)
    expect(head.headers['content-encoding']).toBeUndefined()
    const ranged = await raw(url(`sized?bytes=${AT_ONCE_BYTES}`), { 'accept-encoding': 'gzip', range: 'bytes=0-10' })
    expect(ranged.status).toBe(200)
    expect(ranged.headers['content-encoding']).toBe('gzip')
    expect(decoded(ranged)).toBe(answerText(AT_ONCE_BYTES, false))
  })

  it('no-transform, a 206 and an already encoded answer go as they are', async () => {
    for (const path of [`untransformed?bytes=${AT_ONCE_BYTES}`, `partial?bytes=${AT_ONCE_BYTES}`]) {
      const answer = await raw(url(path), { 'accept-encoding': 'gzip' })
      expect(answer.headers['content-encoding'], path).toBeUndefined()
      expect(answer.body.toString(), path).toBe(answerText(AT_ONCE_BYTES, false))
    }
    const encoded = await raw(url('encoded'), { 'accept-encoding': 'gzip' })
    expect(encoded.headers['content-encoding']).toBe('identity-ish')
    expect(encoded.body.toString()).toBe('already encoded bytes, not gzip')
  })

  it("a 10,000-entry Accept-Encoding: refused by the server's head limit or read fast; 1,000 entries: the 64 first read", async () => {
    const junk = Array.from({ length: 10_000 }, (_, index) => `x-coding-${index};q=0.5`).join(', ')
    const started = performance.now()
    // Node, Bun and Deno refuse a head this large before fw runs (431 or 400; @hono/node-server resets the connection)
    const { value: hostile, ms } = await groupCpuTime(server.pid, () => raw(url(`sized?bytes=${AT_ONCE_BYTES}`), { 'accept-encoding': `${junk}, gzip` }).catch(() => undefined))
    if (hostile?.status === 200) expect(decoded(hostile)).toBe(answerText(AT_ONCE_BYTES, false))
    else if (hostile) expect([400, 431]).toContain(hostile.status)
    if (ms !== undefined) expect(ms).toBeLessThan(CPU_MS)
    expect(performance.now() - started).toBeLessThan(5_000)
    const weighted = Array.from({ length: 1_000 }, (_, index) => `x${index};q=0.${index % 10}`).join(', ')
    for (const [accept, coding] of [[`${weighted}, gzip`, undefined], [`gzip;q=0.1, ${weighted}`, 'gzip']] as const) {
      const { value: answer, ms: spent } = await groupCpuTime(server.pid, () => raw(url(`sized?bytes=${AT_ONCE_BYTES}`), { 'accept-encoding': accept }))
      expect(answer.status).toBe(200)
      expect(answer.headers['content-encoding']).toBe(coding)
      expect(decoded(answer)).toBe(answerText(AT_ONCE_BYTES, false))
      if (spent !== undefined) expect(spent).toBeLessThan(CPU_MS)
    }
  })
})
