/**
 * `serveStatic` (src/static/serve-static.ts, SPEC §14 "Static files") called as a fetch handler,
 * on a temp directory: ranges, conditional requests, precompressed siblings, index and fallback,
 * and every way out of the root (dot segments, encoded separators, NUL, symlinks) refused. The same
 * rows over real HTTP on Node, Bun and Deno are in tests/runtimes/static.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ImproperlyConfigured } from 'fw-api/exceptions'
import { serveStatic } from 'fw-api/static'
import { byteRange } from '../../src/static/ranges'
import { codingWeight, requestSegments } from '../../src/static/serve-static'
import { cpuTime } from '../helpers/time'

const base = mkdtempSync(join(tmpdir(), 'fw-static-'))
const root = join(base, 'public')
const BODY = 'abcdefghijklmnopqrstuvwxyz'
const MTIME = new Date('2026-01-02T03:04:05Z')

beforeAll(() => {
  mkdirSync(join(root, 'docs'), { recursive: true })
  mkdirSync(join(root, '.git'))
  writeFileSync(join(root, 'letters.txt'), BODY)
  utimesSync(join(root, 'letters.txt'), MTIME, MTIME)
  writeFileSync(join(root, 'index.html'), '<h1>home</h1>')
  writeFileSync(join(root, 'docs', 'index.html'), '<h1>docs</h1>')
  writeFileSync(join(root, 'app.js'), 'plain()')
  writeFileSync(join(root, 'app.js.br'), 'BROTLI')
  writeFileSync(join(root, 'app.js.gz'), 'GZIP')
  writeFileSync(join(root, 'empty.bin'), '')
  writeFileSync(join(root, '.env'), 'SECRET=1')
  writeFileSync(join(root, '.git', 'config'), 'secret')
  writeFileSync(join(base, 'secret.txt'), 'TOP SECRET')
  symlinkSync(join(base, 'secret.txt'), join(root, 'escape.txt'))
  symlinkSync(base, join(root, 'escape-dir'))
  symlinkSync(join(root, 'letters.txt'), join(root, 'alias.txt'))
})
afterAll(() => rmSync(base, { recursive: true, force: true }))

const get = (handler: (request: Request) => Promise<Response>, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  handler(new Request(`http://x${path}`, { method, headers }))

describe('serveStatic as a fetch handler', () => {
  it('serves a file with its type, length, strong ETag, Last-Modified and Cache-Control', async () => {
    const response = await get(serveStatic(root, { maxAge: '1h', immutable: true }), '/letters.txt')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(BODY)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('content-length')).toBe(String(BODY.length))
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    expect(response.headers.get('last-modified')).toBe(MTIME.toUTCString())
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600, immutable')
    expect(response.headers.get('accept-ranges')).toBe('bytes')
  })

  it('streamed, never read whole: a 1 MiB file arrives in reads of at most 64 KiB, cancelled midway', async () => {
    writeFileSync(join(root, 'big.bin'), Buffer.alloc(1024 * 1024, 7))
    const response = await get(serveStatic(root), '/big.bin')
    expect(response.headers.get('content-length')).toBe(String(1024 * 1024))
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    const first = await reader.read()
    expect(first.value?.byteLength).toBe(64 * 1024)
    await reader.cancel() // closes the file handle (no leak warning, no open descriptor)
  })

  it('HEAD: the headers of GET; its body (which servers drop unread) opens no file until read', async () => {
    const response = await get(serveStatic(root), '/letters.txt', {}, 'HEAD')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe(String(BODY.length))
    await response.body?.cancel()
  })

  it('other methods: 405 with Allow', async () => {
    const response = await get(serveStatic(root), '/letters.txt', {}, 'POST')
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD')
  })

  it('If-None-Match and If-Modified-Since: 304 without a body', async () => {
    const handler = serveStatic(root)
    const etag = (await get(handler, '/letters.txt')).headers.get('etag') ?? ''
    const byTag = await get(handler, '/letters.txt', { 'if-none-match': `"other", W/${etag}` })
    expect(byTag.status).toBe(304)
    expect(byTag.body).toBeNull()
    expect(byTag.headers.get('etag')).toBe(etag)
    expect((await get(handler, '/letters.txt', { 'if-modified-since': MTIME.toUTCString() })).status).toBe(304)
    expect((await get(handler, '/letters.txt', { 'if-modified-since': new Date(MTIME.getTime() - 5000).toUTCString() })).status).toBe(200)
    // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2)
    expect((await get(handler, '/letters.txt', { 'if-none-match': '"other"', 'if-modified-since': MTIME.toUTCString() })).status).toBe(200)
  })

  it('Range: 206 with Content-Range; suffix and open ranges; unsatisfiable → 416', async () => {
    const handler = serveStatic(root)
    const first = await get(handler, '/letters.txt', { range: 'bytes=0-4' })
    expect(first.status).toBe(206)
    expect(first.headers.get('content-range')).toBe(`bytes 0-4/${BODY.length}`)
    expect(first.headers.get('content-length')).toBe('5')
    expect(await first.text()).toBe('abcde')
    expect(await (await get(handler, '/letters.txt', { range: 'bytes=-3' })).text()).toBe('xyz')
    expect(await (await get(handler, '/letters.txt', { range: 'bytes=20-' })).text()).toBe('uvwxyz')
    const out = await get(handler, '/letters.txt', { range: 'bytes=100-200' })
    expect(out.status).toBe(416)
    expect(out.headers.get('content-range')).toBe(`bytes */${BODY.length}`)
    expect((await get(handler, '/empty.bin', { range: 'bytes=0-' })).status).toBe(416)
  })

  it('several ranges, other units or bad syntax: the whole file (200)', async () => {
    const handler = serveStatic(root)
    for (const range of ['bytes=0-0,2-3', 'items=0-1', 'bytes=5-1', 'bytes=abc', `bytes=${'0-0,'.repeat(1000)}0-0`]) {
      const response = await get(handler, '/letters.txt', { range })
      expect(response.status, range.slice(0, 30)).toBe(200)
      expect(await response.text()).toBe(BODY)
    }
  })

  it('If-Range: the range applies only while the validator still matches', async () => {
    const handler = serveStatic(root)
    const etag = (await get(handler, '/letters.txt')).headers.get('etag') ?? ''
    expect((await get(handler, '/letters.txt', { range: 'bytes=0-1', 'if-range': etag })).status).toBe(206)
    expect((await get(handler, '/letters.txt', { range: 'bytes=0-1', 'if-range': MTIME.toUTCString() })).status).toBe(206)
    const stale = await get(handler, '/letters.txt', { range: 'bytes=0-1', 'if-range': '"stale"' })
    expect(stale.status).toBe(200)
    expect(await stale.text()).toBe(BODY)
  })

  it('precompressed siblings by Accept-Encoding (q-values), with Vary and their own ETag', async () => {
    const handler = serveStatic(root, { precompressed: true })
    const br = await get(handler, '/app.js', { 'accept-encoding': 'gzip, br' })
    expect(await br.text()).toBe('BROTLI')
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(br.headers.get('vary')).toBe('accept-encoding')
    const gzip = await get(handler, '/app.js', { 'accept-encoding': 'br;q=0.5, gzip' })
    expect(await gzip.text()).toBe('GZIP')
    expect(gzip.headers.get('etag')).not.toBe(br.headers.get('etag'))
    const none = await get(handler, '/app.js', { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(await none.text()).toBe('plain()')
    expect(none.headers.get('content-encoding')).toBeNull()
    expect(none.headers.get('vary')).toBe('accept-encoding')
    expect(await (await get(serveStatic(root), '/app.js', { 'accept-encoding': 'br' })).text()).toBe('plain()')
  })

  it('a directory answers with its index; index: false makes it 404', async () => {
    expect(await (await get(serveStatic(root), '/')).text()).toBe('<h1>home</h1>')
    const docs = await get(serveStatic(root), '/docs/')
    expect(await docs.text()).toBe('<h1>docs</h1>')
    expect(docs.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect((await get(serveStatic(root, { index: false }), '/docs')).status).toBe(404)
  })

  it('a file path ending with / is no file: 404 (a page served there would resolve its relative links under it)', async () => {
    for (const path of ['/index.html/', '/docs/index.html/', '/app.js/'])
      expect((await get(serveStatic(root, { fallback: 'index.html' }), path)).status, path).toBe(404)
    expect(await (await get(serveStatic(root), '/docs/')).text()).toBe('<h1>docs</h1>')
  })

  it('fallback: a missing path without an extension gets the app shell; a missing file is 404', async () => {
    const handler = serveStatic(root, { fallback: 'index.html' })
    const route = await get(handler, '/users/42')
    expect(route.status).toBe(200)
    expect(await route.text()).toBe('<h1>home</h1>')
    expect((await get(handler, '/missing.png')).status).toBe(404)
    expect((await get(serveStatic(root), '/users/42')).status).toBe(404)
  })

  it('a symlink inside the root to a file inside it is served', async () => {
    expect(await (await get(serveStatic(root), '/alias.txt')).text()).toBe(BODY)
  })

  it.each([
    ['a symlink out of the root', '/escape.txt', 404],
    ['a file through a symlinked directory out of the root', '/escape-dir/secret.txt', 404],
    ['a dotfile', '/.env', 404],
    ['a file in a dot-directory', '/.git/config', 404],
    ['an encoded dot-dot', '/%2e%2e/secret.txt', 404], // URL parsing resolves it: outside the handler's root path
    ['an encoded slash', '/..%2fsecret.txt', 400],
    ['an encoded backslash', '/..%5csecret.txt', 400],
    ['a NUL', '/letters.txt%00.png', 400],
    ['a malformed escape', '/%E0%A4%A', 400],
    ['an absolute path', `/${encodeURIComponent(join(base, 'secret.txt'))}`, 400],
  ])('%s (%s): %s, never the file', async (_, path, status) => {
    // a hang guard in CPU time (a busy machine stretches the wall clock, not the work)
    const { value: response, ms } = await cpuTime(() => get(serveStatic(root), path))
    const body = await response.text()
    expect(response.status, body).toBe(status)
    expect(body).not.toContain('SECRET')
    expect(body).not.toContain('secret')
    expect(ms, 'CPU ms (a hang guard)').toBeLessThan(500)
  })

  it('the dotfiles option serves them', async () => {
    expect(await (await get(serveStatic(root, { dotfiles: true }), '/.env')).text()).toBe('SECRET=1')
  })

  it('a root that is missing, an index or fallback outside it: ImproperlyConfigured', () => {
    expect(() => serveStatic(join(base, 'nope'))).toThrow(ImproperlyConfigured)
    expect(() => serveStatic(join(root, 'letters.txt'))).toThrow(ImproperlyConfigured)
    expect(() => serveStatic(root, { fallback: '../secret.txt' })).toThrow(ImproperlyConfigured)
    expect(() => serveStatic(root, { index: '/etc/passwd' })).toThrow(ImproperlyConfigured)
    expect(() => serveStatic(root, { maxAge: 'forever' })).toThrow(ImproperlyConfigured)
  })
})

describe('serveStatic on a runtime without a file system (Cloudflare Workers)', () => {
  it('throws ImproperlyConfigured pointing at the assets binding', () => {
    const spy = vi.spyOn(process, 'getBuiltinModule').mockImplementation(() => undefined as never)
    try {
      expect(() => serveStatic(root)).toThrow(ImproperlyConfigured)
      expect(() => serveStatic(root)).toThrow(/not for Cloudflare Workers.*assets binding/)
    } finally {
      spy.mockRestore()
    }
  })
})

describe('the pieces', () => {
  it('byteRange', () => {
    expect(byteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 })
    expect(byteRange('bytes=990-2000', 1000)).toEqual({ start: 990, end: 999 })
    expect(byteRange('bytes=-2000', 1000)).toEqual({ start: 0, end: 999 })
    expect(byteRange('bytes=-0', 1000)).toBe('unsatisfiable')
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable')
    expect(byteRange('bytes=-', 1000)).toBeUndefined()
  })
  it('codingWeight', () => {
    expect(codingWeight('gzip;q=0.5, br', 'gzip')).toBe(0.5)
    expect(codingWeight('*;q=0.2', 'br')).toBe(0.2)
    expect(codingWeight('identity', 'br')).toBe(0)
  })
  it('requestSegments', () => {
    expect(requestSegments('/css//site.css', false)).toEqual(['css', 'site.css'])
    expect(typeof requestSegments('/a/%2e%2e/b', false)).toBe('symbol')
  })
})
