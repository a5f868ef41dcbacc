/** src/plugins/headers.ts: an answer whose headers a plugin may change, and a token added to a list header once. */
import { describe, expect, it, vi } from 'vitest'
import { appendToken, mutable } from '../../src/plugins/headers'

describe('mutable', () => {
  it('gives back an answer whose headers can change, untouched', () => {
    const response = new Response('x', { headers: { a: '1' } })
    expect(mutable(response)).toBe(response)
    expect(response.headers.has('x-fw-probe')).toBe(false)
    expect(response.headers.get('a')).toBe('1')
  })

  it('probes an answer with a content type by setting it to itself: no field added and deleted', () => {
    const response = new Response('x', { headers: { 'content-type': 'text/plain', a: '1' } })
    const deleted = vi.spyOn(response.headers, 'delete')
    const set = vi.spyOn(response.headers, 'set')
    expect(mutable(response)).toBe(response)
    expect(deleted).not.toHaveBeenCalled()
    expect(set.mock.calls).toEqual([['content-type', 'text/plain']])
    expect([...response.headers]).toEqual([['a', '1'], ['content-type', 'text/plain']])
  })

  it('copies a fetched answer (immutable headers with a content type), its body kept', async () => {
    const fetched = await fetch('data:text/plain,hello')
    const copy = mutable(fetched)
    copy.headers.set('x-added', '1')
    expect(copy.headers.get('x-added')).toBe('1')
    expect(copy.headers.get('content-type')).toContain('text/plain')
    expect(await copy.text()).toBe('hello')
  })

  it('copies an answer with immutable headers, keeping status, headers and body', async () => {
    const immutable = Response.redirect('http://h/next', 307)
    const copy = mutable(immutable)
    expect(copy).not.toBe(immutable)
    copy.headers.set('x-added', '1')
    expect(copy.status).toBe(307)
    expect(copy.headers.get('location')).toBe('http://h/next')
    expect(copy.headers.get('x-added')).toBe('1')
  })
})

describe('appendToken', () => {
  it('sets a header that is absent or empty', () => {
    const headers = new Headers({ vary: '' })
    appendToken(headers, 'vary', 'Origin')
    expect(headers.get('vary')).toBe('Origin')
  })

  it('appends a token once, compared case-insensitively', () => {
    const headers = new Headers({ vary: 'Accept-Encoding' })
    appendToken(headers, 'vary', 'Origin')
    appendToken(headers, 'vary', 'origin')
    appendToken(headers, 'vary', 'accept-encoding')
    expect(headers.get('vary')).toBe('Accept-Encoding, Origin')
  })
})
