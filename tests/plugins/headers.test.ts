/** src/plugins/headers.ts: an answer whose headers a plugin may change, and a token added to a list header once. */
import { describe, expect, it } from 'vitest'
import { appendToken, mutable } from '../../src/plugins/headers'

describe('mutable', () => {
  it('gives back an answer whose headers can change, untouched', () => {
    const response = new Response('x', { headers: { a: '1' } })
    expect(mutable(response)).toBe(response)
    expect(response.headers.has('x-fw-probe')).toBe(false)
    expect(response.headers.get('a')).toBe('1')
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
