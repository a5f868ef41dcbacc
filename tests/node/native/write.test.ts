/**
 * src/node/native/write.ts: fw's answer written to node:http on the native path — a light response
 * in one writeHead + end, framed by the bytes sent (a declared Content-Length or
 * Transfer-Encoding never goes out), a body without headers typed text/plain; any other piped; a
 * head node:http refuses (CR/LF in a value) replaced by the hidden 500 before anything was sent,
 * the connection cut after. The ServerResponse is a captured one (../in-process).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { installLightResponse } from '../../../src/node/native/response'
import { isRefusedHeader, writeResponse } from '../../../src/node/native/write'
import { capturedResponse, incomingMessage } from '../in-process'

const WebResponse = globalThis.Response
beforeEach(() => {
  installLightResponse()
})
afterEach(() => {
  globalThis.Response = WebResponse
})

const hidden500 = (): [number, string] => [500, '{"status":500}']
const target = (method = 'GET') => capturedResponse(incomingMessage(method, '/', ['Host', 'h']))

describe('writeResponse', () => {
  it('writes a light response in one head and end, its Content-Length the bytes sent', async () => {
    const { res, response } = target()
    const writes: string[] = []
    const writeHead = res.writeHead
    res.writeHead = ((...args: Parameters<typeof writeHead>) => (writes.push('head'), writeHead.apply(res, args))) as typeof writeHead
    expect(writeResponse(res, new Response('héllo', { status: 201, headers: { 'content-type': 'text/plain', 'content-length': '999', 'transfer-encoding': 'chunked' } }), hidden500)).toBeUndefined()
    const answer = await response
    expect(writes).toEqual(['head'])
    expect(answer.status).toBe(201)
    expect(res.getHeader('content-length')).toBe(6)
    expect(res.getHeader('transfer-encoding')).toBeUndefined()
    expect(await answer.text()).toBe('héllo')
  })

  it('types a body sent without headers, and none for an empty one', async () => {
    const typed = target()
    writeResponse(typed.res, new Response(new Uint8Array([1, 2, 3])), hidden500)
    expect(typed.res.getHeader('content-type')).toBe('text/plain; charset=UTF-8')
    expect(typed.res.getHeader('content-length')).toBe(3)
    const empty = target()
    writeResponse(empty.res, new Response(null, { status: 204 }), hidden500)
    expect((await empty.response).status).toBe(204)
    expect(empty.res.getHeader('content-type')).toBeUndefined()
  })

  it('writes Headers with every Set-Cookie kept apart', async () => {
    const headers = new Headers({ 'x-a': '1' })
    headers.append('set-cookie', 'a=1')
    headers.append('set-cookie', 'b=2')
    const { res, response } = target()
    writeResponse(res, new Response('x', { headers }), hidden500)
    const answer = await response
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=UTF-8')
  })

  it('pipes any other answer', async () => {
    const { res, response } = target()
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('piped'))
        controller.close()
      },
    })
    await writeResponse(res, new Response(stream), hidden500)
    expect(await (await response).text()).toBe('piped')
  })

  it("replaces a head node:http refuses with the hidden 500 (the app's headers dropped)", async () => {
    const { res, response } = target()
    res.setHeader('x-from-middleware', 'dropped')
    writeResponse(res, new Response('x', { headers: { 'x-echo': 'a\r\nInjected: 1' } }), hidden500)
    const answer = await response
    expect(answer.status).toBe(500)
    expect(answer.headers.get('content-type')).toBe('application/problem+json')
    expect(answer.headers.get('x-from-middleware')).toBeNull()
    expect(answer.headers.get('injected')).toBeNull()
    expect(await answer.text()).toBe('{"status":500}')
  })

  it('cuts the connection for any other failure', () => {
    const { res } = target()
    const throwing = new Response('x', { headers: { 'x-a': '1' } })
    res.writeHead = () => {
      throw new Error('socket gone')
    }
    writeResponse(res, throwing, hidden500)
    expect(res.destroyed).toBe(true)
  })
})

describe('isRefusedHeader', () => {
  it("knows node:http's codes for a bad header name or value", () => {
    for (const code of ['ERR_INVALID_CHAR', 'ERR_HTTP_INVALID_HEADER_VALUE', 'ERR_INVALID_HTTP_TOKEN'])
      expect(isRefusedHeader(Object.assign(new Error('x'), { code }))).toBe(true)
    for (const other of [new Error('x'), { code: 'EPIPE' }, null, undefined, 'ERR_INVALID_CHAR']) expect(isRefusedHeader(other)).toBe(false)
  })
})
