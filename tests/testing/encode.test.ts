/**
 * src/testing/encode.ts: a generated request case as a Web `Request` — path values encoded into
 * the template, list query keys repeated, one Cookie header, and the body in its media type.
 */
import { describe, expect, it } from 'vitest'
import { pathOf, type RequestCase, requestOf, targetOf, wireText } from '../../src/testing/encode'

const empty: RequestCase = { path: {}, query: {}, header: {}, cookie: {} }
const signal = new AbortController().signal

describe('wireText', () => {
  it('writes scalars as text and the rest as JSON', () => {
    expect(wireText('a')).toBe('a')
    expect(wireText(1.5)).toBe('1.5')
    expect(wireText(false)).toBe('false')
    expect(wireText(10n)).toBe('10')
    expect(wireText({ a: [1] })).toBe('{"a":[1]}')
    expect(wireText(undefined)).toBe('')
  })
})

describe('pathOf / targetOf', () => {
  it('percent-encodes path values into the template', () => {
    expect(pathOf('/users/{id}/files/{name}', { id: 7, name: 'a b/c' })).toBe('/users/7/files/a%20b%2Fc')
  })

  it('repeats list query keys and leaves out absent ones', () => {
    expect(targetOf('/search', { ...empty, query: { tag: ['x', 'y'], q: 'a&b', none: null, gone: undefined } })).toBe('/search?tag=x&tag=y&q=a%26b')
    expect(targetOf('/plain', empty)).toBe('/plain')
  })
})

describe('requestOf', () => {
  it('sets headers, one Cookie header, and the extra headers', () => {
    const request = requestOf('http://h', 'GET', '/x', { ...empty, header: { 'x-n': 3, 'x-no': null }, cookie: { a: '1', b: 'two', c: undefined } }, { authorization: 'Bearer t' }, signal)
    expect(request.headers.get('x-n')).toBe('3')
    expect(request.headers.has('x-no')).toBe(false)
    expect(request.headers.get('cookie')).toBe('a=1; b=two')
    expect(request.headers.get('authorization')).toBe('Bearer t')
    expect(request.url).toBe('http://h/x')
  })

  it('encodes a body as JSON, a form, XML or text, by its media type', async () => {
    const post = (body: RequestCase['body']) => requestOf('http://h', 'POST', '/b', { ...empty, body }, {}, signal)
    const json = post({ media: 'application/vnd.api+json', value: { a: 1 } })
    expect([json.headers.get('content-type'), await json.text()]).toEqual(['application/vnd.api+json', '{"a":1}'])
    const form = post({ media: 'application/x-www-form-urlencoded', value: { a: [1, 2], b: null } })
    expect(await form.text()).toBe('a=1&a=2')
    const xml = post({ media: 'application/xml', value: { name: 'a<b', tags: ['x', 'y'] } })
    expect(await xml.text()).toBe('<?xml version="1.0"?><root><name>a&lt;b</name><tags>x</tags><tags>y</tags></root>')
    const multipart = post({ media: 'multipart/form-data', value: { title: 't' } })
    expect(multipart.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    expect((await multipart.formData()).get('title')).toBe('t')
    const raw = post({ raw: 'not json', contentType: 'application/json' })
    expect([raw.headers.get('content-type'), await raw.text()]).toEqual(['application/json', 'not json'])
  })

  it('sends no body with GET or HEAD', async () => {
    const request = requestOf('http://h', 'GET', '/b', { ...empty, body: { media: 'application/json', value: { a: 1 } } }, {}, signal)
    expect(request.body).toBeNull()
  })
})
