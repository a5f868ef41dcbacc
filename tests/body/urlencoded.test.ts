import { describe, expect, it } from 'vitest'
import { defaultLimits, readBody } from '../../src/body/index'
import { expectStatus, post } from './helpers'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe('readBody: urlencoded', () => {
  it('gives a null-prototype object, arrays only for repeated keys', async () => {
    const value = await readBody(post('a=1&b=x+y&b=%C3%A9&c=', FORM), { accept: 'form' }, defaultLimits)
    expect(value).toEqual({ a: '1', b: ['x y', 'é'], c: '' })
    expect(Object.getPrototypeOf(value)).toBeNull()
  })

  it('is accepted by any, refused by json', async () => {
    expect(await readBody(post('a=1', { 'content-type': 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' }), { accept: 'any' }, defaultLimits)).toEqual({ a: '1' })
    await expectStatus(readBody(post('a=1', FORM), { accept: 'json' }, defaultLimits), 415)
  })

  it('treats an empty body as undefined', async () => {
    expect(await readBody(post('', FORM), { accept: 'form' }, defaultLimits)).toBeUndefined()
  })

  it('refuses JSON and text with 415', async () => {
    await expectStatus(readBody(post('{}', { 'content-type': 'application/json' }), { accept: 'form' }, defaultLimits), 415, /expected multipart\/form-data or application\/x-www-form-urlencoded/)
    await expectStatus(readBody(post('a=1', { 'content-type': 'text/plain' }), { accept: 'form' }, defaultLimits), 415)
  })

  it('refuses more than limits.fields fields with 400', async () => {
    const limits = { ...defaultLimits, fields: 3 }
    expect(await readBody(post('a=1&b=2&c=3', FORM), { accept: 'form' }, limits)).toEqual({ a: '1', b: '2', c: '3' })
    await expectStatus(readBody(post('a=1&b=2&c=3&d=4', FORM), { accept: 'form' }, limits), 400, 'too many form fields (limit 3)')
  })

  it('drops __proto__ keys; constructor is an ordinary key', async () => {
    const value = (await readBody(post('__proto__[polluted]=1&__proto__=x&constructor[prototype][polluted]=1&a=1', FORM), { accept: 'form' }, defaultLimits)) as Record<string, unknown>
    expect(Object.hasOwn(value, '__proto__')).toBe(false)
    expect(value.a).toBe('1')
    expect(value['constructor[prototype][polluted]']).toBe('1')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
