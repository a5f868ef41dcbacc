/**
 * A framed body is read with the runtime's own `Request#bytes()` (the array
 * made natively), not `arrayBuffer()` and a view over it; a look-alike
 * Request that brings its own `arrayBuffer()` keeps `arrayBuffer()`.
 * Spies go on `Request.prototype` before the body module is loaded: it keeps
 * the runtime's methods from load time.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('readBody: the bytes of a framed body', () => {
  it("come from Request#bytes() on the runtime's own Request, from arrayBuffer() on a look-alike", async () => {
    const bytes = vi.spyOn(Request.prototype, 'bytes')
    const arrayBuffer = vi.spyOn(Request.prototype, 'arrayBuffer')
    vi.resetModules()
    const { defaultLimits, markFramed, readBody } = await import('../../src/body/index')
    const body = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n'
    const request = (): Request => {
      const made = new Request('http://test.local/', { method: 'POST', body, headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(body.length) } })
      markFramed(made)
      return made
    }
    expect(await readBody(request(), { accept: 'form' }, defaultLimits)).toEqual({ a: '1' })
    expect([bytes.mock.calls.length, arrayBuffer.mock.calls.length]).toEqual([1, 0])

    const real = request()
    const lookAlike = Object.create(Request.prototype, {
      headers: { value: real.headers },
      body: { get: () => real.body },
      bodyUsed: { get: () => real.bodyUsed },
      arrayBuffer: { value: () => real.arrayBuffer() },
    }) as Request
    markFramed(lookAlike)
    expect(await readBody(lookAlike, { accept: 'form' }, defaultLimits)).toEqual({ a: '1' })
    expect([bytes.mock.calls.length, arrayBuffer.mock.calls.length]).toEqual([1, 1])
  })
})
