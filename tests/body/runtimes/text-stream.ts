/**
 * The sized-body cases of the text reader (src/body/stream-text.ts), run by
 * tests/body/stream-text.test.ts on Node (bytes read) and on Bun (text read):
 * each case prints its answer (value or status); both runtimes must agree.
 * Also says whether `request.body` was touched for a small sized JSON body,
 * and serves the same reader over real HTTP behind a handler that drops the
 * server (so the body is not framed). Prints one JSON line.
 */
import { defaultLimits, readBody, type Limits } from '../../../src/body/index'
import { HttpError } from '../../../src/exceptions/index'

const JSON_TYPE = { 'content-type': 'application/json' }
const FORM_TYPE = { 'content-type': 'application/x-www-form-urlencoded' }
const small: Limits = { ...defaultLimits, bodyBytes: 100, formBytes: 50 }
const encoder = new TextEncoder()

const post = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string>): Request =>
  new Request('http://test.local/', { method: 'POST', body, headers })
const sized = (body: string, type = JSON_TYPE, length = encoder.encode(body).byteLength): Request =>
  post(body, { ...type, 'content-length': String(length) })

function streamed(chunks: Uint8Array<ArrayBuffer>[], length: string, forever = false): Request {
  let index = 0
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      const chunk = forever ? new Uint8Array(64 * 1024).fill(0x20) : chunks[index++]
      if (chunk === undefined) controller.close()
      else controller.enqueue(chunk)
    },
  })
  const init = { method: 'POST', body: stream, headers: { ...JSON_TYPE, 'content-length': length }, duplex: 'half' }
  return new Request('http://test.local/', init as RequestInit)
}

async function answer(request: Request, accept: 'json' | 'form' = 'json', limits = small): Promise<unknown> {
  try {
    return (await readBody(request, { accept }, limits)) ?? 'no body'
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.message}` : `thrown ${String(error)}`
  }
}

const euro = (count: number): string => `"${'€'.repeat(count)}"`
const cases: Record<string, () => Promise<unknown>> = {
  'small JSON': () => answer(sized('{"name":"Ada","tags":["math"]}')),
  'exactly the limit': () => answer(sized(JSON.stringify('x'.repeat(98)))),
  'one over the limit, declared': () => answer(sized(JSON.stringify('x'.repeat(99)))),
  'BOM dropped': () => answer(post(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), { ...JSON_TYPE, 'content-length': '5' })),
  'multi-byte within, lying length': () => answer(sized(euro(32), JSON_TYPE, 5)),
  'multi-byte over, lying length': () => answer(sized(euro(40), JSON_TYPE, 5)),
  'ASCII over, lying length': () => answer(sized(`"${'x'.repeat(500)}"`, JSON_TYPE, 5)),
  'form multi-byte over': () => answer(sized(`a=${'é'.repeat(30)}`, FORM_TYPE, 2), 'form'),
  'form multi-byte within': () => answer(sized(`a=${'é'.repeat(24)}`, FORM_TYPE, 2), 'form'),
  // The length falls at the end of a chunk: the body ends there, the rest is never read.
  'chunked under a lying length, cut at it': () =>
    answer(streamed([encoder.encode('{"a":1}'), encoder.encode('"never read"')], '7')),
  // The length falls inside a chunk: the byte reader counts on to the end, as the text reader does.
  'chunked under a lying length, split €': () =>
    answer(streamed([encoder.encode('"ab'), new Uint8Array([0xe2, 0x82]), new Uint8Array([0xac]), encoder.encode('"')], '4')),
  'invalid JSON': () => answer(sized('{"a":')),
  'empty stream under a length': () => answer(streamed([], '7')),
  'failing stream': () => {
    const stream = new ReadableStream({ pull: (controller) => controller.error(new Error('boom')) })
    const init = { method: 'POST', body: stream, headers: { ...JSON_TYPE, 'content-length': '9' }, duplex: 'half' }
    return answer(new Request('http://test.local/', init as RequestInit))
  },
  'endless stream under a small length (1 MiB limit)': async () => {
    const started = performance.now()
    const result = await answer(streamed([], '5', true), 'json', defaultLimits)
    return [result, performance.now() - started < 10_000]
  },
}

const results: Record<string, unknown> = {}
for (const [name, run] of Object.entries(cases)) results[name] = await run()

// Was `request.body` (on Bun, a byte stream built per request) touched for a small sized JSON body?
const watched = sized('{"a":1}')
let bodyTouched = false
const ownBody = Object.getOwnPropertyDescriptor(Request.prototype, 'body')?.get
Object.defineProperty(watched, 'body', {
  get() {
    bodyTouched = true
    return ownBody?.call(this)
  },
})
const watchedValue = await answer(watched)

// Over HTTP on Bun: a handler that drops the server's second argument, so fw does not read the body whole.
let http: unknown = 'not Bun'
const bun = (globalThis as { Bun?: { serve(options: object): { port: number; stop(force: boolean): void } } }).Bun
if (bun) {
  const server = bun.serve({
    port: 0,
    fetch: async (request: Request) => Response.json(await answer(request, 'json', defaultLimits)),
  })
  const origin = `http://127.0.0.1:${server.port}/`
  const sizedAnswer = await (await fetch(origin, { method: 'POST', headers: JSON_TYPE, body: '{"name":"Ada €"}' })).json()
  let sent = 0
  const endless = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      sent += 64 * 1024
      if (sent > 8 * 1024 * 1024) controller.close()
      else controller.enqueue(new Uint8Array(64 * 1024).fill(0x20))
    },
  })
  const init = { method: 'POST', headers: JSON_TYPE, body: endless, duplex: 'half' }
  const chunkedAnswer = await (await fetch(origin, init as RequestInit)).json()
  server.stop(true)
  http = { sized: sizedAnswer, chunked: chunkedAnswer }
}

const runtime = (globalThis as { Bun?: unknown }).Bun ? 'bun' : 'node'
console.log(JSON.stringify({ runtime, results, watched: { value: watchedValue, bodyTouched }, http }))
