/** src/ws/frames.ts: what a socket answers a bad message with, close codes checked, byte sizes bounded cheaply. */
import { describe, expect, it } from 'vitest'
import { BadRequest, InternalServerError, TooManyRequests } from '../../src/exceptions'
import { ConversionError } from '../../src/schema/errors'
import { Invalid } from '../../src/schema/parse'
import { checkClose, errorFrame, frameOf, textBytes } from '../../src/ws/frames'

describe('errorFrame', () => {
  it('lists issues only when there are some', () => {
    expect(errorFrame(400, 'bad')).toEqual({ error: { status: 400, message: 'bad' } })
    expect(errorFrame(400, 'bad', [])).toEqual({ error: { status: 400, message: 'bad' } })
    expect(errorFrame(400, 'bad', [{ path: ['a'], message: 'm' }])).toEqual({ error: { status: 400, message: 'bad', issues: [{ path: ['a'], message: 'm' }] } })
  })
})

describe('frameOf', () => {
  it('answers a failed validation with every issue and its path', () => {
    const invalid = new Invalid('expected number', ['n'], [
      { reason: 'expected number', path: ['n'] },
      { reason: 'too short', path: ['name'] },
    ])
    expect(frameOf(invalid)).toEqual({
      error: { status: 400, message: 'invalid message', issues: [{ path: ['n'], message: 'expected number' }, { path: ['name'], message: 'too short' }] },
    })
  })

  it('answers a 4xx error with its status and message, a conversion error with its path', () => {
    expect(frameOf(new TooManyRequests('slow down'))).toEqual({ error: { status: 429, message: 'slow down' } })
    expect(frameOf(new ConversionError("invalid number: 'x'", ['n']))).toEqual({ error: { status: 400, message: 'invalid message', issues: [{ path: ['n'], message: "invalid number: 'x'" }] } })
    expect(frameOf(new BadRequest()).error.status).toBe(400)
  })

  it('never shows a server error or anything else thrown (no leak of its message)', () => {
    expect(frameOf(new InternalServerError('db password is hunter2'))).toEqual({ error: { status: 400, message: 'invalid message' } })
    expect(frameOf(new Error('stack and secrets'))).toEqual({ error: { status: 400, message: 'invalid message' } })
    expect(frameOf('thrown string')).toEqual({ error: { status: 400, message: 'invalid message' } })
  })
})

describe('textBytes', () => {
  it('is the UTF-8 size when no cap is given', () => {
    expect(textBytes('abc')).toBe(3)
    expect(textBytes('é€😀')).toBe(2 + 3 + 4)
  })

  it('compares with a cap as the exact size would, without always encoding', () => {
    for (const [text, cap] of [['é'.repeat(10), 19], ['é'.repeat(10), 20], ['a'.repeat(50), 40], ['😀'.repeat(10), 39], ['😀'.repeat(10), 40], ['abc', 100]] as const) {
      const exact = new TextEncoder().encode(text).byteLength
      expect(textBytes(text, cap) > cap, `${text.length} units, cap ${cap}`).toBe(exact > cap)
    }
  })
})

describe('checkClose', () => {
  it('accepts the codes an endpoint may send', () => {
    for (const code of [1000, 1001, 1007, 1008, 1011, 3000, 4999]) expect(() => checkClose(code, ''), String(code)).not.toThrow()
  })

  it('refuses reserved, unknown and non-integer codes', () => {
    for (const code of [999, 1002, 1005, 1006, 1012, 1015, 2999, 5000, 1000.5, Number.NaN])
      expect(() => checkClose(code, ''), String(code)).toThrow(RangeError)
    expect(() => checkClose(1005, '')).toThrow('socket.close(1005): the code must be 1000, 1001, 1007–1011 or 3000–4999')
  })

  it('refuses a reason over 123 UTF-8 bytes', () => {
    expect(() => checkClose(1000, 'a'.repeat(123))).not.toThrow()
    expect(() => checkClose(1000, 'é'.repeat(62))).toThrow('socket.close(): the reason must be at most 123 bytes (RFC 6455)')
  })
})
