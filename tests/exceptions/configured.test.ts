/** src/exceptions/configured.ts: `throwImproperlyConfigured`, the one statement that refuses a setup mistake. */
import { describe, expect, it } from 'vitest'
import { throwImproperlyConfigured } from '../../src/exceptions/configured'
import { ImproperlyConfigured } from '../../src/exceptions'

describe('throwImproperlyConfigured', () => {
  it('throws an ImproperlyConfigured with the message as given', () => {
    let thrown: unknown
    try {
      throwImproperlyConfigured("route '{a}{b}': two params need a literal between them")
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ImproperlyConfigured)
    expect(thrown).toBeInstanceOf(Error)
    expect((thrown as Error).name).toBe('ImproperlyConfigured')
    expect((thrown as Error).message).toBe("route '{a}{b}': two params need a literal between them")
  })

  it('is what the setup checks throw: a bad `new Fw` option reads the same as before', async () => {
    const { Fw } = await import('../../src/index')
    expect(() => new Fw({ api: class {} as never })).toThrow(
      new ImproperlyConfigured('`api` must be a class extending api.API'),
    )
  })
})
