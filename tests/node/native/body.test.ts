/**
 * src/node/native/body.ts: the native path's body read — a body node:http holds whole (complete,
 * or all its Content-Length there) taken in one read in the same promise step; one still arriving
 * gathered from its events; a request closed before its body was complete a refusal, never a
 * wait; a body taken before its end was parsed marked (`bodyTaken`) and the request set flowing.
 */
import { describe, expect, it } from 'vitest'
import { bodyTaken, readIncoming } from '../../../src/node/native/body'
import { incomingMessage } from '../in-process'

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes)
const failWith = (error: unknown): unknown => new Error(`refused: ${(error as Error).message}`)

describe('readIncoming', () => {
  it('takes a complete body in one read, and an empty one as no bytes', async () => {
    const req = incomingMessage('POST', '/', ['Content-Length', '5'], { body: 'hello' })
    expect(await readIncoming(req, text, failWith)).toBe('hello')
    expect(bodyTaken(req)).toBe(false)
    const empty = incomingMessage('POST', '/', ['Content-Length', '0'])
    expect(await readIncoming(empty, (bytes) => bytes.byteLength, failWith)).toBe(0)
  })

  it('takes a body whose Content-Length is all there before its end was parsed, marks it, lets it end', async () => {
    const req = incomingMessage('POST', '/', ['Content-Length', '3'], { body: 'abc', ended: false })
    expect(await readIncoming(req, text, failWith)).toBe('abc')
    expect(bodyTaken(req)).toBe(true)
    expect(req.readableFlowing).toBe(true)
    const ended = new Promise((resolve) => req.once('end', resolve))
    req.push(null)
    await ended
  })

  it('gathers a body still arriving (part of its length, or chunked) from its events', async () => {
    const partial = incomingMessage('POST', '/', ['Content-Length', '6'], { body: 'abc', ended: false })
    const reading = readIncoming(partial, text, failWith)
    setTimeout(() => {
      partial.push('def')
      partial.push(null)
    }, 2)
    expect(await reading).toBe('abcdef')
    expect(bodyTaken(partial)).toBe(false)

    const chunked = incomingMessage('POST', '/', ['Transfer-Encoding', 'chunked'], { body: 'one', ended: false })
    const gathering = readIncoming(chunked, text, failWith)
    setTimeout(() => {
      chunked.push('two')
      chunked.push(null)
    }, 2)
    expect(await gathering).toBe('onetwo')
  })

  it('refuses, through fail, a body closed before it was complete, or a request already destroyed', async () => {
    const cut = incomingMessage('POST', '/', ['Content-Length', '100'], { body: 'part', ended: false })
    const reading = readIncoming(cut, text, failWith)
    setTimeout(() => cut.destroy(), 2)
    await expect(reading).rejects.toThrow('refused: request body closed before it was complete')

    const gone = incomingMessage('POST', '/', ['Content-Length', '4'], { body: 'part', ended: false })
    gone.destroy()
    await expect(readIncoming(gone, text, failWith)).rejects.toThrow('refused: request body closed before it was complete')

    const broken = incomingMessage('POST', '/', ['Content-Length', '100'], { ended: false })
    const failing = readIncoming(broken, text, failWith)
    setTimeout(() => broken.destroy(new Error('ECONNRESET')), 2)
    await expect(failing).rejects.toThrow('refused: ECONNRESET')
  })

  it("rejects with what `use` throws, as it is (not through fail)", async () => {
    const req = incomingMessage('POST', '/', ['Content-Length', '2'], { body: '{x' })
    await expect(readIncoming(req, (bytes) => JSON.parse(text(bytes)) as unknown, failWith)).rejects.toThrow(SyntaxError)
  })

  it('gathers, not takes, a body another reader set flowing, or with a Content-Length that is not a number', async () => {
    const flowing = incomingMessage('POST', '/', ['Content-Length', '3'], { body: 'abc', ended: false })
    flowing.on('data', () => {})
    const gathering = readIncoming(flowing, text, failWith)
    setTimeout(() => flowing.push(null), 2)
    expect(await gathering).toBe('abc') // gathered from the events the other reader set flowing
    expect(bodyTaken(flowing)).toBe(false)

    const odd = incomingMessage('POST', '/', ['Content-Length', 'abc'], { body: 'abc', ended: false })
    const waiting = readIncoming(odd, text, failWith)
    setTimeout(() => odd.push(null), 2)
    expect(await waiting).toBe('abc')
    expect(bodyTaken(odd)).toBe(false)
  })
})
