/**
 * SPEC §14 "Static files" over real HTTP on Node (both servers), Bun and Deno, against
 * tests/runtimes/fixtures/static-server.ts serving a temp directory: a large file streamed whole
 * and by range, HEAD, 304s, 416, a thousand ranges answered fast, precompressed siblings a real
 * client decodes, the app-shell fallback — and every hostile path (raw bytes on a socket, so no
 * client normalises them: encoded, double-encoded, backslashes) a quick 4xx — bounded by the
 * server's CPU time, not only the clock — that never leaks the file outside the root or a path
 * of the machine, a symlink escape included. The handler's own rows are in tests/static/serve-static.test.ts.
 *
 *   npx vitest run tests/runtimes/static.test.ts
 *   FW_RUNTIMES=bun npx vitest run tests/runtimes/static.test.ts
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { keepAlive } from '../helpers/keep-alive'
import { groupCpuTime } from '../helpers/time'
import { runtimesFor, startServer, type Server } from './runtimes'

const START_MS = 60_000
const ENTRY = 'tests/runtimes/fixtures/static-server.ts'
/**
 * A hostile request is answered within this: a hang guard (the server's own timeouts are 30 s+),
 * wide for a busy machine; a traversal is answered in a few ms on a quiet one.
 */
const FAST_MS = 5000
/**
 * The server's CPU for one hostile request (its whole process group, /proc): a traversal costs
 * ~1 ms, a thousand ranges a parse of 100 characters; 250 ms is a margin of 10× and more over
 * a runtime's own background work (a clock tick is 10 ms).
 */
const CPU_MS = 250

const base = mkdtempSync(join(tmpdir(), 'fw-static-http-'))
const root = join(base, 'public')
/** 3 MiB of a repeating pattern: more than any single read, so it must be streamed in steps. */
const LARGE = Buffer.alloc(3 * 1024 * 1024, 'fw-static-0123456789\n')
const SCRIPT = `console.log(${JSON.stringify('compressible '.repeat(200))})`

beforeAll(() => {
  mkdirSync(join(root, 'docs'), { recursive: true })
  writeFileSync(join(root, 'large.bin'), LARGE)
  writeFileSync(join(root, 'index.html'), '<h1>shell</h1>')
  writeFileSync(join(root, 'app.js'), SCRIPT)
  writeFileSync(join(root, 'app.js.br'), brotliCompressSync(SCRIPT))
  writeFileSync(join(root, 'app.js.gz'), gzipSync(SCRIPT))
  writeFileSync(join(root, '.env'), 'TOP SECRET dotfile')
  writeFileSync(join(base, 'secret.txt'), 'TOP SECRET outside')
  symlinkSync(join(base, 'secret.txt'), join(root, 'escape.txt'))
  symlinkSync(base, join(root, 'escape-dir'))
  symlinkSync('loop', join(root, 'loop'))
})
afterAll(() => rmSync(base, { recursive: true, force: true }))

describe.each(runtimesFor(['node', 'bun', 'deno']))('serveStatic over HTTP on $label', (runtime) => {
  let server: Server
  beforeAll(async () => {
    server = await startServer(runtime, ENTRY, START_MS, { STATIC_ROOT: root })
  })
  afterAll(async () => {
    await server?.stop()
  })

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${server.origin}${path}`, { method, headers, signal: AbortSignal.timeout(15_000) })

  it('a 3 MiB file, streamed whole, with its length, type, ETag and Cache-Control', async () => {
    const response = await get('/assets/large.bin')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe(String(LARGE.length))
    expect(response.headers.get('content-type')).toBe('application/octet-stream')
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/)
    // the service's secureHeaders() on the mounted files too
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(Buffer.from(await response.arrayBuffer()).equals(LARGE)).toBe(true)
    expect((await get('/api/ping')).status).toBe(200) // the API beside it
  })

  it('one range from the middle: 206 with exactly those bytes', async () => {
    const start = 1_000_000
    const end = 2_100_000
    const response = await get('/assets/large.bin', { range: `bytes=${start}-${end}` })
    expect(response.status).toBe(206)
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${LARGE.length}`)
    expect(Buffer.from(await response.arrayBuffer()).equals(LARGE.subarray(start, end + 1))).toBe(true)
  })

  it('HEAD: the length and validators of GET, no body; the connection stays usable', async () => {
    for (let round = 0; round < 3; round++) {
      const head = await get('/assets/large.bin', {}, 'HEAD')
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe(String(LARGE.length))
      expect(head.headers.get('etag')).toMatch(/^"/)
      expect(await head.text()).toBe('')
      expect(await (await get('/api/ping')).json()).toBe('pong')
    }
  })

  it('If-None-Match and If-Modified-Since: 304; a stale If-Range: the whole file; a failed If-Match: 412', async () => {
    const first = await get('/assets/index.html')
    await first.arrayBuffer()
    const etag = first.headers.get('etag') ?? ''
    const lastModified = first.headers.get('last-modified') ?? ''
    const byTag = await get('/assets/index.html', { 'if-none-match': etag })
    expect(byTag.status).toBe(304)
    expect(await byTag.text()).toBe('')
    expect((await get('/assets/index.html', { 'if-modified-since': lastModified })).status).toBe(304)
    const stale = await get('/assets/index.html', { range: 'bytes=0-2', 'if-range': '"stale"' })
    expect(stale.status).toBe(200)
    expect(await stale.text()).toBe('<h1>shell</h1>')
    const fresh = await get('/assets/index.html', { range: 'bytes=0-2', 'if-range': etag })
    expect(fresh.status).toBe(206)
    expect(await fresh.text()).toBe('<h1')
    // If-Match / If-Unmodified-Since that fail: 412, no body of the file (HEAD too)
    const failing: Record<string, string>[] = [{ 'if-match': '"stale"' }, { 'if-match': `W/${etag}` }, { 'if-unmodified-since': 'Thu, 01 Jan 2015 00:00:00 GMT' }]
    for (const method of ['GET', 'HEAD']) {
      for (const headers of failing) {
        const failed = await get('/assets/index.html', headers, method)
        expect(failed.status, `${method} ${JSON.stringify(headers)}`).toBe(412)
        expect(await failed.text()).not.toContain('shell')
      }
    }
    expect((await get('/assets/index.html', { 'if-match': etag })).status).toBe(200)
  })

  it('an unsatisfiable range: 416 with the size', async () => {
    const response = await get('/assets/index.html', { range: 'bytes=999-' })
    expect(response.status).toBe(416)
    expect(response.headers.get('content-range')).toBe('bytes */14')
    await response.arrayBuffer()
  })

  it('a thousand ranges: the whole file (200), fast', async () => {
    for (const ranges of [Array(1000).fill('0-0'), Array.from({ length: 1000 }, (_, index) => `${index * 2}-${index * 2}`)]) {
      const started = performance.now()
      const { value: response, ms } = await groupCpuTime(server.pid, async () => {
        const answer = await get('/assets/index.html', { range: `bytes=${ranges.join(',')}` })
        await answer.arrayBuffer()
        return answer
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-length')).toBe('14')
      expect(performance.now() - started).toBeLessThan(FAST_MS)
      if (ms !== undefined) expect(ms).toBeLessThan(CPU_MS)
    }
    const response = await get('/assets/large.bin', { range: `bytes=${Array(1000).fill('0-0').join(',')}` })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBe(String(LARGE.length))
    await response.body?.cancel()
  })

  it('precompressed siblings by Accept-Encoding, with Vary; a real client decodes them', async () => {
    for (const [accept, coding] of [['br', 'br'], ['gzip', 'gzip'], ['br;q=0.1, gzip', 'gzip']] as const) {
      const response = await get('/assets/app.js', { 'accept-encoding': accept })
      expect(response.status, accept).toBe(200)
      expect(response.headers.get('content-encoding'), accept).toBe(coding)
      expect(response.headers.get('vary')).toBe('accept-encoding')
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
      expect(await response.text(), accept).toBe(SCRIPT)
    }
  })

  it('the single-page-app fallback: an unknown route gets the shell, an unknown file 404', async () => {
    const route = await get('/app/users/42')
    expect(route.status).toBe(200)
    expect(await route.text()).toBe('<h1>shell</h1>')
    const missing = await get('/app/missing.css')
    expect(missing.status).toBe(404)
    await missing.arrayBuffer()
  })

  it.each([
    ['dot-dot', '/assets/../secret.txt'],
    ['encoded dot-dot', '/assets/%2e%2e/secret.txt'],
    ['mixed-case encoded dot-dot', '/assets/%2E%2e/secret.txt'],
    ['encoded slash', '/assets/..%2fsecret.txt'],
    ['encoded backslash', '/assets/..%5csecret.txt'],
    ['raw backslash', '/assets/..\\secret.txt'],
    ['double-encoded dot-dot', '/assets/%252e%252e/secret.txt'],
    ['double-encoded slash', '/assets/..%252fsecret.txt'],
    ['double-encoded backslash', '/assets/..%255csecret.txt'],
    ['overlong UTF-8 slash', '/assets/..%c0%afsecret.txt'],
    ['dot-dot past the mount, encoded', '/assets/%2e%2e/%2e%2e/secret.txt'],
    ['a file path ending with a slash', '/assets/index.html/'],
    ['NUL', '/assets/index.html%00.txt'],
    ['absolute path', `/assets/${encodeURIComponent(join(base, 'secret.txt'))}`],
    ['double slash to an absolute path', `/assets/${join(base, 'secret.txt')}`],
    ['symlink out of the root', '/assets/escape.txt'],
    ['through a symlinked directory', '/assets/escape-dir/secret.txt'],
    ['a symlink to itself', '/assets/loop'],
    ['dotfile', '/assets/.env'],
    ['the fallback never serves a file out of the root', '/app/escape-dir/secret.txt'],
  ])('%s (%s): a quick 4xx, never the file', async (_, path) => {
    const connection = await keepAlive(server.origin)
    try {
      const started = performance.now()
      const { value: answer, ms } = await groupCpuTime(server.pid, () => connection.send(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`))
      const elapsed = performance.now() - started
      expect(answer.status, `${path}: ${answer.body.toString()}`).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
      const body = answer.body.toString()
      expect(body).not.toContain('TOP SECRET')
      // no path of the machine, no stack
      expect(body).not.toContain(base)
      expect(body).not.toMatch(/\n\s+at /)
      expect(elapsed).toBeLessThan(FAST_MS)
      if (ms !== undefined) expect(ms).toBeLessThan(CPU_MS)
    } finally {
      connection.close()
    }
  })
})
