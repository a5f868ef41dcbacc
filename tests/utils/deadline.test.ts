/**
 * The one timeout (src/utils/deadline.ts): endpoint timeouts and graceful
 * close both wait with it.
 */
import { createHook } from 'node:async_hooks'
import { describe, expect, it } from 'vitest'
import { deadline } from '../../src/utils/deadline'

describe('deadline', () => {
  it('gives what settles first: the value in time', async () => {
    expect(await deadline(Promise.resolve('in time'), 5000, () => 'late')).toBe('in time')
  })

  it('gives late() when the promise has not settled within the time', async () => {
    const never = new Promise<string>(() => {})
    const started = performance.now()
    expect(await deadline(never, 20, () => 'late')).toBe('late')
    // a busy machine may be slow to fire the timer; a hang would be far longer
    expect(performance.now() - started).toBeLessThan(5000)
  })

  it('does not call late() when the promise settled in time (the timer is cleared)', async () => {
    let calls = 0
    await deadline(Promise.resolve(1), 10, () => {
      calls++
      return 0
    })
    await new Promise((resolve) => setTimeout(resolve, 40))
    expect(calls).toBe(0)
  })

  it('makes two promises per wait, not six (every request with an endpoint timeout waits once)', async () => {
    let made = 0
    const hook = createHook({ init: (_id, type) => void (type === 'PROMISE' && made++) })
    const pending = Promise.resolve('in time')
    hook.enable()
    const waited = deadline(pending, 5000, () => 'late')
    hook.disable()
    expect(made).toBeLessThanOrEqual(2)
    expect(await waited).toBe('in time')
  })

  it('a late() that throws rejects the wait (no uncaught exception from the timer)', async () => {
    const failing = deadline(new Promise<string>(() => {}), 5, () => {
      throw new Error('late failed')
    })
    await expect(failing).rejects.toThrow('late failed')
  })

  it('passes a rejection on', async () => {
    await expect(deadline(Promise.reject(new Error('no')), 5000, () => 'late')).rejects.toThrow('no')
  })
})
