/**
 * src/service/hidden.ts: `API.__as__`'s hidden service, one per process (SPEC §6) — made and
 * attached the first time, its adapter's answer returned; a second call refused with an
 * ImproperlyConfigured naming the class already attached and what to use instead, without
 * making a second service. The whole `__as__` over real host frameworks is tests/service/as.test.ts.
 * Each case loads the module afresh (the record is process state).
 */
import { describe, expect, it, vi } from 'vitest'
import type { APIClass } from '../../src/api/api'

/** `attachHidden` and the exception class of one fresh module graph (a new process's record). */
async function fresh() {
  vi.resetModules()
  const { attachHidden } = await import('../../src/service/hidden')
  const { ImproperlyConfigured } = await import('../../src/exceptions')
  return { attachHidden, ImproperlyConfigured }
}

/** A stand-in API class: `attachHidden` reads only its name. */
const apiNamed = (name: string): APIClass => ({ [name]: class {} })[name] as unknown as APIClass

describe('attachHidden', () => {
  it('makes the service once and answers what its adapt(route) answers', async () => {
    const { attachHidden } = await fresh()
    const handler = () => 'the host’s handler'
    const adapt = vi.fn(() => handler)
    const make = vi.fn(() => ({ adapt }))
    expect(attachHidden(apiNamed('CalcAPI'), '/calc', make)).toBe(handler)
    expect(make).toHaveBeenCalledTimes(1)
    expect(adapt).toHaveBeenCalledWith('/calc')
  })

  it('refuses a second call in the process, naming the class attached first, making nothing', async () => {
    const { attachHidden, ImproperlyConfigured } = await fresh()
    attachHidden(apiNamed('CalcAPI'), '/calc', () => ({ adapt: () => 'first' }))
    const make = vi.fn(() => ({ adapt: () => 'second' }))
    const again = () => attachHidden(apiNamed('UserAPI'), '/users', make)
    expect(again).toThrow(ImproperlyConfigured)
    expect(again).toThrow(/already called in this process \(for CalcAPI\).*new Fw\(import\.meta\.url, \{ backend, api \}\)\.adapt\(route\)/)
    expect(make).not.toHaveBeenCalled()
    // the same class again is refused too: one hidden service per process
    expect(() => attachHidden(apiNamed('CalcAPI'), '/calc', make)).toThrow(ImproperlyConfigured)
  })

  it('records nothing when the service cannot be made: the next call attaches', async () => {
    const { attachHidden } = await fresh()
    const failing = () => {
      throw new TypeError('no backend')
    }
    expect(() => attachHidden(apiNamed('CalcAPI'), '/calc', failing)).toThrow('no backend')
    expect(attachHidden(apiNamed('CalcAPI'), '/calc', () => ({ adapt: (route) => `at ${route}` }))).toBe('at /calc')
  })

  it('starts with nothing attached in a new process (module)', async () => {
    const first = await fresh()
    first.attachHidden(apiNamed('A'), '/a', () => ({ adapt: () => 1 }))
    const second = await fresh()
    expect(second.attachHidden(apiNamed('B'), '/b', () => ({ adapt: () => 2 }))).toBe(2)
  })
})
