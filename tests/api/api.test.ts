/** src/api/api.ts: the API base class, what counts as an API class, its lineage, and mount entries. */
import { describe, expect, it } from 'vitest'
import { api } from 'fw-api'
import { BaseAPI, isAPIClass, isMountEntry, lineage, mount } from '../../src/api/api'

class Users extends api.API {}
class Admins extends Users {}

describe('isAPIClass', () => {
  it('is true for a class extending api.API, at any depth', () => {
    expect(isAPIClass(Users)).toBe(true)
    expect(isAPIClass(Admins)).toBe(true)
  })

  it('is false for the base classes themselves and for anything else', () => {
    expect(isAPIClass(BaseAPI)).toBe(false)
    expect(isAPIClass(api.API)).toBe(false)
    for (const value of [class Plain {}, new Users(), {}, null, 'Users', () => {}]) expect(isAPIClass(value)).toBe(false)
  })
})

describe('lineage', () => {
  it('lists the API classes from the first one below api.API down to the class', () => {
    expect(lineage(Admins)).toEqual([Users, Admins])
    expect(lineage(Users)).toEqual([Users])
    expect(lineage(class Plain {})).toEqual([])
  })

  it('with `within`, lists the classes up the chain while it holds', () => {
    class Plain {}
    class Derived extends Plain {}
    const isClass = (value: unknown) => typeof value === 'function' && value !== Function.prototype
    expect(lineage(Derived, isClass)).toEqual([Plain, Derived])
    expect(lineage(Admins, (value) => value === Admins)).toEqual([Admins])
  })
})

describe('mount / isMountEntry', () => {
  it('pairs an API class with the route it is mounted at', () => {
    const entry = mount(Users, '/users')
    expect(entry.api).toBe(Users)
    expect(entry.route).toBe('/users')
    expect(isMountEntry(entry)).toBe(true)
  })

  it('tells a mount entry from a look-alike object', () => {
    expect(isMountEntry({ api: Users, route: '/users' })).toBe(false)
    expect(isMountEntry(null)).toBe(false)
    expect(isMountEntry(Users)).toBe(false)
  })
})

describe('BaseAPI.respond', () => {
  it('hands the value and init to the current request’s responder', () => {
    const instance = new Users()
    const calls: unknown[][] = []
    Object.defineProperty(instance, 'request', { value: { responder: (...args: unknown[]) => (calls.push(args), 'answered') } })
    expect(instance.respond({ id: 1 }, { status: 201 })).toBe('answered')
    expect(instance.respond('x')).toBe('answered')
    expect(calls).toEqual([[{ id: 1 }, { status: 201 }], ['x', {}]])
  })
})
