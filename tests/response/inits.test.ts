/** src/response/inits.ts: one frozen `ResponseInit` per status and type, shared by every plain answer. */
import { describe, expect, it } from 'vitest'
import { JSON_TYPE, PROBLEM_TYPE, ResponseInits } from '../../src/response/inits'

describe('ResponseInits', () => {
  it('hands out one frozen init per status and type', () => {
    const inits = new ResponseInits(false)
    const notFound = inits.of(404, PROBLEM_TYPE)
    expect(inits.of(404, PROBLEM_TYPE)).toBe(notFound)
    expect(inits.of(404, JSON_TYPE)).not.toBe(notFound)
    expect(Object.isFrozen(notFound)).toBe(true)
    expect(notFound).toEqual({ status: 404, headers: { 'content-type': 'application/problem+json' } })
    expect(Object.isFrozen(notFound.headers)).toBe(true)
  })

  it('makes `ok` the 200 JSON init', () => {
    const inits = new ResponseInits(false)
    expect(inits.ok).toBe(inits.of(200, JSON_TYPE))
    expect(new Response('{}', inits.ok).headers.get('content-type')).toBe('application/json')
  })

  it('gives the headers as a Headers object when asked (Bun copies those fastest)', () => {
    const inits = new ResponseInits(true)
    expect(inits.ok.headers).toBeInstanceOf(Headers)
    expect(new Response('{}', inits.of(201, JSON_TYPE)).status).toBe(201)
  })

  it('is never changed by a response made from it (the headers are copied)', () => {
    const inits = new ResponseInits(true)
    const response = new Response('{}', inits.ok)
    response.headers.set('x-extra', '1')
    expect((inits.ok.headers as Headers).get('x-extra')).toBeNull()
  })
})
