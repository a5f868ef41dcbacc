import express from 'express'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it, vi } from 'vitest'
import { fromNode } from '../../src/adapters'
import { callNodeListener } from '../../src/node/io/call'
import { within } from './helpers'

const get = (path: string, init?: RequestInit): Request => new Request(`http://localhost${path}`, init)
const once = (emitter: { once(event: string, listener: () => void): unknown }, event: string): Promise<void> =>
  new Promise((resolve) => emitter.once(event, () => resolve()))

describe('Request → Node req/res → Response bridge', () => {
  it('gives the listener a real IncomingMessage: method, url, headers, raw headers, https', async () => {
    let seen: Record<string, unknown> = {}
    const app = fromNode((req) => {
      seen = {
        method: req.method,
        url: req.url,
        host: req.headers.host,
        custom: req.headers['x-custom'],
        raw: req.rawHeaders.includes('x-custom'),
        httpVersion: req.httpVersion,
        encrypted: Reflect.get(req.socket, 'encrypted'),
      }
      throw new Error('stop here')
    })
    const onError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await app.fetch(new Request('https://example.com:8443/a/b?c=d', { method: 'PUT', headers: { 'X-Custom': 'v' } }))
    expect(response.status).toBe(500)
    expect(onError).toHaveBeenCalled()
    onError.mockRestore()
    expect(seen).toEqual({ method: 'PUT', url: '/a/b?c=d', host: 'example.com:8443', custom: 'v', raw: true, httpVersion: '1.1', encrypted: true })
  })

  it('status, status text, header casing, several Set-Cookie (setHeader and writeHead forms)', async () => {
    const app = fromNode((_req, res) => {
      res.setHeader('Set-Cookie', ['a=1', 'b=2'])
      res.setHeader('X-Mixed-Case', 'Yes')
      res.writeHead(418, 'Short And Stout', ['Set-Cookie', 'c=3', 'X-Other', 'o'])
      res.end()
    })
    const response = await app.fetch(get('/'))
    expect(response.status).toBe(418)
    expect(response.statusText).toBe('Short And Stout')
    expect(response.headers.get('x-mixed-case')).toBe('Yes')
    expect(response.headers.get('x-other')).toBe('o')
    expect(response.headers.getSetCookie()).toEqual(['c=3'])
    expect(await response.text()).toBe('')

    const merged = fromNode((_req, res) => {
      res.setHeader('Set-Cookie', ['a=1', 'b=2'])
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      res.end('ok')
    })
    const second = await merged.fetch(get('/'))
    expect(second.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(second.headers.get('content-type')).toBe('text/plain')
  })

  it('res.end() without write, and connection headers not forwarded', async () => {
    const app = fromNode((_req, res) => {
      res.setHeader('Connection', 'keep-alive')
      res.setHeader('Transfer-Encoding', 'chunked')
      res.end()
    })
    const response = await app.fetch(get('/'))
    expect(response.status).toBe(200)
    expect(response.headers.has('connection')).toBe(false)
    expect(response.headers.has('transfer-encoding')).toBe(false)
    expect(await response.text()).toBe('')
  })

  it('streams the response: the first chunk arrives before the handler ends', async () => {
    let finish!: () => void
    const app = fromNode((_req, res) => {
      res.setHeader('content-type', 'text/event-stream')
      res.write('data: 1\n\n')
      finish = () => res.end('data: 2\n\n')
    })
    const response = await within(Promise.resolve(app.fetch(get('/events'))))
    const reader = response.body!.getReader()
    const first = await within(reader.read())
    expect(new TextDecoder().decode(first.value)).toBe('data: 1\n\n')
    finish()
    const second = await reader.read()
    expect(new TextDecoder().decode(second.value)).toBe('data: 2\n\n')
    expect((await reader.read()).done).toBe(true)
  })

  it('writeHead() with a later write streams from the writeHead', async () => {
    const app = fromNode((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      setTimeout(() => res.end('late'), 20)
    })
    const response = await within(Promise.resolve(app.fetch(get('/'))))
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(await response.text()).toBe('late')
  })

  it('streams a large request body in and a large response out, with backpressure', async () => {
    const size = 4 * 1024 * 1024
    const app = fromNode((req, res) => {
      res.setHeader('content-type', 'application/octet-stream')
      req.pipe(res)
    })
    let sent = 0
    const chunk = new Uint8Array(64 * 1024).fill(7)
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= size) return controller.close()
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const response = await within(
      Promise.resolve(app.fetch(new Request('http://localhost/echo', { method: 'POST', body, duplex: 'half' } as RequestInit))),
      10_000,
    )
    const bytes = new Uint8Array(await within(response.arrayBuffer(), 10_000))
    expect(bytes.byteLength).toBe(size)
    expect(bytes.every((b) => b === 7)).toBe(true)
  })

  it('HEAD and 204 give a Response without body', async () => {
    const app = fromNode((req, res) => {
      res.statusCode = req.url === '/none' ? 204 : 200
      res.setHeader('content-length', '5')
      res.end(req.method === 'HEAD' ? undefined : 'hello')
    })
    const head = await app.fetch(get('/', { method: 'HEAD' }))
    expect(head.body).toBeNull()
    expect(head.headers.get('content-length')).toBe('5')
    const none = await app.fetch(get('/none'))
    expect(none.status).toBe(204)
    expect(none.body).toBeNull()
  })

  it('errors: a throw or rejection before sending gives 500; after sending, the body stream errors', async () => {
    const onError = vi.fn()
    const sync = await callNodeListener(() => {
      throw new Error('sync')
    }, get('/'), { onError })
    expect(sync.status).toBe(500)
    const rejected = await callNodeListener(async () => {
      throw new Error('async')
    }, get('/'), { onError })
    expect(rejected.status).toBe(500)
    expect(onError).toHaveBeenCalledTimes(2)

    const midway = await callNodeListener(
      (_req: IncomingMessage, res: ServerResponse) => {
        res.write('partial')
        setTimeout(() => res.destroy(), 10)
      },
      get('/'),
      { onError },
    )
    await expect(midway.text()).rejects.toThrow()
  })

  it('client abort: req and res see close, the pending response rejects', async () => {
    const controller = new AbortController()
    let closed!: Promise<void>
    let aborted!: Promise<void>
    let pending!: Promise<Response>
    const started = new Promise<void>((resolve) => {
      const app = fromNode((req, res) => {
        closed = once(res, 'close')
        aborted = once(req, 'close')
        resolve()
      })
      pending = Promise.resolve(app.fetch(get('/slow', { signal: controller.signal })))
      pending.catch(() => {}) // asserted below; keeps the rejection from being reported as unhandled meanwhile
    })
    await started
    controller.abort()
    await within(Promise.all([closed, aborted]), 2000, 'close events')
    await expect(pending).rejects.toThrow(/abort/i)
  })

  it('a consumer cancelling the body closes res', async () => {
    let closed!: Promise<void>
    const app = fromNode((_req, res) => {
      closed = once(res, 'close')
      res.write('x')
    })
    const response = await app.fetch(get('/'))
    await response.body!.cancel()
    await within(closed, 2000, 'res close')
  })

  it('Express req.protocol / req.ip through the socket', async () => {
    const app = express()
    app.get('/who', (req, res) => {
      res.json({ protocol: req.protocol, ip: req.ip ?? null, secure: req.secure })
    })
    const response = await callNodeListener(app, new Request('https://localhost/who'), { remoteAddress: '10.0.0.1' })
    expect(await response.json()).toEqual({ protocol: 'https', ip: '10.0.0.1', secure: true })
  })
})
