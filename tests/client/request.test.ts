/**
 * src/client/request.ts: a typed client's call input → the request it sends, as the operation
 * describes it — path params encoded and never leaving their endpoint, query lists, headers,
 * cookies, and the body in the media type the operation takes.
 */
import { describe, expect, it } from 'vitest'
import type { DocOperation, Route } from '../../src/client/document'
import { ClientError } from '../../src/client/error'
import { buildRequest } from '../../src/client/request'

const route = (method: string, path: string, operation: DocOperation): Route => ({ method, path, operation })
const build = (target: Route, input: Record<string, unknown>, init: { headers?: HeadersInit } = {}) =>
  buildRequest('http://api.test/base/', target, input, new Headers({ 'x-base': '1' }), init)

/** The ClientError a call is refused with (status 0: nothing sent). */
function refused(run: () => unknown): ClientError {
  try {
    run()
  } catch (error) {
    if (error instanceof ClientError) return error
    throw error
  }
  throw new Error('the call was not refused')
}

describe('path params', () => {
  const one = route('GET', '/users/{id}', { parameters: [{ name: 'id', in: 'path', required: true }] })

  it('percent-encodes a value into its segment under the base URL', () => {
    expect(build(one, { id: 'a b/c' }).url.href).toBe('http://api.test/base/users/a%20b%2Fc')
    expect(build(one, { id: 7 }).url.pathname).toBe('/base/users/7')
  })

  it('refuses dot segments and empty values, also percent-encoded (several times), sending nothing', () => {
    for (const value of ['..', '.', '', '%2e%2e', '%252e%252e', '%25252E.']) {
      const error = refused(() => build(one, { id: value }))
      expect(error.status, value).toBe(0)
      expect(error.message, value).toMatch(/^fw client: path param 'id' of \/users\/\{id\} (is empty|holds the segment '\.\.?'), which would leave the endpoint; not sent$/)
    }
  })

  it('keeps the slashes of a rest param, refusing an empty inner segment or a backslash dot segment', () => {
    const files = route('GET', '/files/{path}', { parameters: [{ name: 'path', in: 'path', 'x-fw-match': 'rest' }] })
    expect(build(files, { path: 'a b/c.txt' }).url.pathname).toBe('/base/files/a%20b/c.txt')
    expect(() => build(files, { path: 'a//b' })).toThrow(ClientError)
    expect(() => build(files, { path: 'a\\..\\b' })).toThrow(ClientError)
  })

  it('drops a trailing optional param left out, and says which param is missing otherwise', () => {
    const doc = route('GET', '/doc/{lang}', { parameters: [{ name: 'lang', in: 'path' }] })
    expect(build(doc, {}).url.pathname).toBe('/base/doc')
    const middle = route('GET', '/a/{x}/b', { parameters: [{ name: 'x', in: 'path' }] })
    expect(() => build(middle, {})).toThrow("fw client: missing path param 'x' for /a/{x}/b")
  })

  it('reads a value from where x-fw-source says (a key, or a field of an object)', () => {
    const nested = route('GET', '/u/{id}', { parameters: [{ name: 'id', in: 'path', 'x-fw-source': [{ key: 'user', field: 'id' }, { key: 'id' }] }] })
    expect(build(nested, { user: { id: 3 } }).url.pathname).toBe('/base/u/3')
    expect(build(nested, { id: 4 }).url.pathname).toBe('/base/u/4')
  })
})

describe('query, headers and cookies', () => {
  const search = route('GET', '/search', {
    parameters: [
      { name: 'tag', in: 'query' },
      { name: 'since', in: 'query' },
      { name: 'filter', in: 'query' },
      { name: 'x-trace', in: 'header' },
      { name: 'session', in: 'cookie' },
      { name: 'theme', in: 'cookie' },
    ],
  })

  it('repeats a list’s key, writes dates as ISO and objects as JSON, leaves out absent values', () => {
    const url = build(search, { tag: ['a', 'b'], since: new Date('2024-01-02T00:00:00Z'), filter: { n: 1 }, theme: null }).url
    expect(url.searchParams.getAll('tag')).toEqual(['a', 'b'])
    expect(url.searchParams.get('since')).toBe('2024-01-02T00:00:00.000Z')
    expect(url.searchParams.get('filter')).toBe('{"n":1}')
    expect(url.search).not.toContain('theme')
  })

  it('sets header params over the base and call headers, and joins cookies (encoded) in one header', () => {
    const sent = build(search, { 'x-trace': 't1', session: 'a;b', theme: 'dark' }, { headers: { cookie: 'pre=1', 'x-call': '2' } })
    expect(sent.headers.get('x-trace')).toBe('t1')
    expect(sent.headers.get('x-base')).toBe('1')
    expect(sent.headers.get('x-call')).toBe('2')
    expect(sent.headers.get('cookie')).toBe('pre=1; session=a%3Bb; theme=dark')
  })
})

describe('bodies', () => {
  const json = route('POST', '/items', { requestBody: { content: { 'application/json': {} }, 'x-fw-body': { shape: 'whole', key: 'item' } } })

  it('sends JSON when the operation takes it', () => {
    const sent = build(json, { item: { name: 'x' } })
    expect(sent.headers.get('content-type')).toBe('application/json')
    expect(sent.body).toBe('{"name":"x"}')
  })

  it('sends fields under their wire names', () => {
    const fields = route('POST', '/f', { requestBody: { content: { 'application/json': {} }, 'x-fw-body': { shape: 'fields', fields: [{ key: 'userName', wire: 'user_name' }, { key: 'age', wire: 'age' }] } } })
    expect(build(fields, { userName: 'a' }).body).toBe('{"user_name":"a"}')
  })

  it('sends a form with files as multipart, one without as urlencoded when both are taken', async () => {
    const form = route('POST', '/upload', {
      requestBody: { content: { 'multipart/form-data': {}, 'application/x-www-form-urlencoded': {} }, 'x-fw-body': { shape: 'whole', key: 'form' } },
    })
    const withFile = build(form, { form: { title: 't', file: new File(['bytes'], 'a.txt'), tags: ['x', 'y'] } }).body
    expect(withFile).toBeInstanceOf(FormData)
    expect((withFile as FormData).getAll('tags')).toEqual(['x', 'y'])
    expect(((withFile as FormData).get('file') as File).name).toBe('a.txt')
    const plain = build(form, { form: { title: 't', n: 1 } })
    expect(plain.headers.get('content-type')).toBe('application/x-www-form-urlencoded')
    expect(String(plain.body)).toBe('title=t&n=1')
  })

  it('sends text or a blob as the operation’s own media type', () => {
    const text = route('PUT', '/note', { requestBody: { content: { 'text/markdown': {} }, 'x-fw-body': { shape: 'whole', key: 'note' } } })
    const sent = build(text, { note: '# hi' })
    expect(sent.headers.get('content-type')).toBe('text/markdown')
    expect(sent.body).toBe('# hi')
    const blob = new Blob(['b'], { type: 'image/png' })
    const any = route('PUT', '/raw', { requestBody: { content: { '*/*': {} }, 'x-fw-body': { shape: 'whole', key: 'raw' } } })
    expect(build(any, { raw: blob }).headers.get('content-type')).toBe('image/png')
    expect(build(any, { raw: 'x' }).headers.get('content-type')).toBe('text/plain')
  })

  it('sends no body when the call gives none', () => {
    expect(build(json, {}).body).toBeUndefined()
  })

  it('refuses a body on a GET, naming the params that would be lost', () => {
    const get = route('GET', '/items', { 'x-fw-call': 'items.find', requestBody: { 'x-fw-body': { shape: 'whole', key: 'item' } } })
    expect(build(get, {}).body).toBeUndefined()
    const error = refused(() => build(get, { item: { a: 1 } }))
    expect(error.message).toMatch(/^fw client: GET \/items \(items\.find\) declares a request body and the call gives 'item'; a GET request cannot carry a body/)
  })
})
