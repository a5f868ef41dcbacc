/**
 * src/response/sse.ts: `response.sse(...)` — the event-stream framing (no CR/LF breaks a field),
 * its headers, heartbeats, and the iterator closed whoever ends the stream (client or server).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { eventStreamOf, sse } from '../../src/response/sse'

afterEach(() => {
  vi.useRealTimers()
})

/** An iterable that records whether its iterator was closed. */
function tracked(items: unknown[]): { source: Iterable<unknown>; closed: () => boolean } {
  let closed = false
  const source: Iterable<unknown> = {
    [Symbol.iterator]: () => {
      let index = 0
      return {
        next: () => (index < items.length ? { done: false, value: items[index++] } : { done: true, value: undefined }),
        return: () => {
          closed = true
          return { done: true, value: undefined }
        },
      }
    },
  }
  return { source, closed: () => closed }
}

describe('sse framing', () => {
  it('frames events with their fields, and a bare value as data alone (strings as they are, the rest as JSON)', async () => {
    const response = sse([{ event: 'tick', id: '1', retry: 1500.7, data: { n: 1 } }, 'plain', 42, null])
    expect(await response.text()).toBe(
      'event: tick\nid: 1\nretry: 1500\ndata: {"n":1}\n\n' + 'data: plain\n\n' + 'data: 42\n\n' + 'data: null\n\n',
    )
  })

  it('sends each line of a multi-line data as its own data line (CRLF, CR and LF alike)', async () => {
    expect(await sse(['a\r\nb\rc\nd']).text()).toBe('data: a\ndata: b\ndata: c\ndata: d\n\n')
  })

  it('never lets a CR or LF in event or id break the framing (an injected event stays text)', async () => {
    const text = await sse([{ event: 'x\n\ndata: injected', id: '1\r\n2', data: 'ok' }]).text()
    expect(text).toBe('event: x data: injected\nid: 1 2\ndata: ok\n\n')
  })

  it('sends an object with other keys than an event’s as data (JSON), not as an event', async () => {
    expect(await sse([{ data: 1, extra: true }]).text()).toBe('data: {"data":1,"extra":true}\n\n')
  })

  it('opens with the retry option, and reads an async iterable', async () => {
    async function* ticks(): AsyncGenerator<number> {
      yield 1
      yield 2
    }
    expect(await sse(ticks(), { retry: 1000 }).text()).toBe('retry: 1000\n\ndata: 1\n\ndata: 2\n\n')
  })
})

describe('sse response', () => {
  it('is a 200 text/event-stream, uncached and unbuffered, with the caller’s headers', () => {
    const response = sse([], { headers: { 'x-extra': 'y', 'content-type': 'text/plain' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('x-accel-buffering')).toBe('no')
    expect(response.headers.get('x-extra')).toBe('y')
    expect(sse([], { headers: { 'cache-control': 'no-store' } }).headers.get('cache-control')).toBe('no-store')
  })

  it('sends heartbeat comments while the source is idle', async () => {
    vi.useFakeTimers()
    const idle: AsyncIterable<unknown> = { [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => {}) }) }
    const response = sse(idle, { heartbeat: 100 })
    const reader = (response.body as ReadableStream<Uint8Array>).getReader()
    vi.advanceTimersByTime(250)
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toBe(': heartbeat\n\n')
    eventStreamOf(response)?.end()
  })

  it('errors the stream when the source throws (no half event sent as complete)', async () => {
    async function* failing(): AsyncGenerator<number> {
      yield 1
      throw new Error('source failed')
    }
    await expect(sse(failing()).text()).rejects.toThrow('source failed')
  })
})

describe('ending the stream', () => {
  it('closes the iterator when the client cancels', async () => {
    const { source, closed } = tracked([1, 2, 3])
    const reader = (sse(source).body as ReadableStream<Uint8Array>).getReader()
    await reader.read()
    await reader.cancel()
    expect(closed()).toBe(true)
  })

  it('lets the server end it: the client sees the end, the iterator is closed, `ended` settles', async () => {
    const { source, closed } = tracked([1, 2, 3])
    const response = sse(source)
    const handle = eventStreamOf(response)
    expect(handle).toBeDefined()
    handle?.end()
    handle?.end()
    await handle?.ended
    expect(closed()).toBe(true)
    expect(await response.text()).toBe('')
  })

  it('settles `ended` when the source runs out', async () => {
    const response = sse([1])
    await response.text()
    await expect(eventStreamOf(response)?.ended).resolves.toBeUndefined()
  })

  it('finds no handle on any other response', () => {
    expect(eventStreamOf(new Response('x'))).toBeUndefined()
  })
})
