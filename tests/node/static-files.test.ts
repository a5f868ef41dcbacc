/**
 * src/node/static-files.ts: the file system as `serveStatic` reads it — fetched at call time, a
 * byte range streamed in bounded chunks (each file handle closed), a file that shrinks while sent
 * an error, not a short answer.
 */
import { mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { fileResponse, fileStream, fileSystem, type FoundFile } from '../../src/node/static-files'

const dir = mkdtempSync(join(tmpdir(), 'fw-static-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => {
  vi.unstubAllGlobals()
})
const found = (name: string, content: string | Uint8Array): FoundFile => {
  const path = join(dir, name)
  writeFileSync(path, content)
  const stat = statSync(path)
  return { path, size: stat.size, mtimeMs: stat.mtimeMs }
}

describe('fileSystem', () => {
  it('gives node:fs/promises and path where the runtime has them', () => {
    const files = fileSystem()
    expect(typeof files.fs.open).toBe('function')
    expect(files.path.join('a', 'b')).toBe('a/b')
  })

  it('says serveStatic is not for Workers where there is none', () => {
    vi.stubGlobal('process', {})
    expect(() => fileSystem()).toThrow(ImproperlyConfigured)
    expect(() => fileSystem()).toThrow(/It is not for Cloudflare Workers: serve static assets there with the assets binding/)
  })
})

describe('fileStream / fileResponse', () => {
  it('streams a byte range of a file', async () => {
    const file = found('range.txt', '0123456789')
    expect(await new Response(fileStream(fileSystem().fs, file, 2, 5)).text()).toBe('2345')
    expect(await new Response(fileStream(fileSystem().fs, file, 0, 9)).text()).toBe('0123456789')
  })

  it('streams a big file in chunks of at most 64 KiB', async () => {
    const file = found('big.bin', new Uint8Array(200 * 1024).fill(7))
    const reader = fileStream(fileSystem().fs, file, 0, file.size - 1).getReader()
    const sizes: number[] = []
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) sizes.push(chunk.value.byteLength)
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(200 * 1024)
    expect(Math.max(...sizes)).toBe(64 * 1024)
  })

  it('errors when the file shrank while sent, and when it cannot be opened', async () => {
    const file = found('shrinks.txt', 'x'.repeat(100))
    truncateSync(file.path, 10)
    await expect(new Response(fileStream(fileSystem().fs, file, 0, 99)).text()).rejects.toThrow('the file shrank while it was sent')
    await expect(new Response(fileStream(fileSystem().fs, { ...file, path: join(dir, 'missing') }, 0, 1)).text()).rejects.toThrow()
  })

  it('answers with the range held to its Content-Length', async () => {
    const file = found('answer.txt', 'hello world')
    const response = fileResponse(fileSystem(), file, { start: 6, end: 10 }, 206, new Headers({ 'content-length': '5' }))
    expect(response.status).toBe(206)
    expect(await response.text()).toBe('world')
  })
})
