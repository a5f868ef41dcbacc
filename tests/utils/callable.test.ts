/** src/utils/callable.ts: a class that works called or with `new` (the one call form). */
import { describe, expect, it } from 'vitest'
import { callable } from '../../src/utils/callable'

class Settings {
  constructor(readonly options: { level: number } = { level: 1 }) {}
  describe(): string {
    return `level ${this.options.level}`
  }
}
const CallableSettings = callable(Settings)

describe('callable', () => {
  it('makes an instance when called without new, with its arguments', () => {
    const made = CallableSettings({ level: 3 })
    expect(made).toBeInstanceOf(Settings)
    expect(made.describe()).toBe('level 3')
  })

  it('still works with new, and keeps the class for instanceof and statics', () => {
    const made = new CallableSettings()
    expect(made).toBeInstanceOf(Settings)
    expect(made).toBeInstanceOf(CallableSettings)
    expect(made.options.level).toBe(1)
    expect(CallableSettings.name).toBe('Settings')
  })

  it('gives a fresh instance per call', () => {
    expect(CallableSettings()).not.toBe(CallableSettings())
  })
})
