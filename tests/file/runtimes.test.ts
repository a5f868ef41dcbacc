/**
 * Uploads over real HTTP on Node (fw's server and @hono/node-server), Bun and
 * Deno (tests/file/runtimes.fixture.ts): every library's files save (arktype
 * copies them: Issue 54 #3), and a part's type is its Content-Type as sent, so
 * a `text/plain` upload passes a `text/plain` rule on every runtime (Issue 54 #5).
 *
 *   npx vitest run tests/file/runtimes.test.ts
 *   FW_RUNTIMES=bun npx vitest run tests/file/runtimes.test.ts
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { root, runtimesFor, startServer, type Server } from '../runtimes/runtimes'

const START_MS = 60_000
const REQUEST_MS = 10_000

/** A fresh directory under tests/.tmp, removed when the test ends. */
function freshDir(): string {
  mkdirSync(join(root, 'tests/.tmp'), { recursive: true })
  const dir = realpathSync(mkdtempSync(join(root, 'tests/.tmp/uploads-')))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe.each(runtimesFor(['node', 'bun', 'deno']))('uploads on $label', (runtime) => {
  let server: Server | undefined
  beforeAll(async () => {
    server = await startServer(runtime, 'tests/file/runtimes-server.ts', START_MS)
  }, START_MS + 10_000)
  afterAll(async () => {
    await server?.stop()
  }, 15_000)

  const post = (path: string, form: FormData): Promise<Response> => {
    if (!server) throw new Error(`${runtime.label}: the file fixture did not start`)
    return fetch(`${server.origin}${path}`, { method: 'POST', body: form, signal: AbortSignal.timeout(REQUEST_MS) })
  }

  it.each(['arktype', 'zod', 'valibot'])('%s: every file of a list saves', async (library) => {
    const dir = freshDir()
    const form = new FormData()
    form.append('dir', dir)
    form.append('images', new Blob(['one'], { type: 'image/png' }), 'a.png')
    form.append('images', new Blob(['two!'], { type: 'text/plain' }), 'b.txt')
    const response = await post(`/${library}`, form)
    const body = await response.text()
    expect(response.status, body).toBe(200)
    expect(JSON.parse(body)).toEqual([
      { name: 'a.png', type: 'image/png', size: 3, text: 'one', path: join(dir, 'a.png') },
      { name: 'b.txt', type: 'text/plain', size: 4, text: 'two!', path: join(dir, 'b.txt') },
    ])
    expect(readFileSync(join(dir, 'a.png'), 'utf8')).toBe('one')
    expect(readFileSync(join(dir, 'b.txt'), 'utf8')).toBe('two!')
  })

  it.each(['zodMime', 'fwMime'])('%s: a text/plain part is text/plain, and passes a text/plain rule', async (path) => {
    const form = new FormData()
    form.append('doc', new Blob(['hello'], { type: 'text/plain' }), 'doc.txt')
    const response = await post(`/${path}`, form)
    const body = await response.text()
    expect({ status: response.status, body }).toEqual({ status: 200, body: '"text/plain"' })
  })
})
