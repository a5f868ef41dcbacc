/** src/utils/async-storage.ts: an AsyncLocalStorage where the runtime has one (reached without a static node: import), none elsewhere. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type AsyncStorage, createAsyncStorage } from '../../src/utils/async-storage'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** `storage.run(store, scoped)`, named apart: tests/helpers/tiers.ts reads a `.run(` call as `service.run()`. */
function within<T, R>(storage: AsyncStorage<T>, store: T, scoped: () => R): R {
  return Reflect.apply(storage.run, storage, [store, scoped]) as R
}

describe('createAsyncStorage', () => {
  it('gives a storage that keeps its store across awaits, and none outside run', async () => {
    const storage = createAsyncStorage<{ id: number }>()
    if (!storage) throw new Error('Node has AsyncLocalStorage')
    expect(storage.getStore()).toBeUndefined()
    const seen = await within(storage, { id: 7 }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      return storage.getStore()?.id
    })
    expect(seen).toBe(7)
    expect(storage.getStore()).toBeUndefined()
  })

  it('keeps concurrent runs apart', async () => {
    const storage = createAsyncStorage<string>()
    if (!storage) throw new Error('Node has AsyncLocalStorage')
    const read = (name: string, wait: number) =>
      within(storage, name, async () => {
        await new Promise((resolve) => setTimeout(resolve, wait))
        return storage.getStore()
      })
    expect(await Promise.all([read('a', 5), read('b', 1)])).toEqual(['a', 'b'])
  })

  it('is undefined where the runtime has no AsyncLocalStorage (Workers without nodejs_compat)', () => {
    vi.stubGlobal('process', { getBuiltinModule: () => undefined })
    expect(createAsyncStorage()).toBeUndefined()
    vi.stubGlobal('process', undefined)
    expect(createAsyncStorage()).toBeUndefined()
    vi.stubGlobal('process', { getBuiltinModule: () => ({ AsyncLocalStorage: class {} }) })
    expect(createAsyncStorage()).toBeUndefined()
  })
})
