/**
 * src/proxy/forwarded.ts: the client behind trusted proxies, read from `X-Forwarded-*` or
 * `Forwarded` from the right and only through trusted hops; every value checked, hostile chains
 * bounded.
 */
import { describe, expect, it } from 'vitest'
import { cpuTimeSync } from '../helpers/time'
import { forwarded, hopAddress, MAX_HOPS, xForwarded } from '../../src/proxy/forwarded'

/** Trusts the peer 10.0.0.1 and the proxies 10.0.0.x. */
const trustedProxies = (address: string): boolean => address.startsWith('10.0.0.')
const request = (headers: Record<string, string>): Headers => new Headers(headers)

describe('hopAddress', () => {
  it('reads an address with its port or brackets, quoted or not, IPv4-mapped as IPv4', () => {
    expect(hopAddress(' 203.0.113.7 ')).toBe('203.0.113.7')
    expect(hopAddress('203.0.113.7:4711')).toBe('203.0.113.7')
    expect(hopAddress('"[2001:DB8::1]:4711"')).toBe('2001:db8::1')
    expect(hopAddress('[::ffff:1.2.3.4]')).toBe('1.2.3.4')
  })

  it('refuses a name, `unknown`, an obfuscated identifier and junk', () => {
    for (const bad of ['unknown', '_hidden', 'example.com', '', '"', '1.2.3.4:', '[1.2.3.4']) expect(hopAddress(bad), bad).toBeUndefined()
  })
})

describe('xForwarded', () => {
  const resolve = xForwarded(trustedProxies)

  it('ignores the headers of an untrusted peer, or with no peer', () => {
    expect(resolve(request({ 'x-forwarded-for': '1.1.1.1' }), '203.0.113.9')).toBeUndefined()
    expect(resolve(request({ 'x-forwarded-for': '1.1.1.1' }), undefined)).toBeUndefined()
  })

  it('walks from the right through trusted hops and stops at the first other', () => {
    const chain = request({ 'x-forwarded-for': '6.6.6.6, 198.51.100.1, 10.0.0.2' })
    expect(resolve(chain, '10.0.0.1')?.ip).toBe('198.51.100.1')
  })

  it('keeps the peer when no chain is sent, and gives no address for a garbled entry', () => {
    expect(resolve(request({}), '10.0.0.1')).toEqual({ ip: '10.0.0.1', protocol: undefined, host: undefined })
    expect(resolve(request({ 'x-forwarded-for': 'garbage' }), '10.0.0.1')?.ip).toBeUndefined()
  })

  it('takes proto and host from the entry the outermost believed hop wrote (it saw the client), checked', () => {
    const sent = request({ 'x-forwarded-for': '198.51.100.1, 10.0.0.2', 'x-forwarded-proto': 'HTTPS, http', 'x-forwarded-host': 'api.example.com:8443, inner.local' })
    expect(resolve(sent, '10.0.0.1')).toEqual({ ip: '198.51.100.1', protocol: 'https', host: 'api.example.com:8443' })
    const bad = request({ 'x-forwarded-for': '198.51.100.1', 'x-forwarded-proto': 'ht tp', 'x-forwarded-host': 'a/b' })
    expect(resolve(bad, '10.0.0.1')).toEqual({ ip: '198.51.100.1', protocol: undefined, host: undefined })
  })

  it(`reads at most ${MAX_HOPS} entries of a hostile chain`, () => {
    const hostile = request({ 'x-forwarded-for': Array.from({ length: 10_000 }, (_, index) => `10.0.0.${index % 250}`).join(', ') })
    const { ms } = cpuTimeSync(() => {
      expect(resolve(hostile, '10.0.0.1')?.ip).toMatch(/^10\.0\.0\./)
    })
    expect(ms, 'CPU ms (a hang guard)').toBeLessThan(2000)
  })
})

describe('forwarded (RFC 7239)', () => {
  const resolve = forwarded(trustedProxies)

  it('reads for, proto and host of the trusted elements from the right', () => {
    const sent = request({ forwarded: 'for=6.6.6.6, for="[2001:db8::7]:80";proto=https;host="api.example.com", for=10.0.0.2;proto=http' })
    expect(resolve(sent, '10.0.0.1')).toEqual({ ip: '2001:db8::7', protocol: 'https', host: 'api.example.com' })
  })

  it('keeps commas and semicolons inside quotes as part of a value', () => {
    const sent = request({ forwarded: 'for="198.51.100.1";host="a.example"' })
    expect(resolve(sent, '10.0.0.1')?.ip).toBe('198.51.100.1')
    const quotedComma = request({ forwarded: 'for=198.51.100.2;host="x,y", for=10.0.0.3' })
    expect(resolve(quotedComma, '10.0.0.1')?.ip).toBe('198.51.100.2')
  })

  it('ends the walk at an element without `for`, and at an untrusted or unreadable one', () => {
    expect(resolve(request({ forwarded: 'proto=https' }), '10.0.0.1')).toEqual({ ip: '10.0.0.1', protocol: 'https', host: undefined })
    expect(resolve(request({ forwarded: 'for=unknown' }), '10.0.0.1')?.ip).toBeUndefined()
    expect(resolve(request({ forwarded: 'for=1.1.1.1' }), '198.51.100.5')).toBeUndefined()
  })
})
