/**
 * src/utils/http.ts (`framed`, `outgoingResponse`) in-process (SPEC §5.1): the
 * normalisation every handler's `Response` goes through before a server
 * writes it. The same cases over real HTTP on every runtime:
 * tests/runtimes/framing.test.ts, tests/adapters/framing.test.ts.
 *
 *   npx vitest run tests/utils/framing.test.ts
 */
import 'fw-api/adapters'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { Response as UndiciResponse } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Fw, api } from 'fw-api'
import { framed, isResponseLike, outgoingResponse } from '../../src/utils/http'
import { Renderer } from '../../src/response/render'

const DECODED = '{"a":"decoded by fetch"}'
const GZIPPED = gzipSync(DECODED)
let origin = ''
let upstream: http.Server
beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    if (request.url === '/gzip') response.writeHead(200, { 'content-encoding': 'gzip', 'content-length': GZIPPED.length, 'content-type': 'application/json' }).end(GZIPPED)
    else if (request.url === '/odd') response.writeHead(200, { 'content-encoding': 'x-odd', 'content-length': 3 }).end('odd')
    else response.writeHead(200, { 'content-length': 5, 'x-upstream': '1' }).end('plain')
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})
afterAll(async () => {
  upstream.closeAllConnections()
  await new Promise((resolve) => upstream.close(resolve))
})

describe('framed', () => {
  it('gives back the same Response when its framing is the server’s to decide', () => {
    const response = new Response('ok', { headers: { 'content-type': 'text/plain' } })
    expect(framed(response)).toBe(response)
  })

  it('drops a Content-Length fw cannot vouch for, and a Transfer-Encoding, in place', async () => {
    const response = new Response('25 bytes, not the 5 said.', { headers: { 'content-length': '5', 'transfer-encoding': 'chunked', 'x-kept': '1' } })
    const sent = framed(response)
    expect(sent).toBe(response)
    expect([...sent.headers]).toEqual([['content-type', 'text/plain;charset=UTF-8'], ['x-kept', '1']])
    expect(await sent.text()).toBe('25 bytes, not the 5 said.')
  })

  it('drops a Content-Length other than 0 on a null body, except on a null-body status', () => {
    expect(framed(new Response(null, { headers: { 'content-length': '5' } })).headers.get('content-length')).toBeNull()
    expect(framed(new Response(null, { headers: { 'content-length': '0' } })).headers.get('content-length')).toBe('0')
    expect(framed(new Response(null, { status: 304, headers: { 'content-length': '5' } })).headers.get('content-length')).toBe('5')
  })

  it('keeps an app’s own Content-Encoding (bytes it compressed itself)', () => {
    const response = new Response(new Uint8Array(GZIPPED), { headers: { 'content-encoding': 'gzip' } })
    expect(framed(response).headers.get('content-encoding')).toBe('gzip')
  })

  it('sends a body fetch() decoded without the upstream’s Content-Encoding, Content-Length and hop-by-hop fields', async () => {
    const fetched = await fetch(`${origin}/gzip`)
    const sent = framed(fetched)
    expect(sent).not.toBe(fetched)
    expect(sent.headers.get('content-encoding')).toBeNull()
    expect(sent.headers.get('content-length')).toBeNull()
    expect(sent.headers.get('connection')).toBeNull()
    expect(sent.headers.get('keep-alive')).toBeNull()
    expect(sent.headers.get('content-type')).toBe('application/json')
    expect(await sent.text()).toBe(DECODED)
  })

  it('keeps the Content-Length of a fetched body streamed as the upstream sent it', async () => {
    const sent = framed(await fetch(`${origin}/plain`))
    expect(sent.headers.get('content-length')).toBe('5')
    expect(sent.headers.get('x-upstream')).toBe('1')
    expect(await sent.text()).toBe('plain')
  })

  it('drops the upstream’s Connection of a fetched body framed by its end (HTTP/1.0 style)', async () => {
    const closing = net.createServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nConnection: close\r\nX-Upstream: 1\r\n\r\nuntil close'))
    })
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve))
    try {
      const fetched = await fetch(`http://127.0.0.1:${(closing.address() as AddressInfo).port}/`)
      expect(fetched.headers.get('transfer-encoding')).toBeNull()
      const sent = framed(fetched)
      expect(sent.headers.get('connection')).toBeNull()
      expect(sent.headers.get('x-upstream')).toBe('1')
      expect(await sent.text()).toBe('until close')
    } finally {
      closing.close()
    }
  })

  it('keeps a coding fetch() does not decode (the bytes are still encoded)', async () => {
    const sent = framed(await fetch(`${origin}/odd`))
    expect(sent.headers.get('content-encoding')).toBe('x-odd')
    expect(await sent.text()).toBe('odd')
  })

  it('rebuilds a Response of another library as this runtime’s own', async () => {
    const foreign = new UndiciResponse('from undici', { status: 201, headers: { 'x-a': '1', 'content-length': '3' } })
    expect(foreign instanceof Response).toBe(false)
    const sent = framed(foreign as unknown as Response)
    expect(sent instanceof Response).toBe(true)
    expect(sent.status).toBe(201)
    expect(sent.headers.get('x-a')).toBe('1')
    expect(sent.headers.get('content-length')).toBeNull()
    expect(await sent.text()).toBe('from undici')
  })
})

describe('isResponseLike / outgoingResponse', () => {
  it('recognises a Response by its shape, never data that merely has status, headers and body keys', () => {
    expect(isResponseLike(new UndiciResponse('x'))).toBe(true)
    expect(isResponseLike({ status: 200, headers: {}, body: 'x' })).toBe(false)
    expect(isResponseLike({ status: 200, headers: new Headers(), body: 'x', arrayBuffer: () => null })).toBe(false)
    expect(outgoingResponse({ status: 1 })).toBeUndefined()
  })

  it('a handler returning another library’s Response answers with it, not its JSON', async () => {
    const renderer = new Renderer(undefined, { stringify: JSON.stringify, debug: false, where: 'Test.proxy()' })
    const sent = renderer.result(new UndiciResponse('proxied', { headers: { 'content-type': 'text/plain' } }))
    expect(await sent.text()).toBe('proxied')
    expect(sent.headers.get('content-type')).toBe('text/plain')
  })
})

describe('every Response that enters fw is framed (handlers, mounts, plugins)', () => {
  const LYING = { headers: { 'content-length': '5', 'x-from': 'app' } }
  class Proxy extends api.API {
    @api.get
    handler() {
      return fetch(`${origin}/gzip`)
    }
    @api.get
    lying() {
      return new Response('25 bytes, not the 5 said.', LYING)
    }
    @api.get
    crash(): string {
      throw new Error('boom')
    }
  }
  const get = async (service: Fw, path: string): Promise<Response> => service.fetch(new Request(`http://localhost${path}`))
  const expectFramed = async (response: Response, body: string): Promise<void> => {
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('content-length')).toBeNull()
    expect(await response.text()).toBe(body)
  }

  it('a handler’s fetch() Response and lying Content-Length', async () => {
    const service = new Fw(import.meta.url, { api: Proxy })
    await expectFramed(await get(service, '/handler'), DECODED)
    await expectFramed(await get(service, '/lying'), '25 bytes, not the 5 said.')
  })

  it('a mounted fetch handler’s Response of another library', async () => {
    const service = new Fw(import.meta.url, { api: Proxy })
    service.mount(() => new UndiciResponse('mounted', LYING) as unknown as Response, '/app')
    const response = await get(service, '/app/x')
    expect(response instanceof Response).toBe(true)
    await expectFramed(response, 'mounted')
  })

  it('a service plugin’s processRequest, a class plugin’s processResponse and handleError', async () => {
    class Answering extends api.Plugin {
      override processRequest(request: Request) {
        return new URL(request.url).pathname === '/short' ? fetch(`${origin}/gzip`) : undefined
      }
    }
    class Replacing extends api.Plugin {
      override processResponse() {
        return new Response('replaced', LYING)
      }
    }
    class Recovering extends api.Plugin {
      override handleError() {
        return new UndiciResponse('recovered', LYING) as unknown as Response
      }
    }
    @api.plugin(new Replacing())
    class Replaced extends Proxy {}
    @api.plugin(new Recovering())
    class Recovered extends Proxy {}
    const service = new Fw(import.meta.url, { api: Replaced }).use(new Answering())
    await expectFramed(await get(service, '/short'), DECODED)
    await expectFramed(await get(service, '/lying'), 'replaced')
    const crashed = await get(new Fw(import.meta.url, { api: Recovered }), '/crash')
    expect(crashed instanceof Response).toBe(true)
    await expectFramed(crashed, 'recovered')
  })
})
