/** src/ws/options.ts: what `@ws.socket(…, options)` declares — limits with their defaults and bounds, protocols, refused mistakes. */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ImproperlyConfigured } from '../../src/exceptions'
import { DEFAULT_LIMITS, MAX_MESSAGE_BYTES_CAP, socketDecl } from '../../src/ws/options'

describe('socketDecl', () => {
  it('fills the limits a socket leaves out with the defaults', () => {
    const receive = z.object({ text: z.string() })
    const decl = socketDecl({ receive, messagesPerSecond: 5, idleTimeout: 0, protocols: ['chat.v1'] }, 'Chat.room')
    expect(decl.receive).toBe(receive)
    expect(decl.protocols).toEqual(['chat.v1'])
    expect(decl.limits).toEqual({ ...DEFAULT_LIMITS, messagesPerSecond: 5, idleTimeout: 0 })
    expect(socketDecl(undefined, 'x').limits).toEqual(DEFAULT_LIMITS)
  })

  it('refuses an unknown option, naming the known ones', () => {
    expect(() => socketDecl({ maxMessageSize: 10 } as never, 'Chat.room')).toThrow(/^Chat\.room: unknown @ws\.socket option 'maxMessageSize' \(known: maxMessageBytes, /)
  })

  it('refuses limits that are no positive integers (idleTimeout may be 0)', () => {
    for (const options of [{ maxMessageBytes: 0 }, { messagesPerSecond: 1.5 }, { maxUnreadMessages: -1 }, { idleTimeout: -1 }, { maxBufferedBytes: Number.NaN }])
      expect(() => socketDecl(options, 'x'), JSON.stringify(options)).toThrow(ImproperlyConfigured)
    expect(() => socketDecl({ idleTimeout: -1 }, 'x')).toThrow('x: @ws.socket idleTimeout must be a non-negative integer, got -1')
  })

  it(`caps a message at ${MAX_MESSAGE_BYTES_CAP} bytes`, () => {
    expect(() => socketDecl({ maxMessageBytes: MAX_MESSAGE_BYTES_CAP + 1 }, 'x')).toThrow('x: @ws.socket maxMessageBytes is at most 16777216 (16 MiB)')
    expect(socketDecl({ maxMessageBytes: MAX_MESSAGE_BYTES_CAP }, 'x').limits.maxMessageBytes).toBe(MAX_MESSAGE_BYTES_CAP)
  })

  it('refuses a subprotocol that is no token', () => {
    expect(() => socketDecl({ protocols: ['chat v1'] }, 'x')).toThrow('x: @ws.socket protocol "chat v1" is not a token (RFC 6455 §4.1)')
    expect(() => socketDecl({ protocols: ['a,b'] }, 'x')).toThrow(ImproperlyConfigured)
  })
})
