/**
 * src/body/stream.ts: reading a request body — a body framed by the server's Content-Length read
 * whole, any other read as a stream counting the bytes that arrive; past the limit a 413, a body
 * that fails to arrive a 400; which servers frame bodies.
 */
import { describe, expect, it } from 'vitest'
import {
  checkDeclaredLength,
  declaredLength,
  fromFramingServer,
  isFramed,
  markFramed,
  pump,
  readAll,
  readFramed,
  readFramedText,
  tooLarge,
  unreadable,
} from '../../src/body/stream'
import { BadRequest, RequestEntityTooLarge } from '../../src/exceptions'
import { FRAMED } from '../../src/utils/http'

type Bytes = Uint8Array<ArrayBuffer>
const encode = (text: string): Bytes => new TextEncoder().encode(text) as Bytes
const streamOf = (...chunks: string[]): ReadableStream<Bytes> =>
  new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encode(chunk))
      controller.close()
    },
  })
const failing = (): ReadableStream<Bytes> =>
  new ReadableStream({
    pull(controller) {
      controller.error(new Error('connection reset'))
    },
  })
const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://h/', { method: 'POST', body, headers, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) } as RequestInit)

describe('declaredLength / isFramed / markFramed', () => {
  it('reads a Content-Length of digits only, -1 otherwise', () => {
    expect(declaredLength(post('abc', { 'content-length': '3' }))).toBe(3)
    expect(declaredLength(new Request('http://h/', { method: 'POST', body: 'x', headers: { 'content-length': '1e3' } }))).toBe(-1)
    expect(declaredLength(new Request('http://h/'))).toBe(-1)
  })

  it('counts a request framed when its server marked it (or it says so), with a length and no Transfer-Encoding', () => {
    const marked = post('abc')
    expect(isFramed(marked, 3)).toBe(false)
    markFramed(marked)
    expect(isFramed(marked, 3)).toBe(true)
    expect(isFramed(marked, -1)).toBe(false)
    expect(isFramed(post('abc'), 3, true)).toBe(true)
    const selfMarked = Object.assign(post('abc'), { [FRAMED]: true })
    expect(isFramed(selfMarked, 3)).toBe(true)
  })
})

describe('fromFramingServer', () => {
  it('tells the servers that frame bodies by their env: Deno, Bun, node:http over HTTP/1', () => {
    expect(fromFramingServer({ remoteAddr: {}, completed: Promise.resolve() })).toBe(true)
    expect(fromFramingServer({ requestIP: () => null, upgrade: () => false })).toBe(true)
    expect(fromFramingServer({ incoming: { httpVersionMajor: 1, rawHeaders: [], socket: {} }, outgoing: { writeHead: () => {} } })).toBe(true)
    expect(fromFramingServer({ incoming: { httpVersionMajor: 2, rawHeaders: [], socket: {} }, outgoing: { writeHead: () => {} } })).toBe(false)
    for (const env of [undefined, null, {}, 'env', { requestIP: () => null }]) expect(fromFramingServer(env)).toBe(false)
  })

  it('never reads Deno’s remoteAddr getter (it throws once the request closed)', () => {
    const env = Object.defineProperty({ completed: Promise.resolve() }, 'remoteAddr', {
      get() {
        throw new Error('closed')
      },
    })
    expect(fromFramingServer(env)).toBe(true)
  })
})

describe('readFramed / readFramedText', () => {
  it('reads a framed body whole, and refuses one over the limit with a 413', async () => {
    expect([...(await readFramed(post('abc'), 10))]).toEqual([97, 98, 99])
    expect(await readFramed(post('abc'), 10, (bytes) => bytes.byteLength)).toBe(3)
    await expect(readFramed(post('abcd'), 3)).rejects.toBeInstanceOf(RequestEntityTooLarge)
    expect(await readFramedText(post('héllo'), 10)).toBe('héllo')
    await expect(readFramedText(post('abcd'), 3)).rejects.toThrow('body exceeds 3 bytes')
  })

  it("drops a leading BOM from a framed body's text, as UTF-8 decode does (workerd's text() keeps it)", async () => {
    const keepsBom = { text: () => Promise.resolve('\uFEFF{"a":1}'), headers: new Headers() } as unknown as Request
    expect(await readFramedText(keepsBom, 10)).toBe('{"a":1}')
    expect(await readFramedText(keepsBom, 10, (text) => JSON.parse(text))).toEqual({ a: 1 })
  })

  it('answers a body that fails to arrive with a 400 keeping its cause', async () => {
    const error = await readFramed(post(failing(), {}), 10).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(BadRequest)
    expect((error as BadRequest).message).toBe('request body could not be read')
    expect((error as BadRequest).cause).toBeInstanceOf(Error)
  })
})

describe('readAll', () => {
  it('joins the chunks, hands a lone chunk back as it is, and an empty body as empty', async () => {
    expect(new TextDecoder().decode(await readAll(streamOf('ab', 'cd', 'e'), 100))).toBe('abcde')
    expect((await readAll(streamOf(), 100)).byteLength).toBe(0)
  })

  it('stops at the declared length and refuses a body past the limit', async () => {
    expect(new TextDecoder().decode(await readAll(streamOf('ab', 'cd', 'ef'), 100, 4))).toBe('abcd')
    await expect(readAll(streamOf('abc', 'def'), 5)).rejects.toThrow('body exceeds 5 bytes')
    await expect(readAll(failing(), 5)).rejects.toBeInstanceOf(BadRequest)
  })
})

describe('pump', () => {
  it('hands each non-empty chunk on and counts the bytes', async () => {
    const seen: string[] = []
    expect(await pump(streamOf('ab', '', 'cd'), 10, (chunk) => void seen.push(new TextDecoder().decode(chunk)))).toBe(4)
    expect(seen).toEqual(['ab', 'cd'])
  })

  it('reads the rest to its end (counted, not handed on) once told to stop, still bounded', async () => {
    const seen: number[] = []
    expect(await pump(streamOf('ab', 'cd', 'ef'), 10, (chunk) => (seen.push(chunk.byteLength), true))).toBe(6)
    expect(seen).toEqual([2])
    await expect(pump(streamOf('ab', 'cdefgh'), 5, () => true)).rejects.toBeInstanceOf(RequestEntityTooLarge)
  })

  it('refuses past the limit, passes a chunk handler’s throw, and answers a failed read with a 400', async () => {
    await expect(pump(streamOf('abcdef'), 5, () => {})).rejects.toThrow('body exceeds 5 bytes')
    await expect(pump(streamOf('ab'), 5, () => { throw new TypeError('parser failed') })).rejects.toThrow('parser failed')
    await expect(pump(failing(), 5, () => {})).rejects.toBeInstanceOf(BadRequest)
  })
})

describe('tooLarge / checkDeclaredLength / unreadable', () => {
  it('makes the 413 and the 400 of a body', () => {
    expect(tooLarge(10, 'form').message).toBe('form exceeds 10 bytes')
    expect(() => checkDeclaredLength(11, 10)).toThrow(RequestEntityTooLarge)
    expect(() => checkDeclaredLength(10, 10)).not.toThrow()
    expect(unreadable('x')).toBeInstanceOf(BadRequest)
  })
})
