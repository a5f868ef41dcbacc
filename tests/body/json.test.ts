import { describe, expect, it } from 'vitest'
import { defaultLimits, readBody, type Limits } from '../../src/body/index'
import { chunked, expectStatus, post } from './helpers'

const JSON_TYPE = { 'content-type': 'application/json' }
const json = { accept: 'json' } as const
const any = { accept: 'any' } as const

describe('readBody: JSON', () => {
  it('parses a JSON body for json and any', async () => {
    expect(await readBody(post('{"a":1,"b":[true,null]}', JSON_TYPE), json, defaultLimits)).toEqual({ a: 1, b: [true, null] })
    expect(await readBody(post('[1,2]', JSON_TYPE), any, defaultLimits)).toEqual([1, 2])
    expect(await readBody(post('"x"', JSON_TYPE), json, defaultLimits)).toBe('x')
  })

  it('matches content types case-insensitively, ignoring parameters, and +json', async () => {
    const types = ['Application/JSON; charset=utf-8', 'application/json;charset="UTF-8"', 'application/problem+json', 'application/vnd.api+json']
    for (const type of types) {
      expect(await readBody(post('{"ok":1}', { 'content-type': type }), json, defaultLimits)).toEqual({ ok: 1 })
    }
  })

  it('drops a UTF-8 BOM and decodes UTF-8', async () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"n":"é€"}')])
    expect(await readBody(post(body, JSON_TYPE), json, defaultLimits)).toEqual({ n: 'é€' })
  })

  it('treats a missing or empty body as undefined', async () => {
    expect(await readBody(new Request('http://x/', { method: 'POST' }), json, defaultLimits)).toBeUndefined()
    expect(await readBody(post('', JSON_TYPE), json, defaultLimits)).toBeUndefined()
    expect(await readBody(post('  \n ', JSON_TYPE), json, defaultLimits)).toBeUndefined()
    expect(await readBody(post('', { 'content-length': '0' }), any, defaultLimits)).toBeUndefined()
    expect(await readBody(chunked([], {}), json, defaultLimits)).toBeUndefined()
  })

  it('reads a body that arrives in many chunks', async () => {
    const chunks = '{"list":[1,2,3],"s":"abc"}'.split('')
    expect(await readBody(chunked(chunks, JSON_TYPE), json, defaultLimits)).toEqual({ list: [1, 2, 3], s: 'abc' })
  })

  it('refuses malformed JSON with 400', async () => {
    await expectStatus(readBody(post('{"a":', JSON_TYPE), json, defaultLimits), 400, 'invalid JSON body')
    await expectStatus(readBody(post("{'a':1}", JSON_TYPE), any, defaultLimits), 400, 'invalid JSON body')
  })

  it('refuses text/plain and other types with 415 (CSRF simple-request guard)', async () => {
    await expectStatus(readBody(post('{"a":1}', { 'content-type': 'text/plain' }), json, defaultLimits), 415, /text\/plain.*application\/json/)
    await expectStatus(readBody(post('a=1', { 'content-type': 'application/x-www-form-urlencoded' }), json, defaultLimits), 415)
    await expectStatus(readBody(post('{"a":1}', { 'content-type': 'text/plain' }), any, defaultLimits), 415)
  })

  it('refuses a non-empty body without Content-Type with 415', async () => {
    await expectStatus(readBody(chunked(['{"a":1}']), json, defaultLimits), 415, /missing Content-Type/)
  })

  it('bounds nesting depth with 400, counting brackets inside strings as text', async () => {
    const limits: Limits = { ...defaultLimits, depth: 3 }
    expect(await readBody(post('[[[1]]]', JSON_TYPE), json, limits)).toEqual([[[1]]])
    expect(await readBody(post('{"a":"[[[[[[[["}', JSON_TYPE), json, limits)).toEqual({ a: '[[[[[[[[' })
    expect(await readBody(post('{"a":"\\"[[[[[[[["}', JSON_TYPE), json, limits)).toEqual({ a: '"[[[[[[[[' })
    await expectStatus(readBody(post('[[[[1]]]]', JSON_TYPE), json, limits), 400, 'JSON body nested deeper than 3 levels')
    await expectStatus(readBody(post('{"a":{"b":{"c":{}}}}', JSON_TYPE), json, limits), 400)
  })

  it('removes own __proto__ keys, literal or escaped, at any depth', async () => {
    const bodies = [
      '{"__proto__":{"polluted":1},"a":1}',
      '{"a":1,"\\u005f_proto__":{"polluted":1}}',
      '{"x":[{"__proto__":{"polluted":1},"a":1}],"a":1}',
    ]
    for (const body of bodies) {
      const value = (await readBody(post(body, JSON_TYPE), json, defaultLimits)) as Record<string, unknown>
      expect(value.a).toBe(1)
      expect(Object.hasOwn(value, '__proto__')).toBe(false)
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
      expect(JSON.stringify(value)).not.toContain('polluted')
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('keeps constructor/prototype as plain own data keys', async () => {
    const value = (await readBody(post('{"constructor":{"prototype":{"polluted":1}}}', JSON_TYPE), json, defaultLimits)) as Record<string, unknown>
    expect(Object.hasOwn(value, 'constructor')).toBe(true)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })
})
