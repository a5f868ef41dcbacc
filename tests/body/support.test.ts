/** src/body/support.ts: the body seam — installed by the body markers; a body param without them says which to use. */
import { describe, expect, it } from 'vitest'
import { bodySupport, installBodySupport, type BodySupport } from '../../src/body/support'
import { ImproperlyConfigured } from '../../src/exceptions'

describe('bodySupport / installBodySupport', () => {
  it('says which markers declare a body before any is installed, then gives the installed support', () => {
    expect(() => bodySupport()).toThrow(ImproperlyConfigured)
    expect(() => bodySupport()).toThrow('a body param was declared without request.Body, request.Json, request.Form or request.BodyParam')
    const support = { plan: () => ({ accept: 'any' }) } as unknown as BodySupport
    installBodySupport(support)
    expect(bodySupport()).toBe(support)
  })
})
