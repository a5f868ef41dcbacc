/**
 * Runtime conformance: the same HTTP cases (cases.ts) against the example
 * service in-process (`service.fetch`, no server) and served by Node, Bun,
 * Deno and workerd over real HTTP on 127.0.0.1 (h3's describeMatrix idea).
 * One `describe` per transport, so a failure names it.
 *
 *   npx vitest run tests/runtimes                    # all four
 *   FW_RUNTIMES=deno npx vitest run tests/runtimes   # one
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { earlyAnswer } from '../helpers/http'
import { cases, type Case, type Expected, type FormPart } from './cases'
import { hookCases } from './cases-hooks'
import { root, runtimes, startServer, type Server } from './runtimes'

const START_MS = 60_000 // cold Deno/workerd starts on a slow CI box take a few seconds; bound them anyway
const REQUEST_MS = 10_000

/** RegExp → `expect.stringMatching`, recursively, so cases.ts can stay plain data. */
function matchers(value: unknown): unknown {
  if (value instanceof RegExp) return expect.stringMatching(value)
  if (Array.isArray(value)) return value.map(matchers)
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, matchers(item)]))
  return value
}

function formData(parts: [string, FormPart][]): FormData {
  const form = new FormData()
  for (const [key, part] of parts) {
    if (typeof part === 'string') form.append(key, part)
    else form.append(key, new Blob([part.name], { type: part.type ?? 'application/octet-stream' }), part.file)
  }
  return form
}

/** `bytes` as a stream of 16 KiB chunks: fetch then sends it chunked, with no Content-Length. */
function stream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close()
      controller.enqueue(bytes.subarray(offset, (offset += 16 * 1024)))
    },
  })
}

/** undici's RequestInit plus `duplex`, which it requires for a stream body. */
type StreamingInit = RequestInit & { duplex?: 'half' }

function requestInit(c: Case): StreamingInit {
  const headers = new Headers(c.headers)
  let body: BodyInit | undefined
  if (c.json !== undefined) {
    body = JSON.stringify(c.json)
    headers.set('content-type', 'application/json')
  } else if (c.form) body = formData(c.form)
  else if (c.chunked && c.body !== undefined) body = stream(typeof c.body === 'string' ? new TextEncoder().encode(c.body) : c.body)
  else body = c.body
  const init: StreamingInit = { method: c.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_MS) }
  if (c.chunked) init.duplex = 'half'
  return init
}

/**
 * Send a case. A 413/415 is answered before the body is read; the server then
 * closes with request bytes unread and the kernel resets the connection, which
 * fetch (undici, still writing the body) reports as `write ECONNRESET` even
 * when the answer has arrived. Over HTTP those cases therefore go through
 * `earlyAnswer` (tests/helpers/http.ts), which always reads the answer first.
 */
async function send(origin: string, c: Case, transport?: typeof fetch): Promise<Response> {
  if (transport) return transport(origin + c.path, requestInit(c))
  const early = c.expect.status === 413 || c.expect.status === 415
  if (!early) return fetch(origin + c.path, requestInit(c))
  return earlyAnswer(new Request(origin + c.path, requestInit(c)), { chunked: c.chunked === true, timeoutMs: REQUEST_MS })
}

async function expectResponse(response: Response, expected: Expected, where: string): Promise<void> {
  const text = await response.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: compare as text
  }
  const names = Object.keys(expected.headers ?? {})
  const headers = Object.fromEntries(names.map((name) => [name, response.headers.get(name)]))
  // Status and headers first, with the body in the message: the most useful line when a runtime differs.
  expect({ status: response.status, headers }, `${where} answered: ${text.slice(0, 500)}`).toEqual({
    status: expected.status,
    headers: matchers(expected.headers ?? {}),
  })
  if (expected.json !== undefined) expect(body, where).toEqual(expected.json)
  if (expected.like !== undefined) expect(body, where).toMatchObject(matchers(expected.like) as Record<string, unknown>)
  if (expected.text !== undefined) expect(text, where).toBe(expected.text)
}

describe('in-process (service.fetch)', () => {
  // The service examples/server.ts serves, called directly: what every runtime below must match.
  const inProcess = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const { service } = await import('../../examples/app')
    return service.fetch(new Request(url, init))
  }
  it.each([...cases, ...hookCases])('$method $path: $name', async (c) => {
    const response = await send('http://in.process', c, inProcess)
    await expectResponse(response, c.expect, `in-process ${c.method} ${c.path}`)
  })
})

describe.each(runtimes)('runtime $label', (runtime) => {
  let example: Server | undefined
  let saver: Server | undefined

  beforeAll(async () => {
    // Both servers start in parallel; allSettled so one failure still lets afterAll stop the other.
    const [a, b] = await Promise.allSettled([startServer(runtime, runtime.example, START_MS), startServer(runtime, runtime.saveFixture, START_MS)])
    if (a.status === 'fulfilled') example = a.value
    if (b.status === 'fulfilled') saver = b.value
    if (a.status === 'rejected') throw a.reason
    if (b.status === 'rejected') throw b.reason
  }, START_MS + 10_000)

  afterAll(async () => {
    await Promise.all([example?.stop(), saver?.stop()])
  }, 15_000)

  it.each([...cases, ...hookCases])('$method $path: $name', async (c) => {
    const origin = example?.origin
    if (!origin) throw new Error(`${runtime.name}: the example server did not start`)
    const response = await send(origin, c)
    await expectResponse(response, c.expect, `${runtime.name} ${c.method} ${c.path}`)
  })

  it('file.save(): writes on a file system, fails clearly on Workers', async () => {
    if (!saver) throw new Error(`${runtime.name}: the save fixture did not start`)
    mkdirSync(join(root, 'tests/.tmp'), { recursive: true })
    const dir = mkdtempSync(join(root, 'tests/.tmp/save-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const form = formData([
      ['dir', dir],
      ['name', '../escape.txt'], // reduced to a safe base name inside dir
      ['upload', { file: 'a.txt', name: 'hello', type: 'text/plain' }],
    ])
    const response = await fetch(`${saver.origin}/save`, { method: 'POST', body: form, signal: AbortSignal.timeout(REQUEST_MS) })
    const where = `${runtime.name} POST /save`
    if (runtime.name === 'workerd') {
      await expectResponse(response, { status: 500, like: { detail: /file\.save\(\) needs a file system/ } }, where)
      return
    }
    const target = join(realpathSync(dir), 'escape.txt')
    await expectResponse(response, { status: 200, json: { path: target } }, where)
    expect(readFileSync(target, 'utf8')).toBe('hello')
  })
})
