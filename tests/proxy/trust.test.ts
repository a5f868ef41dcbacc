/**
 * `trustProxy` (SPEC §14 "Client address", fw-api/proxy): addresses, CIDRs (IPv4, IPv6,
 * IPv4-mapped), hop counts and functions; X-Forwarded-* and RFC 7239 `Forwarded` walked right to
 * left through trusted hops only; bounded on hostile chains. Over real HTTP on every runtime:
 * tests/runtimes/client-address.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { Fw, api, exceptions } from 'fw-api'
import { addressGroups, addressRange, inRange } from '../../src/proxy/address'
import { compileTrustProxy, hopAddress, MAX_HOPS } from 'fw-api/proxy'
import { cpuTimeSync } from '../helpers/time'

const headers = (init: Record<string, string>): Headers => new Headers(init)

describe('addresses and ranges', () => {
  it.each([
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.1', false],
    ['10.0.0.0/8', '::ffff:10.1.2.3', true],
    ['::ffff:10.0.0.0/104', '10.9.9.9', true],
    ['172.16.0.0/12', '172.31.255.255', true],
    ['172.16.0.0/12', '172.32.0.1', false],
    ['2001:db8::/32', '2001:DB8:0:0:1::7', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['fe80::/10', 'fe80::1%eth0', true],
    ['::1', '::1', true],
    ['::1', '::2', false],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['::/0', '2001:db8::1', true],
  ])('%s contains %s: %s', (range, address, expected) => {
    const parsed = addressRange(range)
    const groups = addressGroups(address)
    expect(parsed).toBeDefined()
    expect(groups).toBeDefined()
    if (parsed && groups) expect(inRange(groups, parsed)).toBe(expected)
  })

  it.each(['unknown', '_hidden', '1.2.3', '256.1.1.1', '1.2.3.4.5', '1::2::3', '12345::', ':::', '', 'g::1', '1:2:3:4:5:6:7:8:9'])(
    '%j is not an address',
    (text) => expect(addressGroups(text)).toBeUndefined(),
  )

  it('hop entries: ports, brackets, quotes, IPv4-mapped; garbage is none', () => {
    expect(hopAddress('203.0.113.7:4711')).toBe('203.0.113.7')
    expect(hopAddress('"[2001:DB8::1]:4711"')).toBe('2001:db8::1')
    expect(hopAddress('[::ffff:192.0.2.1]')).toBe('192.0.2.1')
    expect(hopAddress(' 198.51.100.2 ')).toBe('198.51.100.2')
    expect(hopAddress('unknown')).toBeUndefined()
    expect(hopAddress('<script>')).toBeUndefined()
  })

  it('a trustProxy entry that is no address or range is ImproperlyConfigured', () => {
    expect(() => compileTrustProxy(['10.0.0.0/33'])).toThrow(exceptions.ImproperlyConfigured)
    expect(() => compileTrustProxy(['proxy.internal'])).toThrow(/not an IP address, a CIDR range/)
    expect(() => compileTrustProxy(-1)).toThrow(/not a number of hops/)
    expect(() => compileTrustProxy({ hops: 1, header: 'x-real-ip' as 'forwarded' })).toThrow(/not 'x-forwarded'/)
  })
})

describe('X-Forwarded-For / -Proto / -Host through trusted hops', () => {
  const cidr = compileTrustProxy(['10.0.0.0/8', '::1'])

  it('an untrusted peer: the headers change nothing', () => {
    expect(cidr(headers({ 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https' }), '203.0.113.9')).toBeUndefined()
    expect(cidr(headers({ 'x-forwarded-for': '1.2.3.4' }), undefined)).toBeUndefined()
  })

  it('a trusted peer: the rightmost untrusted hop is the client, whatever the client wrote to its left', () => {
    const spoofed = headers({ 'x-forwarded-for': '6.6.6.6, 10.9.9.9, 198.51.100.7, 10.0.0.5', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' })
    expect(cidr(spoofed, '10.0.0.2')).toEqual({ ip: '198.51.100.7', protocol: 'https', host: 'shop.example' })
    expect(cidr(headers({ 'x-forwarded-for': '198.51.100.7' }), '::ffff:10.0.0.2'.replace('::ffff:', ''))?.ip).toBe('198.51.100.7')
  })

  it('every hop trusted: the leftmost is the client', () => {
    expect(cidr(headers({ 'x-forwarded-for': '10.1.1.1, 10.2.2.2' }), '::1')?.ip).toBe('10.1.1.1')
  })

  it('a trusted peer without X-Forwarded-For is the client; its X-Forwarded-Proto is believed', () => {
    expect(cidr(headers({ 'x-forwarded-proto': 'HTTPS' }), '10.0.0.2')).toEqual({ ip: '10.0.0.2', protocol: 'https', host: undefined })
  })

  it('a hop count trusts that many hops, and no entry further left', () => {
    const two = compileTrustProxy(2)
    const chain = headers({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 203.0.113.1' })
    expect(two(chain, '192.0.2.50')?.ip).toBe('198.51.100.7')
    expect(compileTrustProxy(1)(chain, '192.0.2.50')?.ip).toBe('203.0.113.1')
    expect(compileTrustProxy(0)(chain, '192.0.2.50')).toBeUndefined()
  })

  it("X-Forwarded-Proto / -Host lists: the value the outermost trusted hop set, never one further left", () => {
    // one trusted hop appends: the client's own 'https' on the left is not believed
    const appended = headers({ 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https, http', 'x-forwarded-host': 'evil.example, shop.example' })
    expect(cidr(appended, '10.0.0.2')).toEqual({ ip: '198.51.100.7', protocol: 'http', host: 'shop.example' })
  })

  it('a function decides per hop', () => {
    const seen: [string, number][] = []
    const resolve = compileTrustProxy((address, hop) => {
      seen.push([address, hop])
      return hop === 0
    })
    expect(resolve(headers({ 'x-forwarded-for': '1.1.1.1, 2.2.2.2' }), '10.0.0.1')?.ip).toBe('2.2.2.2')
    expect(seen).toEqual([['10.0.0.1', 0], ['2.2.2.2', 1]])
  })

  it('an entry that is no address ends the walk with no client address; bad proto and host are ignored', () => {
    expect(cidr(headers({ 'x-forwarded-for': '1.1.1.1, unknown' }), '10.0.0.2')?.ip).toBeUndefined()
    const bad = cidr(headers({ 'x-forwarded-for': '1.1.1.1', 'x-forwarded-proto': 'ht tp', 'x-forwarded-host': 'a/b@c' }), '10.0.0.2')
    expect(bad).toEqual({ ip: '1.1.1.1', protocol: undefined, host: undefined })
  })

  it(`a hostile chain is bounded: 1,000,000 trusted entries are walked ${MAX_HOPS} deep, fast`, () => {
    const everyone = compileTrustProxy(['0.0.0.0/0'])
    const chain = headers({ 'x-forwarded-for': Array.from({ length: 1_000_000 }, () => '10.0.0.1').join(', '), 'x-forwarded-proto': 'https,'.repeat(100_000) })
    const { ms } = cpuTimeSync(() => {
      for (let round = 0; round < 100; round++) expect(everyone(chain, '10.0.0.2')?.ip).toBe('10.0.0.1')
    })
    // ~0.5 ms a call here; a walk of the whole chain (split + trim) is ~280 ms: the bound is a wide
    // guard, in CPU time (a busy machine stretches the wall clock, not the work)
    expect(ms / 100, 'CPU ms a call').toBeLessThan(50)
  })
})

describe('RFC 7239 Forwarded', () => {
  const resolve = compileTrustProxy({ hops: ['10.0.0.0/8'], header: 'forwarded' })

  it('elements walked right to left; quoted IPv6 with a port; proto and host of the outermost trusted hop', () => {
    const header = 'for=6.6.6.6;proto=http, for="[2001:db8:cafe::17]:4711";proto=https;host=shop.example, for=10.1.1.1;proto=http'
    expect(resolve(headers({ forwarded: header }), '10.0.0.2')).toEqual({ ip: '2001:db8:cafe::17', protocol: 'https', host: 'shop.example' })
  })

  it('X-Forwarded-For is not read when the proxies write Forwarded (one passed through is forged)', () => {
    expect(resolve(headers({ 'x-forwarded-for': '6.6.6.6' }), '10.0.0.2')).toEqual({ ip: '10.0.0.2' })
    expect(compileTrustProxy(['10.0.0.0/8'])(headers({ forwarded: 'for=6.6.6.6' }), '10.0.0.2')?.ip).toBe('10.0.0.2')
  })

  it('for=unknown or an obfuscated node: no address', () => {
    expect(resolve(headers({ forwarded: 'for=_hidden' }), '10.0.0.2')?.ip).toBeUndefined()
  })

  it('a quoted comma does not split an element', () => {
    expect(resolve(headers({ forwarded: 'for=1.2.3.4;host="a,b", for=198.51.100.9' }), '10.0.0.2')?.ip).toBe('198.51.100.9')
  })
})

describe('this.request over service.fetch', () => {
  class WhoAPI extends api.API {
    @api.get
    who() {
      const { ip, protocol, secure, host, origin } = this.request
      return { ip, protocol, secure, host, origin }
    }
  }
  const peerEnv = (address: string) => ({ incoming: { socket: { remoteAddress: address } } })
  const spoof = { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example:443' }

  it('without trustProxy: the peer, the URL; the forwarding headers change nothing', async () => {
    const service = new Fw({ api: WhoAPI })
    const answer = await service.fetch(new Request('http://internal:8000/who', { headers: spoof }), peerEnv('::ffff:10.0.0.2'))
    expect(await answer.json()).toEqual({ ip: '10.0.0.2', protocol: 'http', secure: false, host: 'internal:8000', origin: 'http://internal:8000' })
  })

  it('with trustProxy: the client, protocol and host the trusted proxy names', async () => {
    const service = new Fw({ api: WhoAPI, trustProxy: ['10.0.0.0/8'] })
    const answer = await service.fetch(new Request('http://internal:8000/who', { headers: spoof }), peerEnv('10.0.0.2'))
    expect(await answer.json()).toEqual({ ip: '198.51.100.7', protocol: 'https', secure: true, host: 'shop.example:443', origin: 'https://shop.example' })
  })

  it('no server argument: no address (a request built in code)', async () => {
    const answer = await new Fw({ api: WhoAPI }).fetch(new Request('http://x/who'))
    expect((await answer.json()).ip).toBeUndefined()
  })
})
