/**
 * SPEC §14's compression, conditional requests and secure headers over real
 * HTTP on Node (fw's server and @hono/node-server), Bun, Deno and workerd,
 * against tests/runtimes/fixtures/traffic.ts: the bytes on the wire are
 * gzip (decoded here, not by the client), 304s carry no body, a stale write
 * is a 412 that changes nothing, HSTS stays off over http, a hostile
 * Accept-Encoding is answered fast, and (Node, Bun, Deno: workerd has no disk)
 * the docs page's script arrives compressed; If-None-Match: * (304 on reads, 412 on a write to
 * what exists), a stale PATCH through checkPreconditions, HEAD, and hostile validators, ranges and
 * codings answered within a bound of the server's CPU. The logic, in process: tests/plugins/.
 *
 *   npx vitest run tests/runtimes/traffic.test.ts
 *   FW_RUNTIMES=workerd npx vitest run tests/runtimes/traffic.test.ts
 */
import { createHash } from 'node:crypto'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { groupCpuTime } from '../helpers/time'
import { BIG } from './fixtures/traffic'
import { wireAnswer as raw, type WireAnswer as Raw } from './exchange'
import { runtimesFor, startServer, type Server } from './runtimes'

const START_MS = 90_000
const ENTRY = 'tests/runtimes/fixtures/traffic-server.ts'
const WORKER_ENTRY = 'tests/runtimes/fixtures/traffic-worker.ts'
/** The server's CPU for one hostile request (its process group, /proc): 10× and more over what it costs (a 64 KB answer: ~2 ms). */
const CPU_MS = 250



/** The body's text, gunzipped when it says so (on workerd, miniflare compresses at its edge by itself). */
const text = (answer: Raw): string =>
  (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString()

/** What the service answered inside the Worker (fixtures/traffic-worker.ts's `/probe/`). */
interface Probed {
  status: number
  headers: Record<string, string>
  /** the very response the endpoint rendered, its body unread */
  untouched: boolean
  /** the body the runtime is handed */
  bytes: Buffer
}

describe.each(runtimesFor(['node', 'bun', 'deno', 'workerd']))('traffic plugins over HTTP on $label', (runtime) => {
  // Workers: Cloudflare's edge (and miniflare) negotiates with the client; the Worker always sees
  // `Accept-Encoding: br, gzip`, and what goes on the wire is the edge's choice (docs/production.md).
  const edge = runtime.name === 'workerd'
  let server: Server
  const url = (path: string): string => `${server.origin}/api/${path}`
  beforeAll(async () => {
    server = await startServer(runtime, runtime.name === 'workerd' ? WORKER_ENTRY : ENTRY, START_MS)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('a 64 KB JSON answer arrives gzip-encoded, framed, with Vary and the secure headers', async () => {
    const answer = await raw(url('big'), { 'accept-encoding': 'gzip, deflate, br' })
    expect(answer.status, server.output()).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    expect(answer.headers.vary).toBe('Accept-Encoding')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(answer.headers['strict-transport-security']).toBeUndefined() // http
    expect(answer.body.byteLength).toBeLessThan(JSON.stringify(BIG).length / 4)
    expect(JSON.parse(gunzipSync(answer.body).toString())).toEqual(BIG)
    expect(answer.headers.etag).toMatch(/^W\/"[\w-]{27}"$/)
  })

  const byZlib = edge ? it.skip : it
  byZlib('a 64 KB answer is compressed in one call of zlib: framed by its Content-Length, not streamed', async () => {
    for (const coding of ['gzip', 'deflate']) {
      const answer = await raw(url('big'), { 'accept-encoding': coding })
      expect(answer.headers['content-encoding'], coding).toBe(coding)
      expect(answer.headers['transfer-encoding'], coding).toBeUndefined()
      expect(Number(answer.headers['content-length']), coding).toBe(answer.body.byteLength)
      const plain = coding === 'gzip' ? gunzipSync(answer.body) : inflateSync(answer.body)
      expect(JSON.parse(plain.toString())).toEqual(BIG)
    }
  })

  it('without Accept-Encoding: identity, a strong ETag, and If-None-Match → 304 without a body', async () => {
    const plain = await raw(url('big'))
    if (!edge) expect(plain.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(text(plain))).toEqual(BIG)
    const etag = String(plain.headers.etag)
    expect(etag).toMatch(edge ? /^W\/"[\w-]{27}"$/ : /^"[\w-]{27}"$/)
    // the same tag on every runtime: the SHA-1 of the bytes sent (node:crypto's, or Web Crypto's on Workers)
    const identity = plain.headers['content-encoding'] === 'gzip' ? gunzipSync(plain.body) : plain.body
    expect(etag.replace(/^W\//, '')).toBe(`"${createHash('sha1').update(identity).digest('base64url')}"`)
    const fresh = await raw(url('big'), { 'if-none-match': etag })
    expect(fresh.status).toBe(304)
    expect(fresh.body.byteLength).toBe(0)
    expect(fresh.headers.etag).toBe(etag)
    const head = await raw(url('big'), { 'if-none-match': etag }, 'HEAD')
    expect(head.status).toBe(304)
  })

  it('SSE, images and small answers go as they are', async () => {
    const events = await raw(url('events'), { 'accept-encoding': 'gzip' })
    expect(events.headers['content-encoding']).toBeUndefined()
    expect(text(events).match(/event: tick/g)).toHaveLength(3)
    for (const path of edge ? ['image'] : ['image', 'small']) {
      const answer = await raw(url(path), { 'accept-encoding': 'gzip' })
      expect(answer.headers['content-encoding'], path).toBeUndefined()
      expect(answer.headers.vary, path).toBe('Accept-Encoding')
    }
  })

  it('a stale write is a 412 before the method runs; the current one goes through', async () => {
    const before = JSON.parse(text(await raw(url('articles/1')))) as { version: number }
    const etag = `"v${before.version}"`
    const stale = await raw(url('articles/1'), { 'if-match': '"v0"' }, 'PUT', JSON.stringify({ title: 'lost' }))
    expect(stale.status).toBe(412)
    expect(text(stale)).toContain('PreconditionFailed')
    const ok = await raw(url('articles/1'), { 'if-match': etag }, 'PUT', JSON.stringify({ title: 'kept' }))
    expect(ok.status).toBe(200)
    expect(ok.headers.etag).toBe(`"v${before.version + 1}"`)
    const fresh = await raw(url('articles/1'), { 'if-none-match': `"v${before.version + 1}"` })
    expect(fresh.status).toBe(304)
  })

  it("br where the runtime's CompressionStream has it (Bun, Deno), else gzip", async () => {
    const answer = await raw(url('brotli/text'), { 'accept-encoding': 'br, gzip' })
    expect(answer.status).toBe(200)
    const expected = JSON.stringify('brotli where the runtime has it. '.repeat(100))
    // workerd has no brotli in CompressionStream (the Worker sends gzip); its edge re-encodes for the client
    const coding = runtime.name === 'bun' || runtime.name === 'deno' ? 'br' : edge ? answer.headers['content-encoding'] : 'gzip'
    expect(answer.headers['content-encoding']).toBe(coding)
    expect((coding === 'br' ? brotliDecompressSync(answer.body) : gunzipSync(answer.body)).toString()).toBe(expected)
  })

  it('a hostile Accept-Encoding of 10,000 entries is answered fast, never a 5xx', async () => {
    const hostile = Array.from({ length: 10_000 }, () => 'x').join(',')
    const started = performance.now()
    const { value: answer, ms } = await groupCpuTime(server.pid, () => raw(url('big'), { 'accept-encoding': `${hostile},gzip` }))
    // Node refuses a head over 16 KB itself (431); the others hand it over, and fw reads 64 entries
    expect([200, 431]).toContain(answer.status)
    if (answer.status === 200 && !edge) expect(answer.headers['content-encoding']).toBeUndefined()
    expect(performance.now() - started).toBeLessThan(2000)
    if (ms !== undefined) expect(ms).toBeLessThan(CPU_MS)
    // within Node's head limit: 1,000 entries with q-values, the last one the only known coding
    const weighted = Array.from({ length: 1000 }, (_, index) => `x${index};q=0.${index % 10}`).join(', ')
    const read = await groupCpuTime(server.pid, () => raw(url('big'), { 'accept-encoding': `${weighted}, gzip` }))
    expect(read.value.status).toBe(200)
    if (!edge) expect(read.value.headers['content-encoding']).toBeUndefined() // past the 64 entries read
    expect(JSON.parse(text(read.value))).toEqual(BIG)
    if (read.ms !== undefined) expect(read.ms).toBeLessThan(CPU_MS)
  })

  it('If-None-Match: * → 304 on GET and HEAD; a HEAD of the 200 carries the ETag and no body', async () => {
    for (const method of ['GET', 'HEAD']) {
      const any = await raw(url('big'), { 'if-none-match': '*' }, method)
      expect(any.status, method).toBe(304)
      expect(any.body.byteLength).toBe(0)
      expect(any.headers.etag).toMatch(/"[\w-]{27}"$/)
      expect(any.headers['x-content-type-options']).toBe('nosniff')
    }
    // compress() leaves a HEAD as it is (as Hono's does; RFC 9110 §9.3.2 allows it): the identity GET's headers
    const head = await raw(url('big'), {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body.byteLength).toBe(0)
    const get = await raw(url('big'))
    // (on workerd the Worker always sees `Accept-Encoding: br, gzip`: its GET's tag is the weak form)
    expect(String(get.headers.etag).replace(edge ? /^W\// : /^$/, '')).toBe(head.headers.etag)
    // the validators of a conditional route (`current`): 304 on HEAD before the method runs
    const article = await raw(url('articles/1'), {}, 'HEAD')
    expect(article.status).toBe(200)
    expect(article.body.byteLength).toBe(0)
    expect((await raw(url('articles/1'), { 'if-none-match': String(article.headers.etag) }, 'HEAD')).status).toBe(304)
  })

  it('If-None-Match: * on a write creates only what is absent (412 before the method runs)', async () => {
    const put = (id: number, headers: Record<string, string>) => raw(url(`articles/${id}`), headers, 'PUT', JSON.stringify({ title: 'taken' }))
    const before = text(await raw(url('articles/1')))
    const exists = await put(1, { 'if-none-match': '*' })
    expect(exists.status).toBe(412)
    expect(text(await raw(url('articles/1')))).toBe(before)
    const id = 1000 + Math.floor(Math.random() * 1_000_000)
    expect((await put(id, { 'if-none-match': '*' })).status).toBe(200)
    expect((await put(id, { 'if-none-match': '*' })).status).toBe(412)
    // If-Match on what does not exist: 412, nothing created
    expect((await put(id + 1, { 'if-match': '*' })).status).toBe(412)
    expect((await raw(url(`articles/${id + 1}`))).status).toBe(404)
  })

  it('a before hook with checkPreconditions: a stale PATCH is a 412 and writes nothing', async () => {
    const patch = (headers: Record<string, string>, title: string) => raw(url('notes/1'), headers, 'PATCH', JSON.stringify({ title }))
    const read = async () => JSON.parse(text(await raw(url('articles/1')))) as { title: string; version: number }
    const before = await read()
    const stalePreconditions: Record<string, string>[] = [{ 'if-match': '"v0"' }, { 'if-match': `W/"v${before.version}"` }, { 'if-unmodified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' }]
    for (const headers of stalePreconditions) {
      const stale = await patch(headers, 'lost')
      expect(stale.status, JSON.stringify(headers)).toBe(412)
      expect(text(stale)).not.toMatch(/\n\s+at /)
    }
    expect(await read()).toEqual(before)
    const ok = await patch({ 'if-match': `"v${before.version}"` }, 'kept')
    expect(ok.status).toBe(200)
    expect(await read()).toMatchObject({ title: 'kept', version: before.version + 1 })
  })

  it('hostile validators and ranges: 1,000 entity-tags, 1,000 ranges — answered fast, never a 5xx', async () => {
    const tags = Array.from({ length: 1000 }, (_, index) => `"t${index}"`).join(', ')
    const ranges = `bytes=${Array(1000).fill('0-0').join(',')}`
    const cases: [headers: Record<string, string>, method: string, status: number][] = [
      [{ 'if-none-match': tags }, 'GET', 200],
      [{ 'if-match': tags }, 'GET', 412],
      [{ 'if-match': tags }, 'PUT', 412],
      [{ range: ranges, 'accept-encoding': 'gzip' }, 'GET', 200],
      [{ 'if-modified-since': 'x'.repeat(4000) }, 'GET', 200],
    ]
    for (const [headers, method, status] of cases) {
      const started = performance.now()
      const path = method === 'PUT' ? 'articles/1' : 'big'
      const { value: answer, ms } = await groupCpuTime(server.pid, () => raw(url(path), headers, method, method === 'PUT' ? '{"title":"x"}' : undefined))
      expect(answer.status, `${method} ${Object.keys(headers).join()}`).toBe(status)
      expect(text(answer)).not.toMatch(/\n\s+at /)
      expect(performance.now() - started).toBeLessThan(2000)
      if (ms !== undefined) expect(ms).toBeLessThan(CPU_MS)
    }
  })

  /** `path` as the service answered it inside the Worker, asked with `coding` (workerd only). */
  async function probed(path: string, coding?: string, method = 'GET'): Promise<Probed> {
    const headers: Record<string, string> = { 'x-method': method }
    if (coding !== undefined) headers['x-accept-encoding'] = coding
    const answer = await raw(`${server.origin}/probe/api/${path}`, headers)
    expect(answer.status, server.output()).toBe(200)
    const seen = JSON.parse(text(answer)) as Omit<Probed, 'bytes'> & { body: string }
    return { ...seen, bytes: Buffer.from(seen.body, 'base64') }
  }

  const inWorker = edge ? it : it.skip
  inWorker("fw's answer is marked for the runtime to encode, its body handed through unread", async () => {
    const big = await probed('big', 'gzip')
    expect(big.status).toBe(200)
    expect(big.headers['content-encoding']).toBe('gzip')
    expect(big.headers['content-length']).toBeUndefined()
    expect(big.headers.vary).toBe('Accept-Encoding')
    expect(big.headers.etag).toMatch(/^W\/"[\w-]{27}"$/)
    expect(big.untouched).toBe(true)
    // encodeBody 'automatic': the runtime is handed the JSON as rendered and gzips it as it sends it
    expect(JSON.parse(big.bytes.toString())).toEqual(BIG)
    const refused = await probed('small', 'gzip, identity;q=0')
    expect(refused.headers['content-encoding']).toBe('gzip')
    expect(refused.untouched).toBe(true)
    const small = await probed('small', 'gzip')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.untouched).toBe(true)
  })

  inWorker('inside the Worker the rules hold: threshold, q-values, deflate, what is left alone', async () => {
    const cases: [path: string, coding: string | undefined, method?: string][] = [
      ['small', 'gzip'],
      ['big', undefined],
      ['big', 'identity, gzip;q=0'],
      ['big', 'gzip', 'HEAD'],
      ['image', 'gzip'],
      ['untransformed', 'gzip'],
      ['partial', 'gzip'],
      ['nothing', 'gzip'],
      ['events', 'gzip'],
      ['live', 'gzip'],
    ]
    for (const [path, coding, method] of cases) {
      const seen = await probed(path, coding, method)
      expect(seen.headers['content-encoding'], `${path} ${coding}`).toBeUndefined()
      expect(seen.headers.vary, path).toContain('Accept-Encoding')
    }
    expect(Buffer.from((await probed('events', 'gzip')).bytes).toString().match(/event: tick/g)).toHaveLength(3)
    const encoded = await probed('encoded', 'gzip')
    expect(encoded.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(encoded.bytes).toString())).toEqual(BIG)
    // workerd encodes gzip and br itself, not deflate: that goes through CompressionStream
    const deflate = await probed('big', 'gzip;q=0.4, deflate;q=0.9')
    expect(deflate.headers['content-encoding']).toBe('deflate')
    expect(deflate.untouched).toBe(false)
    expect(JSON.parse(inflateSync(deflate.bytes).toString())).toEqual(BIG)
    const tagged = await probed('tagged', 'gzip')
    expect([tagged.headers['content-encoding'], tagged.headers.etag]).toEqual(['gzip', 'W/"big-1"'])
    // br is left out where CompressionStream has no brotli (workerd): gzip, by the runtime
    const brotli = await probed('brotli/text', 'br, gzip')
    expect([brotli.headers['content-encoding'], brotli.untouched]).toEqual(['gzip', true])
  })

  const withDisk = runtime.name === 'workerd' ? it.skip : it
  withDisk("the docs page's ~3.5 MB script arrives compressed", async () => {
    const page = text(await raw(url('docs')))
    const script = /src="([^"]+\.js)"/.exec(page)?.[1]
    expect(script).toBeDefined()
    const answer = await raw(`${server.origin}${script}`, { 'accept-encoding': 'gzip' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('gzip')
    const plain = gunzipSync(answer.body)
    expect(plain.byteLength).toBeGreaterThan(3_000_000)
    expect(answer.body.byteLength).toBeLessThan(plain.byteLength / 2.5)
  })
})
