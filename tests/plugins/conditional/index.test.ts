/**
 * fw-api/plugins/conditional in process (SPEC §14 "Conditional requests",
 * RFC 9110 §13): ETags from the bytes or the handler's own, 304 without a
 * body, 412 before a write runs (`current`, and `checkPreconditions` in a
 * before hook), HEAD, the OpenAPI document, hostile lists.
 * Over real HTTP on every runtime: tests/runtimes/traffic.test.ts.
 */
import { validate } from '@readme/openapi-parser'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Fw, api } from 'fw-api'
import { MAX_TAGS, conditional, evaluate } from 'fw-api/plugins/conditional'
import { bytesTag, nativeSha1 } from '../../../src/plugins/conditional/etag'
import { utf8Length } from '../../../src/utils/bytes'
import { BIG, resetArticles, service } from '../../runtimes/fixtures/traffic'
import { cpuTimeSync } from '../../helpers/time'

const send = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Response> =>
  Promise.resolve(
    service.fetch(
      new Request(`http://localhost/api/${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    ),
  )

beforeEach(resetArticles)

describe('evaluate (RFC 9110 §13.2.2)', () => {
  const current = { etag: '"v1"', lastModified: new Date('2026-01-01T00:00:00Z') }
  const at = (headers: Record<string, string>, method = 'GET', validators: typeof current | null = current) =>
    evaluate(new Headers(headers), method, validators ?? undefined)
  it.each([
    [{ 'if-none-match': '"v1"' }, 'GET', 304],
    [{ 'if-none-match': 'W/"v1"' }, 'GET', 304], // weak comparison
    [{ 'if-none-match': '"v0", "v1"' }, 'HEAD', 304],
    [{ 'if-none-match': '*' }, 'GET', 304],
    [{ 'if-none-match': '"v2"' }, 'GET', 'proceed'],
    [{ 'if-none-match': '"v1"' }, 'PUT', 412],
    [{ 'if-match': '"v1"' }, 'PUT', 'proceed'],
    [{ 'if-match': 'W/"v1"' }, 'PUT', 412], // strong comparison
    [{ 'if-match': '"v0"' }, 'PUT', 412],
    [{ 'if-match': '*' }, 'PUT', 'proceed'],
    [{ 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' }, 'GET', 304],
    [{ 'if-modified-since': 'Wed, 31 Dec 2025 23:59:59 GMT' }, 'GET', 'proceed'],
    [{ 'if-modified-since': 'not a date' }, 'GET', 'proceed'],
    [{ 'if-none-match': '"v2"', 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' }, 'GET', 'proceed'], // INM wins
    [{ 'if-unmodified-since': 'Wed, 31 Dec 2025 23:59:59 GMT' }, 'PUT', 412],
    [{ 'if-unmodified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' }, 'PUT', 'proceed'],
    [{ 'if-match': '"v1"', 'if-unmodified-since': 'Wed, 31 Dec 2025 23:59:59 GMT' }, 'PUT', 'proceed'], // IM wins
  ])('%j on %s → %s', (headers, method, outcome) => {
    expect(at(headers, method)).toBe(outcome)
  })

  it('no current representation: If-Match fails, If-None-Match: * passes', () => {
    expect(at({ 'if-match': '*' }, 'PUT', null)).toBe(412)
    expect(at({ 'if-none-match': '*' }, 'PUT', null)).toBe('proceed')
  })

  it(`a hostile list of 100,000 tags: at most ${MAX_TAGS} compared, in linear time`, () => {
    const list = `${Array.from({ length: 100_000 }, (_, index) => `"t${index}"`).join(', ')}, "v1"`
    // "v1" sits past MAX_TAGS: the outcomes prove the cap. The time is a hang guard, in CPU time
    // (a busy machine's wall clock missed a 200 ms bound): ~5 ms here (~25 ms cold, most of it the
    // Headers of a 0.9 MB value); a list rescanned from its start for each tag takes minutes.
    const { ms } = cpuTimeSync(() => {
      expect(at({ 'if-none-match': list })).toBe('proceed')
      expect(at({ 'if-match': list }, 'PUT')).toBe(412)
    })
    expect(ms, 'CPU ms (a hang guard)').toBeLessThan(1000)
  })
})

describe('conditional() on GET/HEAD', () => {
  it('a strong ETag from the bytes; If-None-Match with it → 304 without a body, headers kept', async () => {
    const first = await send('GET', 'big')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    expect(JSON.parse(await first.text())).toEqual(BIG)
    const again = await send('GET', 'big', { 'if-none-match': `"other", ${etag}` })
    expect(again.status).toBe(304)
    expect(again.body).toBeNull()
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('vary')).toBe('Accept-Encoding')
    expect(again.headers.get('x-content-type-options')).toBe('nosniff')
    expect(again.headers.has('content-type')).toBe(false)
  })

  it("the ETag is the bytes' SHA-1 (base64url), hashed by the runtime's node:crypto at once, not by Web Crypto", async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest')
    try {
      const first = await send('GET', 'big')
      const bytes = new Uint8Array(await first.arrayBuffer())
      expect(digest).not.toHaveBeenCalled()
      const sha1 = new Uint8Array(await crypto.subtle.digest('SHA-1', bytes))
      const expected = btoa(String.fromCharCode(...sha1)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
      expect(first.headers.get('etag')).toBe(`"${expected}"`)
    } finally {
      digest.mockRestore()
    }
  })

  it('a body held as a string is hashed as its UTF-8: the same tag as its bytes (non-ASCII, pairs, lone surrogates)', async () => {
    const sha1 = nativeSha1()
    for (const text of ['{"a":1}', 'café – 日本 😀', `lone ${'\ud800'} high, lone ${'\udc00'} low, end ${'\ud83d'}`]) {
      const bytes = new TextEncoder().encode(text)
      expect(utf8Length(text)).toBe(bytes.byteLength)
      const fromBytes = await bytesTag(bytes, undefined) // Web Crypto
      expect(bytesTag(text, sha1)).toBe(fromBytes)
      expect(await bytesTag(text, undefined)).toBe(fromBytes)
    }
  })

  it('the same bytes, the same ETag; a compressed answer carries it weak, and its weak form still matches', async () => {
    const plain = (await send('GET', 'big')).headers.get('etag')
    const gzipped = await send('GET', 'big', { 'accept-encoding': 'gzip' })
    expect(gzipped.headers.get('etag')).toBe(`W/${plain}`)
    await gzipped.body?.cancel()
    const revalidated = await send('GET', 'big', { 'accept-encoding': 'gzip', 'if-none-match': `W/${plain}` })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('etag')).toBe(`W/${plain}`)
  })

  it("HEAD gets the GET's ETag and its 304", async () => {
    const etag = (await send('GET', 'big')).headers.get('etag')
    const head = await send('HEAD', 'big')
    expect(head.headers.get('etag')).toBe(etag)
    expect((await send('HEAD', 'big', { 'if-none-match': etag ?? '' })).status).toBe(304)
  })

  it("the handler's own ETag and Last-Modified are kept and used", async () => {
    const response = await send('GET', 'articles/1')
    expect(response.headers.get('etag')).toBe('"v1"')
    expect(response.headers.get('last-modified')).toBe('Thu, 01 Jan 2026 00:00:00 GMT')
    expect((await send('GET', 'articles/1', { 'if-none-match': '"v1"' })).status).toBe(304)
    expect((await send('GET', 'articles/1', { 'if-modified-since': 'Thu, 01 Jan 2026 00:00:00 GMT' })).status).toBe(304)
    expect((await send('GET', 'articles/1', { 'if-modified-since': 'Wed, 31 Dec 2025 00:00:00 GMT' })).status).toBe(200)
  })

  it('If-Match on a GET that fails → 412 in the route’s error format', async () => {
    const response = await send('GET', 'tagged', { 'if-match': '"nope"' })
    expect(response.status).toBe(412)
    expect(await response.text()).toContain('PreconditionFailed')
  })

  it('live streams, SSE and errors get no ETag and are never held', async () => {
    for (const path of ['live', 'events']) {
      const response = await send('GET', path)
      expect(response.headers.has('etag'), path).toBe(false)
      await response.body?.cancel()
    }
    expect((await send('GET', 'articles/9')).headers.has('etag')).toBe(false)
  })

  it('bodies over maxBytes get no ETag', async () => {
    class Big extends api.API {
      @api.get
      list() {
        return BIG
      }
    }
    const bounded = new Fw({ api: Big }).use(conditional({ maxBytes: 1000 }))
    const response = await bounded.fetch(new Request('http://localhost/list'))
    expect(response.headers.has('etag')).toBe(false)
    expect(JSON.parse(await response.text())).toEqual(BIG)
  })
})

describe('conditional() on writes: 412 before the method runs', () => {
  it('PUT with the current ETag succeeds; with a stale one → 412 and nothing changes', async () => {
    const ok = await send('PUT', 'articles/1', { 'if-match': '"v1"' }, { title: 'second' })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('etag')).toBe('"v2"')
    const stale = await send('PUT', 'articles/1', { 'if-match': '"v1"' }, { title: 'lost update' })
    expect(stale.status).toBe(412)
    expect(await stale.text()).toContain('PreconditionFailed')
    expect(JSON.parse(await (await send('GET', 'articles/1')).text())).toMatchObject({ title: 'second' })
  })

  it('If-Unmodified-Since older than updatedAt → 412; If-None-Match: * creates only when absent', async () => {
    expect((await send('PUT', 'articles/1', { 'if-unmodified-since': 'Wed, 31 Dec 2025 00:00:00 GMT' }, { title: 'x' })).status).toBe(412)
    expect((await send('PUT', 'articles/1', { 'if-none-match': '*' }, { title: 'x' })).status).toBe(412)
    expect((await send('PUT', 'articles/2', { 'if-none-match': '*' }, { title: 'new' })).status).toBe(200)
    expect((await send('PUT', 'articles/3', { 'if-match': '*' }, { title: 'new' })).status).toBe(412)
  })

  it('checkPreconditions in a before hook (the ORM form): 412 for a stale version', async () => {
    expect((await send('PATCH', 'notes/1', { 'if-match': '"v0"' }, { title: 'x' })).status).toBe(412)
    const renamed = await send('PATCH', 'notes/1', { 'if-match': '"v1"' }, { title: 'renamed' })
    expect(renamed.status).toBe(200)
    expect(JSON.parse(await renamed.text())).toEqual({ title: 'renamed', version: 2 })
  })

  it('a fresh GET cache is answered 304 by `current` before the method runs', async () => {
    const response = await send('GET', 'articles/1', { 'if-none-match': '"v1"' })
    expect(response.status).toBe(304)
    expect(response.headers.get('etag')).toBe('"v1"')
  })
})

describe('the OpenAPI document', () => {
  it('lists 304 (no content) on GET routes and 412 on the writes `current` covers', () => {
    const document = service.openapi() as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content?: unknown; headers?: Record<string, unknown> }> }>> }
    const get = document.paths['/api/big']?.get?.responses
    expect(get?.['304']?.content).toBeUndefined()
    expect(Object.keys(get?.['304']?.headers ?? {})).toContain('etag')
    const put = document.paths['/api/articles/{id}']?.put?.responses
    expect(put?.['412']).toBeDefined()
    expect(put?.['304']).toBeUndefined()
  })

  it('stays a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(service.openapi()) as never)
    expect(result.valid, JSON.stringify(result)).toBe(true)
  })
})
