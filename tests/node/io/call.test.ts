/**
 * src/node/io/call.ts: a Node request listener called in-process for a Web `Request` — the
 * listener's answer as a Response; a final `next` only when asked for (404 `Cannot GET /x`, or
 * the error); a throw, a rejection or a throw in its req/res events one 500 with one report; a
 * connection the handler closes, or a client that goes away, rejecting the pending answer; the
 * client address and TLS on the socket.
 */
import { describe, expect, it, vi } from 'vitest'
import { callNodeListener, type NodeListener } from '../../../src/node/io/call'

const get = (path: string, init?: RequestInit): Request => new Request(`http://localhost${path}`, init)

describe('callNodeListener', () => {
  it("returns the listener's answer; reports the address given and https on the socket", async () => {
    let seen: unknown[] = []
    const listener: NodeListener = (req, res) => {
      seen = [req.socket.remoteAddress, Reflect.get(req.socket, 'encrypted'), req.url]
      res.setHeader('content-type', 'text/plain')
      res.end('hello')
    }
    const response = await callNodeListener(listener, new Request('https://example.com/a?b=1'), { remoteAddress: '198.51.100.4' })
    expect(await response.text()).toBe('hello')
    expect(seen).toEqual(['198.51.100.4', true, '/a?b=1'])
  })

  it('passes a final next only with withNext: a 404 naming the method and path, or the error as a 500', async () => {
    const argumentsSeen: number[] = []
    const passOn: NodeListener = (...args: unknown[]) => {
      argumentsSeen.push(args.length)
      const next = args[2] as ((error?: unknown) => void) | undefined
      next?.()
    }
    const missing = await callNodeListener(passOn, get('/nowhere', { method: 'DELETE' }), { withNext: true })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await missing.text()).toBe('Cannot DELETE /nowhere')
    expect(argumentsSeen).toEqual([3])

    const onError = vi.fn()
    const failing: NodeListener = (_req, _res, next) => next?.(new Error('router failed'))
    const failed = await callNodeListener(failing, get('/'), { withNext: true, onError })
    expect(failed.status).toBe(500)
    expect(onError).toHaveBeenCalledWith(new Error('router failed'))

    const answered: NodeListener = (_req, res, next) => {
      res.end('sent first')
      next?.()
    }
    expect(await (await callNodeListener(answered, get('/'), { withNext: true })).text()).toBe('sent first')
  })

  it('answers a throw, a rejection or a throw in its events with one 500 and one report; its text only with debug', async () => {
    const listeners: NodeListener[] = [
      () => {
        throw new Error('sync')
      },
      async () => {
        throw new Error('async')
      },
      (req) => {
        req.on('end', () => {
          throw new Error('in end')
        })
        ;(req as unknown as { resume(): void }).resume()
      },
    ]
    for (const listener of listeners) {
      const onError = vi.fn()
      const response = await callNodeListener(listener, get('/'), { onError })
      expect(response.status).toBe(500)
      expect(await response.text()).toBe('Internal Server Error')
      await new Promise((resolve) => setTimeout(resolve, 5))
      expect(onError).toHaveBeenCalledTimes(1)
    }
    const shown = await callNodeListener(() => Promise.reject(new TypeError('shown')), get('/'), { onError: () => {}, debug: true })
    expect(await shown.text()).toBe('Internal Server Error: TypeError: shown')
  })

  it('reports to console.error by default', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await callNodeListener(() => {
      throw new Error('default report')
    }, get('/'))
    expect(logged).toHaveBeenCalledWith('fw: a mounted Node handler failed:', new Error('default report'))
  })

  it('rejects when the handler closes the connection without finishing', async () => {
    const destroying: NodeListener = (_req, res) => res.destroy()
    await expect(callNodeListener(destroying, get('/'))).rejects.toThrow('the Node handler closed the connection without finishing the response')
  })

  it('rejects for a request already aborted, without calling the listener; and when aborted while waiting', async () => {
    const listener = vi.fn<NodeListener>()
    const controller = new AbortController()
    controller.abort(new Error('client gone'))
    await expect(callNodeListener(listener, get('/', { signal: controller.signal }))).rejects.toThrow('client gone')
    expect(listener).not.toHaveBeenCalled()

    const later = new AbortController()
    let closed = false
    const waiting = callNodeListener((req) => {
      req.on('close', () => (closed = true))
    }, get('/', { signal: later.signal }))
    later.abort(new Error('went away'))
    await expect(waiting).rejects.toThrow('went away')
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(closed).toBe(true)
  })

  it('hands the request body to the listener', async () => {
    const echo: NodeListener = (req, res) => {
      const parts: Uint8Array[] = []
      req.on('data', (chunk: Uint8Array) => parts.push(chunk))
      req.on('end', () => res.end(`got ${Buffer.concat(parts).toString()}`))
    }
    const response = await callNodeListener(echo, get('/', { method: 'POST', body: 'payload' }))
    expect(await response.text()).toBe('got payload')
  })
})
