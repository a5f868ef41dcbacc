/**
 * src/node/io/incoming.ts: a Web `Request` as a real `http.IncomingMessage` — method, path with
 * query, headers and raw headers (Host added from the URL, a body without length marked chunked
 * so body parsers see it), the body pulled from the Web stream only when read, an error of the
 * Web body handed on only to a listener, `release()` cancelling what was never read.
 */
import { describe, expect, it } from 'vitest'
import { createIncomingMessage } from '../../../src/node/io/incoming'
import { loadHttp, loadStream } from '../../../src/node/io/runtime'
import { createSocket } from '../../../src/node/io/socket'

const http = loadHttp('tests')
const bridged = (request: Request) => createIncomingMessage(http, request, new URL(request.url), createSocket(loadStream('tests'), {}))

const readAll = async (req: AsyncIterable<Uint8Array | string>): Promise<string> => {
  let text = ''
  for await (const chunk of req) text += typeof chunk === 'string' ? chunk : new TextDecoder().decode(chunk)
  return text
}

describe('createIncomingMessage', () => {
  it('is a real IncomingMessage with the request line and headers', () => {
    const { req } = bridged(new Request('http://example.com:8080/a/b?c=d&e', { method: 'DELETE', headers: { 'X-Custom': 'v', Accept: 'text/plain' } }))
    expect(req).toBeInstanceOf(http.IncomingMessage)
    expect(req.method).toBe('DELETE')
    expect(req.url).toBe('/a/b?c=d&e')
    expect(req.httpVersion).toBe('1.1')
    expect([req.httpVersionMajor, req.httpVersionMinor]).toEqual([1, 1])
    expect(req.headers).toEqual({ accept: 'text/plain', 'x-custom': 'v', host: 'example.com:8080' })
    expect(req.rawHeaders).toEqual(['accept', 'text/plain', 'x-custom', 'v', 'host', 'example.com:8080'])
  })

  it("keeps the request's own Host", () => {
    const { req } = bridged(new Request('http://localhost/', { headers: { host: 'api.example.com' } }))
    expect(req.headers.host).toBe('api.example.com')
    expect(req.rawHeaders.filter((name) => name === 'host')).toHaveLength(1)
  })

  it('marks a body without Content-Length as chunked, and leaves one with a length alone', () => {
    const chunked = bridged(new Request('http://localhost/', { method: 'POST', body: 'abc' })).req
    expect(chunked.headers['transfer-encoding']).toBe('chunked')
    const sized = bridged(new Request('http://localhost/', { method: 'POST', body: 'abc', headers: { 'content-length': '3' } })).req
    expect(sized.headers['transfer-encoding']).toBeUndefined()
    expect(bridged(new Request('http://localhost/')).req.headers['transfer-encoding']).toBeUndefined()
  })

  it('ends at once without a body, and is complete', async () => {
    const { req } = bridged(new Request('http://localhost/'))
    expect(await readAll(req)).toBe('')
    expect(req.complete).toBe(true)
  })

  it('pulls the body from the Web stream only when read, every chunk in order', async () => {
    let pulls = 0
    const parts = ['one ', 'two ', 'three']
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts[pulls++]
        if (part === undefined) controller.close()
        else controller.enqueue(new TextEncoder().encode(part))
      },
    })
    const { req } = bridged(new Request('http://localhost/', { method: 'POST', body, duplex: 'half' } as RequestInit))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(pulls).toBeLessThanOrEqual(1) // the stream's own first pull, nothing read by the bridge yet
    expect(await readAll(req)).toBe('one two three')
    expect(req.complete).toBe(true)
  })

  it('reads a large body through the push/pause cycle without stalling', async () => {
    const size = 4 * 1024 * 1024
    const { req } = bridged(new Request('http://localhost/', { method: 'POST', body: new Uint8Array(size).fill(97) }))
    let received = 0
    for await (const chunk of req) received += (chunk as Uint8Array).byteLength
    expect(received).toBe(size)
  })

  it('hands a failing Web body on as an error to a listener; with none, only ends the stream', async () => {
    const failing = (): ReadableStream<Uint8Array> =>
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('part'))
        },
        pull(controller) {
          controller.error(new Error('client went away'))
        },
      })
    const heard = bridged(new Request('http://localhost/', { method: 'POST', body: failing(), duplex: 'half' } as RequestInit)).req
    await expect(readAll(heard)).rejects.toThrow('client went away')

    const unheard = bridged(new Request('http://localhost/', { method: 'POST', body: failing(), duplex: 'half' } as RequestInit)).req
    const closed = new Promise<void>((resolve) => unheard.once('close', () => resolve()))
    unheard.resume()
    await closed
    expect(unheard.destroyed).toBe(true)
  })

  it('release() cancels the unread rest of the body, once; after the end it does nothing', async () => {
    let cancelled = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024))
      },
      cancel() {
        cancelled++
      },
    })
    const { release } = bridged(new Request('http://localhost/', { method: 'POST', body, duplex: 'half' } as RequestInit))
    release()
    release()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(cancelled).toBe(1)

    const read = bridged(new Request('http://localhost/', { method: 'POST', body: 'all of it' }))
    expect(await readAll(read.req)).toBe('all of it')
    expect(() => read.release()).not.toThrow()
  })
})
