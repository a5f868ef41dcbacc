/**
 * tests/helpers/http.ts: the early-answer client keeps an answer the server
 * sent before resetting the connection, which fetch loses.
 */
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { earlyAnswer, parseAnswer } from './http'

describe('parseAnswer', () => {
  const bytes = (text: string): Buffer => Buffer.from(text, 'latin1')

  it('reads a sized answer, skipping 100 Continue', async () => {
    const answer = parseAnswer(bytes('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 413 Payload Too Large\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}'), false)
    expect(answer?.status).toBe(413)
    expect(answer?.headers.get('content-type')).toBe('application/json')
    expect(await answer?.text()).toBe('{}')
  })

  it('waits for the whole body', () => {
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nab'), false)).toBeUndefined()
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\ncontent-length: 5\r\n'), true)).toBeUndefined()
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nab\r\n'), false)).toBeUndefined()
    expect(parseAnswer(bytes('HTTP/1.1 200 OK\r\n\r\nab'), false)).toBeUndefined()
  })

  it('decodes chunked answers and close-delimited ones', async () => {
    const chunked = parseAnswer(bytes('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nab\r\n3\r\ncde\r\n0\r\n\r\n'), false)
    expect(await chunked?.text()).toBe('abcde')
    expect(chunked?.headers.has('transfer-encoding')).toBe(false)
    expect(await parseAnswer(bytes('HTTP/1.1 200 OK\r\n\r\nab'), true)?.text()).toBe('ab')
  })

  it('refuses what is not HTTP', () => {
    expect(() => parseAnswer(bytes('SSH-2.0-x\r\n\r\n'), false)).toThrow(/not an HTTP answer/)
  })
})

describe('earlyAnswer against a server that answers, then resets', () => {
  let server: net.Server
  let origin = ''
  let requests = 0

  beforeAll(async () => {
    // Reads the head only, answers 413 and resets the connection with the body unread: what
    // workerd does under load, made certain by an explicit RST.
    server = net.createServer((socket) => {
      socket.once('data', () => {
        requests++
        socket.write('HTTP/1.1 413 Payload Too Large\r\ncontent-type: text/plain\r\ncontent-length: 8\r\n\r\ntoo big!', () => socket.resetAndDestroy())
      })
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    origin = `http://127.0.0.1:${address.port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  for (const chunked of [false, true]) {
    it(`keeps the answer to a 4 MiB ${chunked ? 'chunked' : 'sized'} body`, async () => {
      const before = requests
      const response = await earlyAnswer(new Request(`${origin}/upload`, { method: 'POST', body: new Uint8Array(4 * 1024 * 1024) }), { chunked, timeoutMs: 10_000 })
      expect(response.status).toBe(413)
      expect(await response.text()).toBe('too big!')
      expect(requests).toBe(before + 1)
    })
  }

  it('rejects when the connection ends without an answer', async () => {
    const silent = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const address = silent.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    try {
      await expect(earlyAnswer(new Request(`http://127.0.0.1:${address.port}/`, { method: 'POST', body: 'x' }), { timeoutMs: 10_000 })).rejects.toThrow(/without a complete answer/)
    } finally {
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })
})
