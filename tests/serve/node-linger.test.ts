/**
 * src/serve/node-linger.ts: after its answer, a request whose body is still arriving gets the
 * lingering close — FIN, no more reads, a cut a second later — unless it is small and sized
 * (≤ 64 KiB: given a second to end, the keep-alive connection kept); a request complete or without
 * a body gets no listener at all; `Expect: 100-continue` is answered once the body is read, never
 * after the answer. In-process: stand-in requests, sockets and server, fake timers.
 */
import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { continueOnRead, lingerUnread } from '../../src/serve/node-linger'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A stand-in socket recording what the linger did to it. */
function socket() {
  const done: string[] = []
  return {
    done,
    destroyed: false,
    end: () => done.push('end'),
    pause: () => done.push('pause'),
    destroy() {
      this.destroyed = true
      done.push('destroy')
    },
  }
}

/** A response whose request has `headers`, not complete; `finish()` sends it. */
function exchange(headers: Record<string, string>, complete = false) {
  const request = Object.assign(new EventEmitter(), { complete, headers, socket: socket() })
  const response = Object.assign(new EventEmitter(), { req: request })
  return { request, response, finish: () => response.emit('finish') }
}

describe('lingerUnread', () => {
  it('adds nothing for a request complete by the answer, or without a body', () => {
    for (const { response } of [exchange({ 'content-length': '10' }, true), exchange({}), exchange({ 'content-length': '0' })]) {
      lingerUnread(response)
      expect(response.listenerCount('finish')).toBe(0)
    }
  })

  it('closes at once, lingering, for a chunked or large body still arriving: FIN, no reads, cut a second later', () => {
    const lingering: Record<string, string>[] = [{ 'transfer-encoding': 'chunked' }, { 'content-length': String(64 * 1024 + 1) }, { 'content-length': 'not a number' }]
    for (const headers of lingering) {
      const { request, response, finish } = exchange(headers)
      lingerUnread(response)
      finish()
      expect(request.socket.done).toEqual(['end', 'pause'])
      vi.advanceTimersByTime(999)
      expect(request.socket.destroyed).toBe(false)
      vi.advanceTimersByTime(1)
      expect(request.socket.done).toEqual(['end', 'pause', 'destroy'])
    }
  })

  it('gives a small sized body a second to end; ended, the connection is kept', () => {
    const { request, response, finish } = exchange({ 'content-length': '100' })
    lingerUnread(response)
    finish()
    expect(request.socket.done).toEqual([])
    request.complete = true
    request.emit('end')
    vi.advanceTimersByTime(5000)
    expect(request.socket.done).toEqual([])
  })

  it('closes a small body that did not end within the second', () => {
    const { request, response, finish } = exchange({ 'content-length': String(64 * 1024) })
    lingerUnread(response)
    finish()
    vi.advanceTimersByTime(1000)
    expect(request.socket.done).toEqual(['end', 'pause'])
    expect(request.listenerCount('end')).toBe(0)
    vi.advanceTimersByTime(1000)
    expect(request.socket.done).toEqual(['end', 'pause', 'destroy'])
  })

  it('does nothing when the request completed between the answer and its finish', () => {
    const { request, response, finish } = exchange({ 'transfer-encoding': 'chunked' })
    lingerUnread(response)
    request.complete = true
    finish()
    vi.advanceTimersByTime(5000)
    expect(request.socket.done).toEqual([])
  })
})

describe('continueOnRead', () => {
  /** A stand-in server and a request/response pair for its checkContinue event. */
  function checkContinue() {
    const server = new EventEmitter()
    const served: unknown[] = []
    server.on('request', (request) => served.push(request))
    const request = new EventEmitter()
    const response = { headersSent: false, writeContinue: vi.fn() }
    continueOnRead(server as unknown as Parameters<typeof continueOnRead>[0])
    server.emit('checkContinue', request, response)
    return { served, request, response }
  }

  it('serves the request like any other, and answers 100 Continue once its body is read', () => {
    const { served, request, response } = checkContinue()
    expect(served).toEqual([request])
    expect(response.writeContinue).not.toHaveBeenCalled()
    request.emit('resume')
    expect(response.writeContinue).toHaveBeenCalledTimes(1)
    request.emit('resume')
    expect(response.writeContinue).toHaveBeenCalledTimes(1)
  })

  it('never sends 100 Continue after the answer', () => {
    const { request, response } = checkContinue()
    response.headersSent = true
    request.emit('resume')
    expect(response.writeContinue).not.toHaveBeenCalled()
  })
})
