/**
 * src/node/io/response.ts: a real `http.ServerResponse` whose output becomes a Web `Response` —
 * `end(body)` alone gives the whole body, a `write()`/`flushHeaders()`/bare `writeHead()` a
 * stream; headers as set (hop-by-hop dropped), HEAD and null-body statuses without a body,
 * a failure a 500 (its text only with debug) or an errored stream, an abort a rejection,
 * backpressure through 'drain', a status the Web refuses a 500. The wrappers are own properties.
 */
import { describe, expect, it, vi } from 'vitest'
import { captureResponse, type CaptureOptions } from '../../../src/node/io/response'
import { loadHttp, loadStream } from '../../../src/node/io/runtime'
import { createSocket } from '../../../src/node/io/socket'

const http = loadHttp('tests')

function capture(method = 'GET', options: Partial<CaptureOptions> = {}) {
  const req = new http.IncomingMessage(createSocket(loadStream('tests'), {}))
  req.method = method
  const onError = vi.fn()
  const onCancel = vi.fn()
  const captured = captureResponse(http, req, { onError, onCancel, ...options })
  return {
    res: captured.res,
    response: captured.response,
    fail: (error: unknown) => captured.fail(error),
    abort: (reason: unknown) => captured.abort(reason),
    onError,
    onCancel,
  }
}

describe('captureResponse', () => {
  it('end(body) with nothing written gives the whole body, status, status text and headers', async () => {
    const { res, response } = capture()
    res.statusCode = 201
    res.statusMessage = 'Made'
    res.setHeader('Content-Type', 'application/json')
    res.setHeader('Set-Cookie', ['a=1', 'b=2'])
    res.setHeader('Connection', 'keep-alive')
    res.setHeader('Transfer-Encoding', 'chunked')
    res.setHeader('X-Count', 3)
    res.end('{"ok":true}')
    const answer = await response
    expect(answer.status).toBe(201)
    expect(answer.statusText).toBe('Made')
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(answer.headers.get('x-count')).toBe('3')
    expect(answer.headers.has('connection')).toBe(false)
    expect(answer.headers.has('transfer-encoding')).toBe(false)
    expect(await answer.text()).toBe('{"ok":true}')
    expect(res.writableEnded).toBe(true)
  })

  it('writeHead(status, headers) then end: the headers merged, the body whole', async () => {
    const { res, response } = capture()
    res.setHeader('x-before', '1')
    res.writeHead(404, { 'Content-Type': 'text/plain' })
    res.end('missing', 'utf8')
    const answer = await response
    expect(answer.status).toBe(404)
    expect(answer.headers.get('x-before')).toBe('1')
    expect(answer.headers.get('content-type')).toBe('text/plain')
    expect(await answer.text()).toBe('missing')
  })

  it('a write streams: the Response comes before end, chunks in order, encodings honoured', async () => {
    const { res, response } = capture()
    res.write('aGVs', 'base64')
    const answer = await response
    const reader = answer.body?.getReader()
    expect(new TextDecoder().decode((await reader?.read())?.value)).toBe('hel')
    res.write(new Uint8Array([108, 111]))
    res.end(' world')
    let rest = ''
    for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) rest += new TextDecoder().decode(part.value)
    expect(rest).toBe('lo world')
  })

  it('a bare writeHead streams when end does not follow in the same tick; flushHeaders at once', async () => {
    const head = capture()
    head.res.writeHead(200, { 'content-type': 'text/event-stream' })
    const streamed = await head.response
    expect(streamed.headers.get('content-type')).toBe('text/event-stream')
    head.res.end('data: 1\n\n')
    expect(await streamed.text()).toBe('data: 1\n\n')

    const flushed = capture()
    flushed.res.flushHeaders()
    const early = await flushed.response
    expect(early.status).toBe(200)
    flushed.res.end()
    expect(await early.text()).toBe('')
  })

  it('gives HEAD and null-body statuses no body', async () => {
    const head = capture('HEAD')
    head.res.setHeader('content-length', '5')
    head.res.end('hello')
    expect((await head.response).body).toBeNull()
    for (const status of [204, 304]) {
      const empty = capture()
      empty.res.statusCode = status
      empty.res.end()
      const answer = await empty.response
      expect(answer.status).toBe(status)
      expect(answer.body).toBeNull()
    }
  })

  it('answers a status or header the Web refuses with a 500, the error reported', async () => {
    const bad = capture()
    bad.res.statusCode = 999
    bad.res.end('x')
    expect((await bad.response).status).toBe(500)
    expect(bad.onError).toHaveBeenCalledTimes(1)
  })

  it('a failure before anything was sent is a plain 500, its text only with debug', async () => {
    const hidden = capture()
    hidden.fail(new Error('password=hunter2'))
    const answer = await hidden.response
    expect(answer.status).toBe(500)
    expect(await answer.text()).toBe('Internal Server Error')
    const shown = capture('GET', { debug: true })
    shown.fail(new TypeError('boom'))
    expect(await (await shown.response).text()).toBe('Internal Server Error: TypeError: boom')
    hidden.fail(new Error('again'))
    expect(hidden.onError).toHaveBeenCalledTimes(2)
  })

  it('a failure or an abort after streaming began errors the body; an abort before rejects', async () => {
    const failing = capture()
    failing.res.write('partial')
    const answer = await failing.response
    const reader = answer.body?.getReader()
    await reader?.read()
    failing.fail(new Error('midway'))
    await expect(reader?.read()).rejects.toThrow('midway')

    const aborted = capture()
    aborted.abort(new Error('client gone'))
    await expect(aborted.response).rejects.toThrow('client gone')

    const abortedLater = capture()
    abortedLater.res.write('x')
    const later = (await abortedLater.response).body?.getReader()
    await later?.read()
    abortedLater.abort(new Error('gone later'))
    await expect(later?.read()).rejects.toThrow('gone later')
  })

  it("reports backpressure past 64 KiB unread, and emits 'drain' when the reader pulls again", async () => {
    const { res, response } = capture()
    expect(res.write(new Uint8Array(1024))).toBe(true)
    const answer = await response
    expect(res.write(new Uint8Array(128 * 1024))).toBe(false)
    const drained = new Promise<void>((resolve) => res.once('drain', () => resolve()))
    const reader = answer.body?.getReader()
    await reader?.read()
    await reader?.read()
    await drained
  })

  it('a consumer cancelling the body calls onCancel', async () => {
    const { res, response, onCancel } = capture()
    res.write('x')
    await (await response).body?.cancel()
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('keeps Node behaviour after end: a second end or write takes Node’s path', async () => {
    const { res, response } = capture()
    res.end('once')
    const errors: unknown[] = []
    res.on('error', (error) => errors.push(error))
    res.write('late')
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(errors).toEqual([expect.objectContaining({ code: 'ERR_STREAM_WRITE_AFTER_END' })])
    expect(await (await response).text()).toBe('once')
  })

  it('wraps writeHead, write, end and flushHeaders as own properties (Express swaps the prototype)', async () => {
    const { res, response } = capture()
    for (const name of ['writeHead', 'write', 'end', 'flushHeaders']) expect(Object.hasOwn(res, name)).toBe(true)
    Object.setPrototypeOf(res, Object.create(http.ServerResponse.prototype))
    res.end('still captured')
    expect(await (await response).text()).toBe('still captured')
  })
})
