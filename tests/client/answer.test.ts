/**
 * And SPEC §9.1 "the client is safe and exact": an answer is
 * read up to `maxBytes` (default 10 MiB) and no further — a real server
 * streaming 100 MB lazily is cut off quickly with bounded memory, a
 * Content-Length over the bound is refused unread; non-JSON under a JSON
 * content type is a ClientError; a declared Blob result is a Blob whatever
 * its content type; `.raw(input)` gives the whole answer.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import type { ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, createClient, type Client } from 'fw-api/client'
import type { RunningServer } from 'fw-api'
import { recorder, service, type Recorder, type SafetyAPI } from './safety'

const HUGE = 100 * 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, 0x20) // JSON whitespace
let written = 0
let closedEarly = false

/** Write `HUGE` bytes as the socket takes them (nothing is produced ahead of the reader). */
function stream(res: ServerResponse, declareLength: boolean): void {
  written = 0
  closedEarly = false
  res.writeHead(200, { 'content-type': 'application/json', ...(declareLength ? { 'content-length': String(HUGE) } : {}) })
  res.on('close', () => (closedEarly = written < HUGE))
  const pump = (): void => {
    while (written < HUGE && !res.destroyed) {
      written += CHUNK.length
      if (!res.write(CHUNK)) return void res.once('drain', pump)
    }
    if (!res.destroyed) res.end()
  }
  pump()
}

const answers: Record<string, (res: ServerResponse) => void> = {
  '/api/hop/file/huge': (res) => stream(res, false),
  '/api/hop/file/huge-declared': (res) => stream(res, true),
  '/api/hop/file/two-kb': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: 'x'.repeat(2000), msg: '' })),
  '/api/hop/file/not-json': (res) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('<html>an error page</html>'),
  '/api/hop/file/not-vendor-json': (res) => res.writeHead(200, { 'content-type': 'application/vnd.api+json' }).end('{"data": '),
  '/api/hop/file/empty-json': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(),
  '/api/hop/file/failed-not-json': (res) => res.writeHead(502, { 'content-type': 'application/json' }).end('Bad Gateway'),
}

let other: Recorder
let server: RunningServer
let remote: Client<typeof SafetyAPI>
let client: Client<typeof SafetyAPI>

beforeAll(async () => {
  other = await recorder((req, res) => {
    const answer = answers[req.url ?? '']
    if (answer) answer(res)
    else res.writeHead(404).end()
  })
  remote = createClient<typeof SafetyAPI>({ baseURL: other.origin, document: service.openapi() })
  server = await service.run({ port: 0, host: '127.0.0.1' })
  client = createClient<typeof SafetyAPI>({ baseURL: `http://127.0.0.1:${server.port}`, document: service.openapi() })
})
afterAll(async () => {
  await other?.close()
  await server?.close()
})

/** Settle `call`, sampling this process's RSS meanwhile: the outcome and the peak growth in MB. */
async function measured(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number; rssMB: number }> {
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
  const started = Date.now()
  const error = await call().then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  const ms = Date.now() - started
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  return { error, ms, rssMB: (peak - baseline) / 1024 / 1024 }
}

describe('the answer is bounded by maxBytes (default 10 MiB)', () => {
  it('100 MB streamed without a length: cut off past 10 MiB, quickly, memory bounded, the stream cancelled', async () => {
    const { error, ms, rssMB } = await measured(() => remote.hop.file({ path: 'huge' }))
    expect(error).toBeInstanceOf(ClientError)
    expect((error as ClientError).status).toBe(200)
    expect((error as ClientError).message).toMatch(/larger than maxBytes \(10485760 bytes\)/)
    expect(ms).toBeLessThan(30_000)
    expect(rssMB).toBeLessThan(80)
    await expect.poll(() => closedEarly, { timeout: 5000 }).toBe(true)
    expect(written).toBeLessThan(HUGE / 2)
    console.info(`D8: 100 MB stream refused after ${ms} ms, peak RSS +${rssMB.toFixed(1)} MB, server wrote ${(written / 1024 / 1024).toFixed(1)} MB`)
  }, 60_000)

  it('a Content-Length over the bound is refused without reading', async () => {
    const { error, ms, rssMB } = await measured(() => remote.hop.file({ path: 'huge-declared' }))
    expect(error).toBeInstanceOf(ClientError)
    expect((error as ClientError).message).toContain(`Content-Length ${HUGE}`)
    expect(ms).toBeLessThan(5000)
    expect(rssMB).toBeLessThan(40)
    await expect.poll(() => closedEarly, { timeout: 5000 }).toBe(true)
    expect(written).toBeLessThan(HUGE / 2)
  })

  it('maxBytes on createClient and per call', async () => {
    const small = createClient<typeof SafetyAPI>({ baseURL: other.origin, document: service.openapi(), maxBytes: 1000 })
    await expect(small.hop.file({ path: 'two-kb' })).rejects.toMatchObject({ name: 'ClientError', message: expect.stringMatching(/maxBytes \(1000 bytes\)/) })
    expect(await small.hop.file({ path: 'two-kb' }, { maxBytes: 5000 })).toHaveLength(2000)
    await expect(remote.hop.file({ path: 'two-kb' }, { maxBytes: 100 })).rejects.toBeInstanceOf(ClientError)
    expect(await remote.hop.file({ path: 'two-kb' })).toHaveLength(2000)
    expect(() => createClient<typeof SafetyAPI>({ baseURL: other.origin, maxBytes: Number.NaN })).toThrow(/maxBytes must be a number of bytes ≥ 0/)
    await expect(remote.hop.file({ path: 'two-kb' }, { maxBytes: -1 })).rejects.toThrow(/maxBytes must be/)
  })
})

describe('a JSON content type holds JSON', () => {
  it.each(['not-json', 'not-vendor-json', 'empty-json'])('%s: a ClientError, not a resolved string', async (path) => {
    const error = await remote.hop.file({ path }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(ClientError)
    expect((error as ClientError).status).toBe(200)
    expect((error as ClientError).message).toMatch(/is not JSON although its content type is application\/(json|vnd\.api\+json)$/)
  })

  it('a failure whose body is not JSON keeps its status and text', async () => {
    await expect(remote.hop.file({ path: 'failed-not-json' })).rejects.toMatchObject({ name: 'ClientError', status: 502, message: 'Bad Gateway' })
  })
})

describe('exact results', () => {
  it('a declared Blob result is a Blob whatever its content type', async () => {
    const blob = await client.hop.blob()
    expect(blob).toBeInstanceOf(Blob)
    expect(blob.type).toBe('application/json')
    expect(await blob.text()).toBe('{"looks":"like json"}')
  })

  it('.raw(input) resolves to { result, count, state, status, headers }', async () => {
    const answer = await client.hop.page.raw()
    expect(answer).toMatchObject({ result: ['a', 'b'], count: 7, state: 'ok', status: 200 })
    expect(answer.headers).toBeInstanceOf(Headers)
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await client.hop.item.raw({ slug: 'one' })).toMatchObject({ result: 'one', count: null, state: null, status: 200 })
    expect(await client.hop.page()).toEqual(['a', 'b'])
  })
})
