/**
 * src/plugins/body-start.ts: the start of a request body read without waiting for a slow client
 * (what has arrived, up to a limit), then the whole body handed on, nothing lost or read twice.
 */
import { describe, expect, it } from 'vitest'
import { joinedBytes, readStart, resumed } from '../../src/plugins/body-start'

const bytes = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>
const text = (value: Uint8Array): string => new TextDecoder().decode(value)
/** A stream of `chunks`, and a way to send more later. */
function source(chunks: string[], open = false) {
  let push: ((chunk: string | null) => void) | undefined
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes(chunk))
      if (!open) controller.close()
      push = (chunk) => (chunk === null ? controller.close() : controller.enqueue(bytes(chunk)))
    },
  })
  return { stream, push: (chunk: string | null) => push?.(chunk) }
}

describe('readStart', () => {
  it('reads a short body whole and says it is complete', async () => {
    const start = await readStart(source(['ab', 'cd']).stream, 100)
    expect(start.complete).toBe(true)
    expect(start.size).toBe(4)
    expect(text(joinedBytes(start))).toBe('abcd')
  })

  it('stops past the limit, leaving the rest unread', async () => {
    const start = await readStart(source(['aaaa', 'bbbb', 'cccc']).stream, 5)
    expect(start.complete).toBe(false)
    expect(start.size).toBe(8)
    expect(text(await new Response(resumed(start)).arrayBuffer().then((buffer) => new Uint8Array(buffer)))).toBe('aaaabbbbcccc')
  })

  it('does not wait for a client that stalls: what has arrived, and the read still pending', async () => {
    const slow = source(['first'], true)
    const start = await readStart(slow.stream, 100)
    expect(start.complete).toBe(false)
    expect(text(joinedBytes(start))).toBe('first')
    expect(start.pending).toBeDefined()
    slow.push('-second')
    slow.push(null)
    expect(await new Response(resumed(start)).text()).toBe('first-second')
  })

  it('hands a body that failed on as the same failure', async () => {
    const failing = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        controller.error(new Error('connection reset'))
      },
    })
    const start = await readStart(failing, 100)
    expect(start.complete).toBe(false)
    await expect(new Response(resumed(start)).text()).rejects.toThrow('connection reset')
  })
})

describe('resumed', () => {
  it('cancels the source when the reader cancels', async () => {
    let cancelled: unknown
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.enqueue(bytes('x'))
      },
      cancel(reason) {
        cancelled = reason
      },
    })
    const start = await readStart(stream, 100)
    await resumed(start).cancel('client gone')
    expect(cancelled).toBe('client gone')
  })
})
