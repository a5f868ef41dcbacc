/**
 * fw-api/plugins/compress in process (SPEC §14 "Compression"): negotiation by
 * Accept-Encoding q-values, what is left alone, Vary, ETags, the threshold,
 * a hostile header. Over real HTTP on every runtime: tests/runtimes/traffic.test.ts.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Fw, api } from 'fw-api'
import { Compress, compress, MAX_CODINGS, negotiate } from 'fw-api/plugins/compress'
import { BIG, service } from '../../runtimes/fixtures/traffic'
import { cpuTimeSync } from '../../helpers/time'

const get = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> =>
  Promise.resolve(service.fetch(new Request(`http://localhost/api/${path}`, { method, headers })))

/** The body of a compressed answer, decompressed with its Content-Encoding. */
async function decoded(response: Response): Promise<string> {
  const encoding = response.headers.get('content-encoding')
  const body = response.body
  if (!body) return ''
  if (!encoding) return new Response(body).text()
  return new Response(body.pipeThrough(new DecompressionStream(encoding as CompressionFormat))).text()
}

describe('negotiate (RFC 9110 §12.5.3)', () => {
  it.each([
    ['gzip, deflate, br', ['gzip', 'deflate'], 'gzip', false],
    ['deflate, gzip', ['gzip', 'deflate'], 'gzip', false], // ties: the server's order
    ['gzip;q=0.5, deflate', ['gzip', 'deflate'], 'deflate', false],
    ['gzip;q=0, *', ['gzip', 'deflate'], 'deflate', false],
    ['*;q=0.1', ['gzip'], 'gzip', false],
    ['identity;q=0', ['gzip'], undefined, true],
    ['*;q=0', ['gzip'], undefined, true],
    ['*;q=0, identity', ['gzip'], undefined, false],
    ['x-gzip', ['gzip'], 'gzip', false],
    ['GZIP;Q=1.000', ['gzip'], 'gzip', false],
    ['gzip;q=2, deflate;q=abc', ['gzip', 'deflate'], undefined, false], // malformed q-values void their entry
    ['', ['gzip'], undefined, false],
    ['br', ['gzip'], undefined, false],
  ] as const)('%j among %j → %s', (header, offered, encoding, identityRefused) => {
    expect(negotiate(header, offered)).toEqual({ encoding, identityRefused })
  })

  it('no header: nothing is compressed', () => {
    expect(negotiate(null, ['gzip']).encoding).toBeUndefined()
  })

  it(`a hostile header of 10,000 entries: read up to ${MAX_CODINGS} entries, in linear time`, () => {
    const hostile = `${Array.from({ length: 10_000 }, (_, index) => `c${index};q=0.${index % 10}`).join(', ')}, gzip`
    const { ms } = cpuTimeSync(() => {
      for (let round = 0; round < 100; round++) negotiate(hostile, ['gzip', 'deflate'])
    })
    // in CPU time: a busy machine stretches the wall clock, not the work
    expect(ms / 100, 'CPU ms a call').toBeLessThan(5)
    expect(negotiate(hostile, ['gzip']).encoding).toBeUndefined() // gzip sits past the bound
  })
})

describe('compress() on a service', () => {
  it('compresses a 64 KB JSON answer with gzip: Vary, no Content-Length, the same JSON', async () => {
    const response = await get('big', { 'accept-encoding': 'gzip, deflate, br' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('vary')).toBe('Accept-Encoding')
    expect(response.headers.has('content-length')).toBe(false)
    expect(JSON.parse(await decoded(response))).toEqual(BIG)
  })

  it('a body all there at once is compressed by one call of the runtime zlib, not streamed through CompressionStream', async () => {
    const Original = globalThis.CompressionStream
    let made = 0
    globalThis.CompressionStream = class Counted extends Original {
      constructor(format: CompressionFormat) {
        super(format)
        made++
      }
    }
    try {
      for (const coding of ['gzip', 'deflate']) {
        const response = await get('big', { 'accept-encoding': coding })
        expect(response.headers.get('content-encoding')).toBe(coding)
        expect(JSON.parse(await decoded(response))).toEqual(BIG)
      }
      expect(made).toBe(0)
      new CompressionStream('gzip') // counted: the check can fail
      expect(made).toBe(1)
    } finally {
      globalThis.CompressionStream = Original
    }
  })

  it('deflate when the request prefers it by q-value', async () => {
    const response = await get('big', { 'accept-encoding': 'gzip;q=0.4, deflate;q=0.9' })
    expect(response.headers.get('content-encoding')).toBe('deflate')
    expect(JSON.parse(await decoded(response))).toEqual(BIG)
  })

  it('a strong ETag becomes weak (the plugin order puts conditional inside)', async () => {
    const response = await get('tagged', { 'accept-encoding': 'gzip' })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('etag')).toBe('W/"big-1"')
  })

  it.each([
    ['under the threshold', 'small', {}],
    ['an image', 'image', {}],
    ['an answer already encoded', 'encoded', {}],
    ['Cache-Control: no-transform', 'untransformed', {}],
    ['a 206 (a range)', 'partial', {}],
    ['a 204', 'nothing', {}],
    ['SSE', 'events', {}],
    ['a live stream', 'live', {}],
  ])('leaves %s as it is, with Vary: Accept-Encoding', async (_, path) => {
    const response = await get(path, { 'accept-encoding': 'gzip' })
    expect(response.headers.get('vary')).toContain('Accept-Encoding')
    const encoding = response.headers.get('content-encoding')
    expect(encoding === null || path === 'encoded').toBe(true)
    if (path === 'encoded') expect(JSON.parse(await decoded(response))).toEqual(BIG)
    else await response.body?.cancel()
  })

  it('HEAD: the GET headers, not compressed, no body', async () => {
    const response = await get('big', { 'accept-encoding': 'gzip' }, 'HEAD')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.body).toBeNull()
  })

  it('no Accept-Encoding, or identity only: as it is', async () => {
    const variants: Record<string, string>[] = [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br' }]
    for (const headers of variants) {
      const response = await get('big', headers)
      expect(response.headers.get('content-encoding')).toBeNull()
      expect(JSON.parse(await response.text())).toEqual(BIG)
    }
  })

  it('identity;q=0: compressed even under the threshold', async () => {
    const response = await get('small', { 'accept-encoding': 'identity;q=0, gzip' })
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(await decoded(response))).toEqual({ ok: true })
  })

  it('the Vary of an answer is merged, not replaced', async () => {
    class VaryAPI extends api.API {
      @api.get
      list() {
        return this.respond(BIG, { headers: { vary: 'Origin' } })
      }
    }
    const varied = new Fw({ api: VaryAPI }).use(compress())
    const response = await varied.fetch(new Request('http://localhost/list', { headers: { 'accept-encoding': 'gzip' } }))
    expect(response.headers.get('vary')).toBe('Origin, Accept-Encoding')
    await response.body?.cancel()
  })

  it('a class plugin: @api.plugin(compress()) compresses that class only', async () => {
    @api.plugin(compress({ threshold: 0 }))
    class Packed extends api.API {
      @api.get
      one() {
        return 'x'.repeat(50)
      }
    }
    class Root extends api.API {
      static packed = Packed
      @api.get
      plain() {
        return 'x'.repeat(5000)
      }
    }
    const scoped = new Fw({ api: Root })
    const headers = { 'accept-encoding': 'gzip' }
    const packed = await scoped.fetch(new Request('http://localhost/packed/one', { headers }))
    expect(packed.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(await decoded(packed))).toBe('x'.repeat(50))
    const plain = await scoped.fetch(new Request('http://localhost/plain', { headers }))
    expect(plain.headers.get('content-encoding')).toBeNull()
    await plain.body?.cancel()
  })

  it("fw's answer is sized and compressed from the JSON text it rendered: its stream is never read", async () => {
    const rendered: Response[] = []
    /** innermost: sees each answer as the endpoint rendered it */
    class Rendered extends api.Plugin {
      override processResponse(response: Response): undefined {
        rendered.push(response)
      }
    }
    class SizedAPI extends api.API {
      @api.get
      big() {
        return BIG
      }

      @api.get
      small() {
        return { ok: true }
      }
    }
    const sized = new Fw({ api: SizedAPI }).use(compress()).use(new Rendered())
    const headers = { 'accept-encoding': 'gzip' }
    const big = await sized.fetch(new Request('http://localhost/big', { headers }))
    expect(big.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(await decoded(big))).toEqual(BIG)
    const small = await sized.fetch(new Request('http://localhost/small', { headers }))
    expect(small).toBe(rendered[1]) // under the threshold: the very answer, as it is
    expect(rendered.map((response) => response.bodyUsed)).toEqual([false, false])
  })

  it("fw's answers go on with their body never asked for: no stream made of it (Bun.serve sends one ~0.5 µs dearer)", async () => {
    const descriptor = Object.getOwnPropertyDescriptor(Response.prototype, 'body') as PropertyDescriptor
    const read = descriptor.get as (this: Response) => ReadableStream | null
    let reads = 0
    Object.defineProperty(Response.prototype, 'body', {
      ...descriptor,
      get(this: Response) {
        reads++
        return read.call(this)
      },
    })
    let answers: Response[]
    try {
      const headers = { 'accept-encoding': 'gzip' }
      // under the threshold, compressed from its text, not asked to be compressed
      answers = [await get('small', headers), await get('big', headers), await get('big')]
      expect(reads).toBe(0)
    } finally {
      Object.defineProperty(Response.prototype, 'body', descriptor)
    }
    expect(answers.map((answer) => answer.headers.get('content-encoding'))).toEqual([null, 'gzip', null])
    expect(JSON.parse(await decoded(answers[1] as Response))).toEqual(BIG)
  })

  it('many answers at once: each is compressed from its own text', async () => {
    class EchoAPI extends api.API {
      @api.get('{count}', { count: v.pipe(v.string(), v.transform(Number)) })
      async items({ count }: { count: number }) {
        await new Promise((resolve) => setTimeout(resolve, count % 3))
        return BIG.slice(0, count)
      }
    }
    const echo = new Fw({ api: EchoAPI }).use(compress({ threshold: 0 }))
    const counts = Array.from({ length: 24 }, (_, index) => 10 + index)
    const answers = await Promise.all(
      counts.map((count) =>
        echo.fetch(new Request(`http://localhost/${count}`, { headers: { 'accept-encoding': 'gzip' } })),
      ),
    )
    for (const [index, answer] of answers.entries()) {
      expect(answer.headers.get('content-encoding')).toBe('gzip')
      expect(JSON.parse(await decoded(answer))).toEqual(BIG.slice(0, counts[index]))
    }
  })

  it('the threshold counts the UTF-8 bytes of the text, not its length', async () => {
    class TextAPI extends api.API {
      @api.get('{count}', { count: v.pipe(v.string(), v.transform(Number)) })
      euros({ count }: { count: number }) {
        return '€'.repeat(count) // 3 bytes each, and two quotes
      }
    }
    const texts = new Fw({ api: TextAPI }).use(compress({ threshold: 1024 }))
    const coding = async (count: number) => {
      const response = await texts.fetch(new Request(`http://localhost/${count}`, { headers: { 'accept-encoding': 'gzip' } }))
      expect(JSON.parse(await decoded(response))).toBe('€'.repeat(count))
      return response.headers.get('content-encoding')
    }
    expect(await coding(340)).toBeNull() // 1022 bytes
    expect(await coding(341)).toBe('gzip') // 1025 bytes (343 units)
    expect(await coding(1100)).toBe('gzip')
    expect(await coding(100)).toBeNull()
  })

  it('is configured once: a bad threshold or coding is ImproperlyConfigured', () => {
    expect(() => compress({ threshold: -1 })).toThrow(/threshold/)
    expect(() => compress({ threshold: 1.5 })).toThrow(/threshold/)
    expect(() => compress({ encodings: ['zip' as 'gzip'] })).toThrow(/unknown coding/)
    expect(new Compress({ encodings: ['br', 'gzip'] }).encodings).toContain('gzip')
  })

  it("'br' is offered only where CompressionStream has brotli (Node 20: not)", () => {
    let brotli = true
    try {
      new CompressionStream('brotli' as CompressionFormat)
    } catch {
      brotli = false
    }
    expect(compress({ encodings: ['br', 'gzip'] }).encodings).toEqual(brotli ? ['br', 'gzip'] : ['gzip'])
    expect(() => compress({ encodings: ['br'] })).toThrow(/beside 'br'/)
  })
})
