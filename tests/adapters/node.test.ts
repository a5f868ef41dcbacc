/**
 * src/adapters/node.ts: `fromNode(listener)` — a Node request listener marked for mounting, called
 * in process for a Web Request; Express-style `next` passed only to a middleware that takes one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { fromNode, isNodeApp, wantsNext } from '../../src/adapters/node'
import { ImproperlyConfigured } from '../../src/exceptions'

describe('fromNode', () => {
  it('answers a Web Request with what the listener writes', async () => {
    const app = fromNode((request: IncomingMessage, response: ServerResponse) => {
      response.setHeader('x-method', request.method ?? '')
      response.end(`hello ${request.url}`)
    })
    const answer = await app.fetch(new Request('http://h/path?q=1', { method: 'POST' }))
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-method')).toBe('POST')
    expect(await answer.text()).toBe('hello /path?q=1')
  })

  it('is frozen and told apart from other values', () => {
    const app = fromNode((_request: IncomingMessage, response: ServerResponse) => response.end())
    expect(Object.isFrozen(app)).toBe(true)
    expect(isNodeApp(app)).toBe(true)
    expect(isNodeApp(() => {})).toBe(false)
    expect(isNodeApp({ listener: () => {}, fetch: () => {} })).toBe(false)
    expect(isNodeApp(null)).toBe(false)
  })

  it('refuses what is no function', () => {
    expect(() => fromNode('app' as never)).toThrow(ImproperlyConfigured)
    expect(() => fromNode({} as never)).toThrow('fromNode() expects a (req, res) => void function')
  })
})

describe('wantsNext', () => {
  it('is true for a (req, res, next) middleware, false for a listener or an app with listen()', () => {
    expect(wantsNext((_a: unknown, _b: unknown, _next: unknown) => {})).toBe(true)
    expect(wantsNext((_a: unknown, _b: unknown) => {})).toBe(false)
    const expressLike = Object.assign((_a: unknown, _b: unknown, _next: unknown) => {}, { listen: () => {} })
    expect(wantsNext(expressLike)).toBe(false)
  })
})
