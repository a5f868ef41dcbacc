/**
 * Sized JSON and urlencoded bodies that no framing server delivered: on Bun read as text
 * (src/body/stream-text.ts), elsewhere through the byte reader. The same cases, run by each
 * runtime (tests/body/runtimes/text-stream.ts), give the same answers, limits included.
 */
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const script = 'tests/body/runtimes/text-stream.ts'

interface Report {
  runtime: string
  results: Record<string, unknown>
  watched: { value: unknown; bodyTouched: boolean }
  http: unknown
}

function run(command: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    execFile(command, [script], { cwd: root, timeout: 90_000 }, (error, stdout, stderr) => {
      const line = stdout.split('\n').find((text) => text.startsWith('{"runtime"'))
      if (line) resolve(JSON.parse(line) as Report)
      else reject(new Error(`${command} failed: ${error?.message ?? ''}\n${stderr}`))
    })
  })
}

describe('sized bodies read as text on Bun, as bytes elsewhere', () => {
  it('Bun answers every case as Node does, limits and failures included', async () => {
    const [node, bun] = await Promise.all([run(`${root}node_modules/.bin/tsx`), run(`${root}node_modules/.bin/bun`)])
    expect(node.runtime).toBe('node')
    expect(bun.runtime).toBe('bun')
    expect(bun.results).toEqual(node.results)
    expect(node.results).toMatchObject({
      'exactly the limit': 'x'.repeat(98),
      'one over the limit, declared': '413 body exceeds 100 bytes',
      'BOM dropped': {},
      'multi-byte within, lying length': '€'.repeat(32),
      'multi-byte over, lying length': '413 body exceeds 100 bytes',
      'ASCII over, lying length': '413 body exceeds 100 bytes',
      'form multi-byte over': '413 body exceeds 50 bytes',
      'form multi-byte within': { a: 'é'.repeat(24) },
      'chunked under a lying length, cut at it': { a: 1 },
      'chunked under a lying length, split €': 'ab€',
      'invalid JSON': '400 invalid JSON body',
      'empty stream under a length': 'no body',
      'failing stream': '400 request body could not be read',
      'endless stream under a small length (1 MiB limit)': ['413 body exceeds 1048576 bytes', true],
    })
  }, 120_000)

  it('Bun never builds the byte stream of a small sized JSON body', async () => {
    const bun = await run(`${root}node_modules/.bin/bun`)
    expect(bun.watched).toEqual({ value: { a: 1 }, bodyTouched: false })
  }, 120_000)

  it('Bun over HTTP behind a handler that drops the server: sized body read, endless chunked body 413', async () => {
    const bun = await run(`${root}node_modules/.bin/bun`)
    expect(bun.http).toEqual({ sized: { name: 'Ada €' }, chunked: '413 body exceeds 1048576 bytes' })
  }, 120_000)
})
