/**
 * src/node/native/target.ts: the URL of a node:http request on the native path — a plain target
 * joined to its Host without parsing, anything else through the URL parser; an unusable Host, a
 * backslash in the path or a target that is no path a 400 (`BadRequestTarget`).
 */
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { BadRequestTarget, DOT_SEGMENT, incomingUrl, PLAIN_TARGET, plainTarget } from '../../../src/node/native/target'

const incoming = (url: string, host?: string, encrypted = false): IncomingMessage =>
  ({ url, rawHeaders: host === undefined ? [] : ['Host', host], socket: { encrypted } }) as unknown as IncomingMessage

describe('plainTarget', () => {
  it('agrees with PLAIN_TARGET without a dot segment, on targets of every character', () => {
    const chars = ['/', 'a', 'Z', '0', '.', '-', '_', '~', '?', '#', '%', '&', '=', '[', ']', ' ', '"', '<', '\\', '^', '`', '{', '|', '}', 'é', '\u0000']
    let seed = 7
    const next = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % below
    }
    for (let run = 0; run < 3000; run++) {
      const target = `/${Array.from({ length: next(10) }, () => chars[next(chars.length)]).join('')}`
      expect(plainTarget(target), JSON.stringify(target)).toBe(PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target))
    }
  })

  it('refuses dot segments, and what does not start with a slash', () => {
    for (const target of ['/a/../b', '/./a', '/a/..', '/a/.?x', '/..#']) expect(plainTarget(target), target).toBe(false)
    for (const target of ['/a/.b', '/a/..b/', '/...']) expect(plainTarget(target), target).toBe(true)
    expect(plainTarget('')).toBe(false)
    expect(plainTarget('a/b')).toBe(false)
  })
})

describe('incomingUrl', () => {
  it('joins a plain target to the Host, https on an encrypted socket', () => {
    expect(incomingUrl(incoming('/api/x?y=1', 'example.com:8080'), 'fallback')).toBe('http://example.com:8080/api/x?y=1')
    expect(incomingUrl(incoming('/a', 'h', true), 'fallback')).toBe('https://h/a')
    expect(incomingUrl(incoming('', 'h'), 'fallback')).toBe('http://h/')
  })

  it('uses the server’s hostname without a Host', () => {
    expect(incomingUrl(incoming('/a'), 'localhost')).toBe('http://localhost/a')
  })

  it('resolves other targets through the URL parser, absolute-form in any case included', () => {
    expect(incomingUrl(incoming('/a/../b', 'h'), 'x')).toBe('http://h/b')
    expect(incomingUrl(incoming('/a b', 'h'), 'x')).toBe('http://h/a%20b')
    expect(incomingUrl(incoming('HTTP://other/p', 'h'), 'x')).toBe('http://other/p')
  })

  it('refuses an unusable Host, a backslash in the path and a target that is no path', () => {
    expect(() => incomingUrl(incoming('/a', 'h/admin'), 'x')).toThrow(BadRequestTarget)
    expect(() => incomingUrl(incoming('/a\\b', 'h'), 'x')).toThrow('backslash in the request path')
    expect(incomingUrl(incoming('/a?b=\\', 'h'), 'x')).toBe('http://h/a?b=\\')
    expect(() => incomingUrl(incoming('*', 'h'), 'x')).toThrow('invalid request target')
  })
})
