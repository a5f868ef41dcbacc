/**
 * src/node/io/contain.ts: a throw out of an emitter's listeners (and an `'error'` event nobody
 * hears) goes to the call's failure path instead of up into Node's internals; `emit` stays an
 * own, replaceable property (Express swaps the prototype of req/res), listeners still run in order.
 */
import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { contain } from '../../../src/node/io/contain'

describe('contain', () => {
  it('routes a throwing listener to fail, and reports the event as handled', () => {
    const emitter = new EventEmitter()
    const failures: unknown[] = []
    contain(emitter, (error) => failures.push(error))
    const thrown = new Error('in end')
    emitter.on('end', () => {
      throw thrown
    })
    expect(() => emitter.emit('end')).not.toThrow()
    expect(emitter.emit('end')).toBe(true)
    expect(failures).toEqual([thrown, thrown])
  })

  it("routes an 'error' event nobody listens to, and what a non-Error throw carries", () => {
    const emitter = new EventEmitter()
    const failures: unknown[] = []
    contain(emitter, (error) => failures.push(error))
    const unheard = new Error('unheard')
    expect(emitter.emit('error', unheard)).toBe(true)
    emitter.on('data', () => {
      throw 'a string'
    })
    emitter.emit('data')
    expect(failures).toEqual([unheard, 'a string'])
  })

  it('leaves normal events alone: arguments, return value, this, order', () => {
    const emitter = new EventEmitter()
    contain(emitter, () => {
      throw new Error('never called')
    })
    const seen: unknown[] = []
    emitter.on('data', function (this: unknown, a: unknown, b: unknown) {
      seen.push(this === emitter, a, b)
    })
    emitter.on('data', () => seen.push('second'))
    expect(emitter.emit('data', 1, 2)).toBe(true)
    expect(emitter.emit('nothing')).toBe(false)
    expect(seen).toEqual([true, 1, 2, 'second'])
  })

  it('is an own, non-enumerable, writable property: it survives a prototype swap and can be wrapped again', () => {
    const emitter = new EventEmitter()
    const failures: unknown[] = []
    contain(emitter, (error) => failures.push(error))
    const descriptor = Object.getOwnPropertyDescriptor(emitter, 'emit')
    expect(descriptor).toMatchObject({ enumerable: false, writable: true, configurable: true })
    class Swapped extends EventEmitter {}
    Object.setPrototypeOf(emitter, Swapped.prototype)
    emitter.on('x', () => {
      throw new Error('after the swap')
    })
    emitter.emit('x')
    expect(failures).toHaveLength(1)
    contain(emitter, (error) => failures.push(['outer', error]))
    emitter.emit('x')
    expect(failures).toHaveLength(2) // the inner wrapper catches first
  })
})
