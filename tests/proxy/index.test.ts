/** src/proxy/index.ts: the `trustProxy` option compiled into the resolver of the client behind trusted proxies. */
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { compileTrustProxy } from '../../src/proxy/index'

describe('compileTrustProxy', () => {
  it('reads X-Forwarded-* by default, through the hops it trusts', () => {
    const resolve = compileTrustProxy(['10.0.0.0/8'])
    expect(resolve(new Headers({ 'x-forwarded-for': '203.0.113.9', forwarded: 'for=198.51.100.1' }), '10.1.1.1')?.ip).toBe('203.0.113.9')
    expect(resolve(new Headers({ 'x-forwarded-for': '203.0.113.9' }), '192.0.2.1')).toBeUndefined()
  })

  it('reads RFC 7239 Forwarded when asked', () => {
    const resolve = compileTrustProxy({ hops: ['10.0.0.0/8'], header: 'forwarded' })
    expect(resolve(new Headers({ 'x-forwarded-for': '203.0.113.9', forwarded: 'for=198.51.100.1' }), '10.1.1.1')?.ip).toBe('198.51.100.1')
  })

  it('refuses another header', () => {
    expect(() => compileTrustProxy({ hops: ['10.0.0.0/8'], header: 'x-real-ip' } as never)).toThrow(
      `trustProxy: header "x-real-ip" is not 'x-forwarded' (X-Forwarded-For/-Proto/-Host) or 'forwarded' (RFC 7239)`,
    )
    expect(() => compileTrustProxy({ hops: ['10.0.0.0/8'], header: 'x-real-ip' } as never)).toThrow(ImproperlyConfigured)
  })
})
