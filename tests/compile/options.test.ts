/** src/compile/options.ts: how build-time messages name an endpoint. */
import { describe, expect, it } from 'vitest'
import { label } from '../../src/compile/options'

describe('label', () => {
  it('names the class and the method as written', () => {
    class Users {}
    expect(label(Users, 'list')).toBe('Users.list()')
    expect(label(class {}, 'x')).toBe('.x()')
  })
})
