/**
 * The native Node path in process (docs/runtimes.md, "Node: the native
 * path"): `service.run()` on Node hands fw a Request read straight from
 * node:http, the stand-ins build the Web objects when asked, and what they
 * keep reads as the Web objects would. Its answers are compared case by case
 * with fw's fetch under @hono/node-server in node-paths.test.ts.
 */
import 'fw-api/serve'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { api, Fw, plugins, type RunningServer } from 'fw-api'
import { MemoryStore, rateLimit } from 'fw-api/plugins/rate-limit'
import { nativeHeaders } from '../../src/node/native/headers'
import { lightHeaders } from '../../src/node/native/light-headers'
import { installLightResponse, lightParts } from '../../src/node/native/response'
import { incomingOf } from '../../src/node/native/request'
import { withSetCookies } from '../../src/request/context'
import { DOT_SEGMENT, PLAIN_TARGET, plainTarget } from '../../src/node/native/target'
import { HIDDEN_500 } from '../../src/serve/errors'

let aborted: Promise<boolean> | undefined

class NativeAPI extends api.API {
  @api.get
  path() {
    return { native: incomingOf(this.request.raw) !== undefined, isRequest: this.request.raw instanceof Request }
  }

  @api.post
  async form() {
    const form = await this.request.raw.formData()
    return { name: form.get('name') }
  }

  @api.post
  async stream() {
    const body = this.request.raw.body
    if (!body) return { bytes: -1 }
    let bytes = 0
    const reader = body.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength
    return { bytes }
  }

  @api.post
  async twice() {
    await this.request.raw.text()
    return this.request.raw.text().then(
      () => 'read twice',
      (error: unknown) => (error instanceof TypeError ? 'refused' : 'other'),
    )
  }

  @api.post
  async copy() {
    const copy = new Request(`${this.request.raw.url}/copied`, this.request.raw)
    return { url: new URL(copy.url).pathname, text: await copy.text() }
  }

  @api.get
  responses() {
    const light = new Response('x')
    const web = Response.json({ a: 1 })
    return { light: light instanceof Response, web: web instanceof Response, status: web.status }
  }

  @api.get
  async wait() {
    const signal = this.request.raw.signal
    aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve(true)))
    await aborted
    return 'aborted'
  }

  @api.get
  bad() {
    return new Response('x', { headers: { 'x-bad': 'a\r\nb' } })
  }
}

/** Adds a header on the way out (the response's headers read and changed after the endpoint). */
class Stamp extends api.Plugin {
  override processResponse(response: Response) {
    response.headers.set('x-stamp', 'yes')
    return response
  }
}

const service = new Fw(import.meta.url, { api: NativeAPI, route: '/n' })
service.use(new Stamp())
service.use(plugins.RequestId())

/** `service.fetch` served by @hono/node-server's `serve()`, as a user embedding fw in it does: its port and close. */
function serveUnderHono(): Promise<{ port: number; close(): void }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: service.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ port: info.port, close: () => server.close() }),
    )
  })
}

describe('service.run() on Node', () => {
  let native: RunningServer
  let web: { port: number; close(): void }
  beforeAll(async () => {
    native = await service.run({ port: 0, host: '127.0.0.1', signals: false })
    web = await serveUnderHono()
  })
  afterAll(async () => {
    web.close()
    await service.close()
  })
  const origin = (server: { port: number }): string => `http://127.0.0.1:${server.port}/n`

  // @hono/node-server (started second) replaces the global Request with a subclass; instanceof holds under both.
  it('serves through the native path; fw under @hono/node-server gets a Web Request', async () => {
    expect(await (await fetch(`${origin(native)}/path`)).json()).toEqual({ native: true, isRequest: true })
    expect(await (await fetch(`${origin(web)}/path`)).json()).toEqual({ native: false, isRequest: true })
  })

  it('builds the Web Request when asked: formData(), a streamed body, a copy', async () => {
    const form = new FormData()
    form.append('name', 'Ada')
    expect(await (await fetch(`${origin(native)}/form`, { method: 'POST', body: form })).json()).toEqual({ name: 'Ada' })
    const chunked = new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(70_000))
        controller.close()
      },
    })
    const streamed = await fetch(`${origin(native)}/stream`, { method: 'POST', body: chunked, duplex: 'half' } as RequestInit)
    expect(await streamed.json()).toEqual({ bytes: 70_000 })
    expect(await (await fetch(`${origin(native)}/copy`, { method: 'POST', body: 'hello' })).json()).toEqual({ url: '/n/copy/copied', text: 'hello' })
  })

  it('reads a body once, as a Web Request does', async () => {
    expect(await (await fetch(`${origin(native)}/twice`, { method: 'POST', body: 'x' })).json()).toBe('refused')
  })

  it('keeps instanceof Response for its light responses and for Web ones; plugins change the headers sent', async () => {
    const response = await fetch(`${origin(native)}/responses`)
    expect(await response.json()).toEqual({ light: true, web: true, status: 200 })
    expect(response.headers.get('x-stamp')).toBe('yes')
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("aborts this.request.raw.signal when the client goes before the answer", async () => {
    aborted = undefined
    const client = new AbortController()
    const sent = fetch(`${origin(native)}/wait`, { signal: client.signal }).catch(() => 'cut')
    for (let i = 0; i < 200 && !aborted; i++) await new Promise((resolve) => setTimeout(resolve, 10))
    client.abort()
    expect(await sent).toBe('cut')
    expect(await aborted).toBe(true)
  })

  it('answers a head node:http refuses with the hidden 500', async () => {
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http.get(`${origin(native)}/bad`, (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      }).on('error', reject)
    })
    expect(status).toEqual({ status: 500, body: HIDDEN_500 })
  })
})

/** Outermost: what the server will write, once the plugins inside changed the headers (their kind, not their values). */
const written: string[] = []
class Probe extends api.Plugin {
  override processResponse(response: Response) {
    const parts = lightParts(response)
    written.push(parts === undefined ? 'web' : parts.headers instanceof Headers ? 'Headers' : 'plain')
    return response
  }
}
/** Changes headers the ways a plugin does: set, append, delete, any case. */
class Mixed extends api.Plugin {
  override processResponse(response: Response) {
    const headers = response.headers
    headers.set('X-Mixed', 'a')
    headers.append('x-mixed', 'b')
    headers.delete('x-gone')
    return response
  }
}

describe('headers plugins add on the native path', () => {
  class LimitedAPI extends api.API {
    @api.get
    hello() {
      return { hello: 1 }
    }
    @api.get
    cookies() {
      return new Response('c', { headers: { 'X-Gone': '1' } })
    }
  }
  const limited = new Fw(import.meta.url, { api: LimitedAPI })
  limited.use(new Probe())
  limited.use(rateLimit({ limit: 1000, window: '1m', store: MemoryStore() }))
  limited.use(new Mixed())
  let port = 0
  beforeAll(async () => {
    port = (await limited.run({ port: 0, host: '127.0.0.1', signals: false })).port
  })
  afterAll(() => limited.close())

  it("writes a rate limit's RateLimit and RateLimit-Policy without building a Headers", async () => {
    written.length = 0
    const response = await fetch(`http://127.0.0.1:${port}/hello`)
    expect(await response.json()).toEqual({ hello: 1 })
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('ratelimit-policy')).toBe('"default";q=1000;w=60')
    expect(response.headers.get('ratelimit')).toBe('"default";r=999;t=60')
    expect(response.headers.get('x-mixed')).toBe('a, b')
    expect(response.headers.get('content-length')).toBe('11')
    expect(written).toEqual(['plain'])
  })

  it('builds the Headers when a member needs it (a second Set-Cookie), and sends both cookies', async () => {
    class TwoCookies extends api.Plugin {
      override processResponse(response: Response) {
        response.headers.append('set-cookie', 'a=1')
        response.headers.append('Set-Cookie', 'b=2')
        return response
      }
    }
    const service = new Fw(import.meta.url, { api: LimitedAPI }).use(new Probe()).use(new TwoCookies())
    const server = await service.run({ port: 0, host: '127.0.0.1', signals: false })
    try {
      written.length = 0
      const response = await fetch(`http://127.0.0.1:${server.port}/cookies`)
      expect(await response.text()).toBe('c')
      expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
      expect(response.headers.get('x-gone')).toBe('1')
      expect(written).toEqual(['Headers'])
    } finally {
      await service.close()
    }
  })
})

describe("a rate limit's fields on the native path", () => {
  class FieldsAPI extends api.API {
    @api.get
    hello() {
      return { hello: 1 }
    }
    @api.get
    own() {
      return new Response('x', { headers: { RateLimit: '"own";r=1;t=1' } })
    }
  }
  /** Outermost: the fields the server will write apart from the headers (ADD_FIELDS). */
  const added: (readonly string[] | undefined)[] = []
  class AddedProbe extends api.Plugin {
    override processResponse(response: Response) {
      added.push(lightParts(response, true)?.added)
      return response
    }
  }
  const limited = new Fw(import.meta.url, { api: FieldsAPI })
  limited.use(new AddedProbe())
  limited.use(rateLimit({ limit: 1000, window: '1m', store: MemoryStore() }))
  let port = 0
  beforeAll(async () => {
    port = (await limited.run({ port: 0, host: '127.0.0.1', signals: false })).port
  })
  afterAll(() => limited.close())
  /** The raw head lines and body of one request. */
  const raw = (path: string, method = 'GET'): Promise<{ lines: string[]; body: string }> =>
    new Promise((resolve, reject) => {
      http
        .request({ host: '127.0.0.1', port, path, method }, (res) => {
          let body = ''
          res.on('data', (chunk: Buffer) => (body += chunk.toString()))
          res.on('end', () => resolve({ lines: res.rawHeaders, body }))
        })
        .on('error', reject)
        .end()
    })

  it('are written with the head as they are, no Headers built for them, each once', async () => {
    added.length = 0
    const { lines, body } = await raw('/hello')
    expect(body).toBe('{"hello":1}')
    expect(added).toEqual([['ratelimit-policy', '"default";q=1000;w=60', 'ratelimit', '"default";r=999;t=60']])
    expect(lines.filter((_, index) => index % 2 === 0)).toEqual(['content-type', 'ratelimit-policy', 'ratelimit', 'Content-Length', 'Date', 'Connection', 'Keep-Alive'])
    expect(lines.slice(2, 6)).toEqual(added[0])
  })

  it("join an answer's own field of the same name in one line, as Headers.append does", async () => {
    added.length = 0
    const { lines } = await raw('/own')
    expect(added).toEqual([undefined])
    const ratelimit = lines.flatMap((line, index) => (index % 2 === 0 && line.toLowerCase() === 'ratelimit' ? [lines[index + 1]] : []))
    expect(ratelimit).toHaveLength(1)
    expect(ratelimit[0]).toMatch(/^"own";r=1;t=1, "default";r=998;t=(59|60)$/)
  })

  it('go on the answer to a HEAD, and on one read as a Web Response', async () => {
    const head = await raw('/hello', 'HEAD')
    expect(head.body).toBe('')
    expect(head.lines).toContain('ratelimit-policy')
    const context = { setCookies: undefined, responseHeaders: ['ratelimit', '"d";r=1;t=2'] } as unknown as Parameters<typeof withSetCookies>[0]
    installLightResponse()
    const response = withSetCookies(context, new Response('{}', { headers: { 'content-type': 'application/json' } }))
    expect(lightParts(response, true)?.added).toEqual(['ratelimit', '"d";r=1;t=2'])
    expect(await response.clone().text()).toBe('{}')
    expect(response.headers.get('ratelimit')).toBe('"d";r=1;t=2')
    expect(lightParts(response, true)).toBeUndefined() // read as a Web Response: written as one
  })
})

describe('light response headers', () => {
  type Change = [op: 'set' | 'append' | 'delete', name: string, value?: string]
  const cases: [Record<string, string> | undefined, Change[]][] = [
    [{ 'content-type': 'application/json' }, [['set', 'RateLimit', '"d";r=1;t=2'], ['append', 'ratelimit', '"e";r=0;t=1']]],
    [{ 'Content-Type': 'text/html', 'X-A': ' 1 ' }, [['delete', 'x-a'], ['set', 'x-b', '\t2\t'], ['append', 'X-B', '3']]],
    [{ 'x-a': '1', 'X-A': '2' }, [['append', 'x-a', '3']]],
    [undefined, [['set', 'vary', 'origin'], ['delete', 'missing']]],
    // names every object answers: the fields are an ordinary object
    [{}, [['set', '__proto__', 'p'], ['append', 'constructor', 'c'], ['set', 'x-a', '1'], ['delete', 'constructor']]],
    [{ constructor: 'c', 'set-cookie': 'a=1' }, [['append', 'set-cookie', 'b=2'], ['set', 'x-b', '2']]],
  ]
  it.each(cases)('read and change as Headers does: %j then %j', (init, changes) => {
    const light = lightHeaders(init, undefined)
    const web = new Headers(init)
    for (const [op, name, value] of changes) {
      if (op === 'delete') {
        light.delete(name)
        web.delete(name)
      } else {
        light[op](name, value ?? '')
        web[op](name, value ?? '')
      }
      for (const asked of ['content-type', 'X-A', 'x-b', 'ratelimit', 'vary', 'missing', '__proto__', 'constructor', 'set-cookie', 'toString']) {
        expect(light.get(asked), asked).toBe(web.get(asked))
        expect(light.has(asked), asked).toBe(web.has(asked))
      }
    }
    expect([...light]).toEqual([...web])
    expect(light.getSetCookie()).toEqual(web.getSetCookie())
    expect(light instanceof Headers).toBe(true)
  })

  it("a response made from another's headers copies them, and stays light", () => {
    installLightResponse()
    const first = new Response('x', { headers: { 'content-type': 'text/html' } })
    first.headers.set('x-a', '1')
    const second = new Response('y', { headers: first.headers })
    first.headers.set('x-a', '2')
    expect(second.headers.get('x-a')).toBe('1')
    expect(second.headers.get('content-type')).toBe('text/html')
    expect(lightParts(second)?.headers).toEqual({ 'content-type': 'text/html', 'x-a': '1' })
    first.headers.append('set-cookie', 'a=1') // builds the first's Headers
    first.headers.append('set-cookie', 'b=2')
    const third = new Response('z', { headers: first.headers })
    first.headers.delete('set-cookie')
    expect(third.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
  })

  it('refuses what Headers refuses, with a TypeError', () => {
    const light = lightHeaders({}, undefined)
    expect(() => light.set('bad name', 'x')).toThrow(TypeError)
    expect(() => light.set('x', 'a\r\nb')).toThrow(TypeError)
    expect(() => light.append('x', 'a\0')).toThrow(TypeError)
    expect(() => light.set('x', `a${'\u0100'}`)).toThrow(TypeError) // past one byte
    expect(() => light.append('x', `"default";r=${99}${'\n'};t=1`)).toThrow(TypeError) // built by concatenation
    light.set('x-latin1', ' caf\xe9\t')
    expect(light.get('x-latin1')).toBe('caf\xe9') // one byte, trimmed: kept
    light.delete('x-latin1')
    expect(() => light.get('bad:name')).toThrow(TypeError)
    expect(() => new Headers().set('bad name', 'x')).toThrow(TypeError)
    expect([...light]).toEqual([])
  })
})

describe('native request headers', () => {
  const lists: string[][] = [
    ['Content-Type', 'application/json', 'Host', 'x'],
    ['X-A', '1', 'x-a', '2', 'X-A', ' 3 '],
    ['Cookie', 'a=1', 'cookie', 'b=2'],
    ['Accept', '\t*/*'],
    [],
  ]
  it.each(lists)('get and has read as Headers does: %j', (...raw) => {
    const native = nativeHeaders(raw)
    const web = new Headers()
    for (let i = 0; i < raw.length; i += 2) web.append(raw[i] as string, raw[i + 1] as string)
    for (const name of ['content-type', 'HOST', 'x-a', 'cookie', 'accept', 'missing']) {
      expect(native.get(name), name).toBe(web.get(name))
      expect(native.has(name), name).toBe(web.has(name))
    }
    expect([...native]).toEqual([...web])
    expect(native instanceof Headers).toBe(true)
  })
})

describe('plainTarget', () => {
  it('agrees with PLAIN_TARGET and DOT_SEGMENT (the regexes it replaces on the hot path)', () => {
    const cases = ['/', '', 'a', '/a/b?c=d', '/.', '/..', '/./', '/../x', '/a/.', '/a/..?', '/a/.#x', '/.x', '/..x', '/...', '/a?/./', '/a b', '/%41', '/é', '/a\\b', '/{x}', '/~_-.!$&\'()*+,;=:@[]', '/a#b', '/ä/..', '/a/./b']
    // plus random targets over the characters that matter
    const alphabet = ['/', '.', '?', '#', 'a', 'Z', '%', ' ', '~', '\\', '"', '^', 'é', '@', '[', '{']
    let seed = 7
    const next = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31)
    for (let i = 0; i < 3000; i++) {
      let target = next() % 4 === 0 ? '' : '/'
      for (let k = next() % 8; k > 0; k--) target += alphabet[next() % alphabet.length]
      cases.push(target)
    }
    for (const target of cases) expect(plainTarget(target), JSON.stringify(target)).toBe(PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target))
  })
})
