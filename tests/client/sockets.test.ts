/** src/client/sockets.ts: where `fw-api/client/ws` registers the socket layer with the HTTP client — once, the first one. */
import { describe, expect, it } from 'vitest'
import { registerSockets, type SocketsLayer, socketsLayer } from '../../src/client/sockets'

const layer = (name: string): SocketsLayer => ({ index: () => new Map([[name, { method: 'GET', path: `/${name}`, operation: {} }]]), connect: async () => Promise.reject(new Error(name)) })

describe('registerSockets / socketsLayer', () => {
  it('has no layer until fw-api/client/ws registers one, then keeps the first', () => {
    expect(socketsLayer()).toBeUndefined()
    const first = layer('first')
    registerSockets(first)
    registerSockets(layer('second'))
    expect(socketsLayer()).toBe(first)
    expect([...(socketsLayer()?.index({}).keys() ?? [])]).toEqual(['first'])
  })
})
