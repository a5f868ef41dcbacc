/**
 * src/node/io/reuse.ts: a body a backend's parser already consumed, rebuilt for fw — the raw text
 * when the parser kept it, else the parsed value re-encoded in its original type (JSON, a form with
 * `qs` nesting, multipart with multer's files), another parser's value as JSON said so; and
 * whether the Node stream was read to its end.
 */
import { describe, expect, it } from 'vitest'
import { bodyConsumed, reuseBody } from '../../../src/node/io/reuse'
import { incomingMessage } from '../in-process'

const incoming = () => incomingMessage('POST', '/', [], { ended: false })

describe('reuseBody', () => {
  it('prefers the raw body the parser kept (a copy of bytes)', () => {
    expect(reuseBody({ parsed: true }, 'application/json', '{"raw":1}')).toEqual({ body: '{"raw":1}' })
    const raw = new Uint8Array([1, 2])
    const reused = reuseBody(undefined, 'application/octet-stream', raw)
    expect(reused.body).toEqual(raw)
    expect(reused.body).not.toBe(raw)
  })

  it('re-encodes JSON in its own type, and another parser’s value as JSON said so', () => {
    expect(reuseBody({ a: [1, 'x'] }, 'application/json; charset=utf-8')).toEqual({ body: '{"a":[1,"x"]}' })
    expect(reuseBody({ a: 1 }, 'application/vnd.api+json')).toEqual({ body: '{"a":1}' })
    expect(reuseBody({ a: 1 }, 'application/x-custom')).toEqual({ body: '{"a":1}', contentType: 'application/json' })
    expect(reuseBody(42, undefined)).toEqual({ body: '42', contentType: 'application/json' })
  })

  it('gives no body for nothing parsed, strings and bytes as they are', async () => {
    expect(reuseBody(undefined, 'application/json')).toEqual({ body: null })
    expect(reuseBody(null, 'text/plain')).toEqual({ body: null })
    expect(reuseBody('plain text', 'text/plain')).toEqual({ body: 'plain text' })
    const bytes = new Uint8Array([9])
    expect(reuseBody(bytes, 'application/octet-stream').body).toEqual(new Uint8Array([9]))
  })

  it('re-encodes a urlencoded form with the nesting qs parses back: arrays, objects, dates, null', () => {
    const { body } = reuseBody(
      { name: 'a b', tags: ['x', 'y'], user: { role: 'admin', ids: [1, 2] }, at: new Date('2025-01-02T03:04:05Z'), empty: null, skipped: undefined },
      'application/x-www-form-urlencoded',
    )
    expect(new URLSearchParams(String(body)).toString()).toBe(String(body))
    expect([...new URLSearchParams(String(body))]).toEqual([
      ['name', 'a b'],
      ['tags', 'x'],
      ['tags', 'y'],
      ['user[role]', 'admin'],
      ['user[ids]', '1'],
      ['user[ids]', '2'],
      ['at', '2025-01-02T03:04:05.000Z'],
      ['empty', ''],
    ])
    expect(reuseBody('already=text', 'application/x-www-form-urlencoded')).toEqual({ body: 'already=text' })
  })

  it("rebuilds multipart with multer's files (single, array, fields), the boundary left to FormData", async () => {
    const file = (fieldname: string, text: string) => ({ fieldname, originalname: `${fieldname}.txt`, mimetype: 'text/plain', buffer: new TextEncoder().encode(text) })
    for (const files of [file('doc', 'one'), [file('doc', 'one')], { doc: [file('doc', 'one')], ignored: 'not a list' }]) {
      const reused = reuseBody({ title: 'T' }, 'multipart/form-data; boundary=old', undefined, files)
      expect(reused.contentType).toBeNull()
      const form = reused.body as FormData
      expect(form.get('title')).toBe('T')
      const uploaded = form.get('doc') as File
      expect(uploaded.name).toBe('doc.txt')
      expect(uploaded.type).toBe('text/plain')
      expect(await uploaded.text()).toBe('one')
    }
    const bare = reuseBody(undefined, 'application/json', undefined, { fieldname: 'f', buffer: new Uint8Array([1]) })
    expect(((bare.body as FormData).get('f') as File).type).toBe('application/octet-stream')
    expect(((bare.body as FormData).get('f') as File).name).toBe('f')
    expect(reuseBody({ a: 1 }, 'application/json', undefined, [{ fieldname: 1 }, 'junk']).body).toBe('{"a":1}')
  })
})

describe('bodyConsumed', () => {
  it('is false for a fresh request, true once read to its end or marked by body-parser 1.x', async () => {
    const fresh = incoming()
    expect(bodyConsumed(fresh)).toBe(false)
    const marked = incoming()
    Reflect.set(marked, '_body', true)
    expect(bodyConsumed(marked)).toBe(true)
    const read = incoming()
    read.push('x')
    read.push(null)
    read.resume()
    await new Promise((resolve) => read.once('end', resolve))
    expect(bodyConsumed(read)).toBe(true)
    const complete = incoming()
    complete.complete = true
    complete.push(null)
    complete.resume()
    await new Promise((resolve) => setTimeout(resolve, 1))
    expect(bodyConsumed(complete)).toBe(true)
  })
})
