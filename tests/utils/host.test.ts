/** The one Host check (utils/host.ts), used by the dispatcher (Deno) and both Node request stand-ins. */
import { describe, expect, it } from 'vitest'
import { hostKind, usableHost } from '../../src/utils/host'

describe('hostKind', () => {
  it('keeps a Host the URL parser keeps as it is', () => {
    for (const host of ['127.0.0.1:8000', 'localhost', 'localhost:3000', 'api.example.com', 'example1.com']) expect(hostKind(host), host).toBe('plain')
  })
  it('sends to the URL parser a Host it may rewrite (case, numbers, punycode, IP literals, odd ports)', () => {
    for (const host of ['Example.COM', '1.2', '0x7f.1', 'host1', 'xn--nxasmq6b.com', '[::1]:8000', 'localhost:80', 'a%41']) expect(hostKind(host), host).toBe('parse')
  })
  it('refuses a Host with a character no Host has', () => {
    for (const host of ['a/admin', 'a@b', 'a b', 'a\\b', 'a?b', 'a#b', 'é.com', 'a"b', '<x>']) {
      expect(hostKind(host), host).toBe('bad')
      expect(usableHost(host), host).toBe(false)
    }
    expect(usableHost('Example.COM:8000')).toBe(true)
  })
})
