/**
 * src/node/native/listener.ts: a fetch handler as a Node request listener — env carries
 * `{ incoming, outgoing }`, no promise when the answer is ready and written at once, a throw or a
 * rejection the 500 (reported once), a head node:http refuses the 500 too, an answer after
 * someone else answered dropped (its body cancelled), a reused body and the routed path passed on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { serveNode, toNodeListener } from '../../../src/node/native/listener'
import { installLightResponse } from '../../../src/node/native/response'
import { capturedResponse, incomingMessage } from '../in-process'

const WebResponse = globalThis.Response
beforeEach(() => {
  installLightResponse()
})
afterEach(() => {
  globalThis.Response = WebResponse
})

const pair = (method = 'GET', url = '/x', raw: string[] = ['Host', 'h'], body?: string) => {
  const req = incomingMessage(method, url, raw, { body })
  return { req, ...capturedResponse(req) }
}

describe('serveNode', () => {
  it('hands fw the request and { incoming, outgoing }; an answer ready at once makes no promise', async () => {
    const { req, res, response } = pair()
    let env: unknown
    const result = serveNode((request, given) => ((env = given), new Response(`at ${new URL(request.url).pathname}`)), req, res)
    expect(result).toBeUndefined()
    expect(env).toEqual({ incoming: req, outgoing: res })
    expect(await (await response).text()).toBe('at /x')
  })

  it('settles a promise once an async answer is sent', async () => {
    const { req, res, response } = pair()
    const result = serveNode(async () => new Response('later'), req, res)
    expect(result).toBeInstanceOf(Promise)
    await result
    expect(res.writableEnded).toBe(true)
    expect(await (await response).text()).toBe('later')
  })

  it('answers a throw or a rejection with a plain 500, reported once (console.error by default)', async () => {
    const onError = vi.fn()
    const thrown = pair()
    serveNode(() => {
      throw new Error('sync')
    }, thrown.req, thrown.res, { onError })
    const rejected = pair()
    await serveNode(() => Promise.reject(new Error('async')), rejected.req, rejected.res, { onError })
    for (const { response } of [thrown, rejected]) {
      const answer = await response
      expect(answer.status).toBe(500)
      expect(await answer.text()).toBe('Internal Server Error')
    }
    expect(onError.mock.calls).toEqual([[new Error('sync')], [new Error('async')]])

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const quiet = pair()
    serveNode(() => {
      throw new Error('default')
    }, quiet.req, quiet.res)
    expect(logged).toHaveBeenCalledWith('fw: request failed:', new Error('default'))
  })

  it('answers a head node:http refuses with the 500, reported', async () => {
    const onError = vi.fn()
    const { req, res, response } = pair()
    serveNode(() => new Response('x', { headers: { 'x-echo': 'a\r\nb' } }), req, res, { onError })
    expect((await response).status).toBe(500)
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'ERR_INVALID_CHAR' }))
  })

  it('drops an answer when someone else answered meanwhile, cancelling its body', async () => {
    const { req, res, response } = pair()
    let cancelled = false
    const body = new ReadableStream({
      pull() {},
      cancel() {
        cancelled = true
      },
    })
    await serveNode(async () => {
      res.end('the framework answered')
      return new Response(body)
    }, req, res)
    expect(await (await response).text()).toBe('the framework answered')
    expect(cancelled).toBe(true)
  })

  it('passes the routed path and a reused body on', async () => {
    const { req, res, response } = pair('POST', '/users', ['Host', 'h', 'Content-Length', '2'])
    serveNode(async (request) => new Response(`${new URL(request.url).pathname} ${await request.text()}`), req, res, { url: '/api/users', body: { body: '{"re":"used"}' } })
    expect(await (await response).text()).toBe('/api/users {"re":"used"}')
  })
})

describe('toNodeListener', () => {
  it('returns nothing by default, a promise settled once sent when asynchronous', async () => {
    const fetch = async (): Promise<Response> => new Response('ok')
    const plain = pair()
    expect(toNodeListener(fetch)(plain.req, plain.res)).toBeUndefined()
    expect(await (await plain.response).text()).toBe('ok')
    const awaited = pair()
    const sent = toNodeListener(fetch, true)(awaited.req, awaited.res)
    expect(sent).toBeInstanceOf(Promise)
    await sent
    expect(awaited.res.writableEnded).toBe(true)
  })
})
