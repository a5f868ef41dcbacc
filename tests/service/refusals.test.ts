/** src/service/refusals.ts: the answers dispatch refuses a request with before any route runs, made without a stack. */
import { describe, expect, it } from 'vitest'
import { BadRequest, NotFound, NotImplemented } from '../../src/exceptions'
import { badTarget, FORBIDDEN_METHODS, notFound, notHanded } from '../../src/service/refusals'

describe('refusals', () => {
  it('answers 404 naming the path, 400 for an unusable target, 501 for a method a mount is never handed', () => {
    expect(notFound('/nope')).toBeInstanceOf(NotFound)
    expect(notFound('/nope').message).toBe('path not found: /nope')
    expect(badTarget()).toBeInstanceOf(BadRequest)
    expect(badTarget().message).toBe('the request URL or Host header is unusable')
    expect(notHanded('TRACE')).toBeInstanceOf(NotImplemented)
    expect(notHanded('TRACE').message).toBe('method not implemented: TRACE (a mounted application is never handed one)')
  })

  it('captures no stack (bad input never pays for one)', () => {
    for (const error of [notFound('/x'), badTarget(), notHanded('CONNECT')]) expect(error.stack ?? '').not.toMatch(/\n\s+at /)
  })

  it('forbids CONNECT, TRACE and TRACK under a mount', () => {
    expect([...FORBIDDEN_METHODS].sort()).toEqual(['CONNECT', 'TRACE', 'TRACK'])
  })
})
