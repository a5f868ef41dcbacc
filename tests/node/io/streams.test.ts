/**
 * src/node/io/streams.ts: Node streams and Web streams in each other's place, with backpressure —
 * chunks copied (a writer may reuse its buffer), a Node body read only once asked for, a body
 * that closes before its end an error, errors carried both ways.
 */
import { PassThrough, Readable } from 'node:stream'
import * as streamModule from 'node:stream'
import { describe, expect, it } from 'vitest'
import { chunkBytes, readableToWeb, webToReadable } from '../../../src/node/io/streams'

const text = async (stream: ReadableStream<Uint8Array>): Promise<string> => new Response(stream).text()

describe('chunkBytes', () => {
  it('turns strings (any encoding), views and buffers into fresh bytes', () => {
    expect([...chunkBytes('hé')]).toEqual([104, 0xc3, 0xa9])
    expect([...chunkBytes('aGk=', 'base64')]).toEqual([104, 105])
    const reused = new Uint8Array([1, 2, 3])
    const copy = chunkBytes(reused)
    reused[0] = 9
    expect([...copy]).toEqual([1, 2, 3])
    expect([...chunkBytes(new DataView(new Uint8Array([5, 6, 7]).buffer, 1, 2))]).toEqual([6, 7])
    expect([...chunkBytes(new Uint8Array([4]).buffer)]).toEqual([4])
  })

  it('refuses anything else', () => {
    expect(() => chunkBytes(42)).toThrow('cannot write a chunk of type number')
  })
})

describe('readableToWeb', () => {
  it('reads a Node stream as a Web stream, only once read', async () => {
    const readable = Readable.from(['a', 'b', 'c'])
    const lazy = readableToWeb(readable)
    expect(lazy.started).toBe(false)
    expect(await text(lazy.stream)).toBe('abc')
    expect(lazy.started).toBe(true)
  })

  it('errors the Web stream when the Node one fails, or closes before its end, while being read', async () => {
    const failing = new PassThrough()
    const reader = readableToWeb(failing).stream.getReader()
    failing.write('x')
    expect((await reader.read()).done).toBe(false)
    failing.destroy(new Error('socket hang up'))
    await expect(reader.read()).rejects.toThrow('socket hang up')
    const cut = new PassThrough()
    const cutReader = readableToWeb(cut).stream.getReader()
    cut.write('x')
    await cutReader.read()
    cut.destroy()
    await expect(cutReader.read()).rejects.toThrow('request body closed before it was complete')
  })

  it('errors at once for a Node stream destroyed before the first read (it hung until the deadline)', async () => {
    const gone = new PassThrough()
    gone.on('error', () => {}) // what node:http's own listener does for a request
    gone.destroy(new Error('client went away'))
    await new Promise((resolve) => setTimeout(resolve, 5))
    await expect(text(readableToWeb(gone).stream)).rejects.toThrow('client went away')
    const closed = new PassThrough()
    closed.destroy()
    await new Promise((resolve) => setTimeout(resolve, 5))
    await expect(text(readableToWeb(closed).stream)).rejects.toThrow('request body closed before it was complete')
    const ended = Readable.from([])
    for await (const _chunk of ended) {
      // read to its end: ended and destroyed
    }
    expect(await text(readableToWeb(ended).stream)).toBe('')
  })

  it('drains the rest of the Node stream when the Web one is cancelled', async () => {
    const source = new PassThrough()
    const { stream } = readableToWeb(source)
    const reader = stream.getReader()
    source.write('first')
    await reader.read()
    await reader.cancel()
    expect(source.isPaused()).toBe(false)
  })
})

describe('webToReadable', () => {
  it('reads a Web stream as a Node stream', async () => {
    const readable = webToReadable(streamModule, new Response('hello').body as ReadableStream<Uint8Array>)
    const chunks: Buffer[] = []
    for await (const chunk of readable) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('hello')
  })

  it('destroys the Node stream with the Web stream’s error, and cancels the Web stream when destroyed', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('upstream failed'))
      },
    })
    const readable = webToReadable(streamModule, failing)
    await expect((async () => {
      for await (const _chunk of readable) {
        // read until it fails
      }
    })()).rejects.toThrow('upstream failed')
    let cancelled: unknown
    const endless = new ReadableStream<Uint8Array>({ cancel: (reason) => void (cancelled = reason ?? 'cancelled') })
    const node = webToReadable(streamModule, endless)
    node.destroy()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(cancelled).toBeDefined()
  })
})
