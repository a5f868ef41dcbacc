/**
 * src/request/client.ts: the peer address each runtime reports (node:http's socket, Bun's
 * server, Deno's connection info, Workers' `CF-Connecting-IP`), IPv4-mapped IPv6 as IPv4.
 */
import { describe, expect, it } from 'vitest'
import { serverPeer, unmapped, workersPeer } from '../../src/request/client'

const request = new Request('http://h/')

describe('unmapped', () => {
  it('gives IPv4-mapped IPv6 as IPv4, any other address as it is', () => {
    expect(unmapped('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(unmapped('::FFFF:10.0.0.1')).toBe('10.0.0.1')
    expect(unmapped('::ffff:abcd')).toBe('::ffff:abcd')
    expect(unmapped('2001:db8::1')).toBe('2001:db8::1')
    expect(unmapped('::1')).toBe('::1')
  })
})

describe('serverPeer', () => {
  it('reads node:http’s socket address', () => {
    expect(serverPeer(request, { incoming: { socket: { remoteAddress: '::ffff:192.0.2.1' } } })).toBe('192.0.2.1')
    expect(serverPeer(request, { incoming: { socket: {} } })).toBeUndefined()
  })

  it('asks Bun’s server for the request’s address', () => {
    const bun = { requestIP: (asked: Request) => (asked === request ? { address: '198.51.100.7' } : null), upgrade: () => false }
    expect(serverPeer(request, bun)).toBe('198.51.100.7')
    expect(serverPeer(new Request('http://h/'), bun)).toBeUndefined()
  })

  it('reads Deno’s remoteAddr, and none once it throws (the request closed)', () => {
    expect(serverPeer(request, { remoteAddr: { hostname: '203.0.113.5' } })).toBe('203.0.113.5')
    const closed = Object.defineProperty({}, 'remoteAddr', {
      enumerable: true,
      get() {
        throw new Error('closed')
      },
    })
    expect(serverPeer(request, closed)).toBeUndefined()
  })

  it('reports none for an empty address, an unknown env, or no env', () => {
    expect(serverPeer(request, { incoming: { socket: { remoteAddress: '' } } })).toBeUndefined()
    expect(serverPeer(request, { other: true })).toBeUndefined()
    expect(serverPeer(request, undefined)).toBeUndefined()
    expect(serverPeer(request, 'env')).toBeUndefined()
  })
})

describe('workersPeer', () => {
  it('reads CF-Connecting-IP, none without it', () => {
    expect(workersPeer(new Request('http://h/', { headers: { 'cf-connecting-ip': '2001:db8::2' } }), undefined)).toBe('2001:db8::2')
    expect(workersPeer(request, undefined)).toBeUndefined()
  })
})
