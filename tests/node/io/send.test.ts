/**
 * src/node/io/send.ts: a Web `Response` sent through a Node `ServerResponse` — status, status
 * text and headers copied (Set-Cookie appended to the middleware's), a declared length held to,
 * a body complete at once sent in one end (Node's Content-Length), a longer one streamed with
 * backpressure, HEAD without a body, a body failing mid-way cutting the connection, a client gone
 * cancelling the body. The ServerResponse here is a captured one (../io/response): its output is
 * read back as a Web Response, in-process.
 */
import { describe, expect, it } from 'vitest'
import type { ServerResponse } from 'node:http'
import { captureResponse } from '../../../src/node/io/response'
import { loadHttp, loadStream } from '../../../src/node/io/runtime'
import { sendResponse } from '../../../src/node/io/send'
import { createSocket } from '../../../src/node/io/socket'

const http = loadHttp('tests')

function target(method = 'GET') {
  const req = new http.IncomingMessage(createSocket(loadStream('tests'), {}))
  req.method = method
  const errors: unknown[] = []
  const captured = captureResponse(http, req, { onError: (error) => errors.push(error), onCancel: () => {} })
  return { res: captured.res, response: captured.response, errors }
}

const chunks = (...parts: string[]): ReadableStream<Uint8Array> =>
  new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part))
      controller.close()
    },
  })

describe('sendResponse', () => {
  it('copies status, status text and headers; Set-Cookie appended to what middleware set', async () => {
    const { res, response } = target()
    res.setHeader('set-cookie', ['pre=1'])
    res.setHeader('x-kept', 'from middleware')
    const headers = new Headers({ 'content-type': 'application/json', 'x-fw': '1' })
    headers.append('set-cookie', 'a=1')
    headers.append('set-cookie', 'b=2')
    await sendResponse(res, new Response('{"a":1}', { status: 202, statusText: 'Taken', headers }))
    const answer = await response
    expect(answer.status).toBe(202)
    expect(answer.statusText).toBe('Taken')
    expect(answer.headers.get('x-fw')).toBe('1')
    expect(answer.headers.get('x-kept')).toBe('from middleware')
    expect(answer.headers.getSetCookie()).toEqual(['pre=1', 'a=1', 'b=2'])
    expect(await answer.text()).toBe('{"a":1}')
  })

  it('sends a body complete at once in one end, and one in several chunks streamed, in order', async () => {
    const whole = target()
    await sendResponse(whole.res, new Response(chunks('only')))
    expect(await (await whole.response).text()).toBe('only')

    const streamed = target()
    const sending = sendResponse(streamed.res, new Response(chunks('a', 'b', 'c')))
    expect(await (await streamed.response).text()).toBe('abc')
    await sending
    expect(streamed.res.writableEnded).toBe(true)
  })

  it('ends at once for no body, an empty stream, and HEAD (whose body is cancelled)', async () => {
    const none = target()
    await sendResponse(none.res, new Response(null, { status: 204 }))
    expect((await none.response).status).toBe(204)
    const empty = target()
    await sendResponse(empty.res, new Response(chunks()))
    expect(await (await empty.response).text()).toBe('')

    let cancelled = false
    const head = target('HEAD')
    const body = new ReadableStream({
      pull() {},
      cancel() {
        cancelled = true
      },
    })
    await sendResponse(head.res, new Response(body))
    expect((await head.response).body).toBeNull()
    expect(cancelled).toBe(true)
  })

  it('holds a declared Content-Length: a body that overruns it fails, never desynchronises', async () => {
    const { res } = target()
    await sendResponse(res, new Response(chunks('four', 'more'), { headers: { 'content-length': '4' } }))
    expect(res.strictContentLength).toBe(true)
    expect(res.destroyed).toBe(true)
  })

  it('cuts the connection when the body fails mid-way (a truncated answer, not a clean end)', async () => {
    const { res, response } = target()
    let sent = 0
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 2) controller.enqueue(new TextEncoder().encode('part'))
        else controller.error(new Error('database went away'))
      },
    })
    await sendResponse(res, new Response(failing))
    expect(res.destroyed).toBe(true)
    expect(res.writableEnded).toBe(false)
    await response
  })

  it('cancels the body when the client goes away, and stops writing', async () => {
    const { res } = target()
    let cancelled: unknown
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(1024))
        return new Promise((resolve) => setTimeout(resolve, 1))
      },
      cancel(reason) {
        cancelled = reason ?? 'cancelled'
      },
    })
    const sending = sendResponse(res, new Response(endless))
    await new Promise((resolve) => setTimeout(resolve, 10))
    ;(res as ServerResponse).emit('close')
    await sending
    expect(cancelled).toBeDefined()
    expect(res.writableEnded).toBe(false)
  })
})
