/**
 * An `AsyncLocalStorage` where the runtime has one — Node, Bun, Deno; Workers with
 * `nodejs_compat` — reached through `process.getBuiltinModule`, so the core never imports
 * `node:*`; `undefined` elsewhere. Used scoped (`run` around the rest of a request), never
 * `enterWith`.
 */

/** The part of `AsyncLocalStorage` fw uses. */
export interface AsyncStorage<T> {
  getStore(): T | undefined
  run<R>(store: T, scoped: () => R): R
}

/**
 * A new `AsyncLocalStorage`, or `undefined` where the runtime has none.
 *
 * @example const storage = createAsyncStorage<{ db: number }>()
 */
export function createAsyncStorage<T>(): AsyncStorage<T> | undefined {
  const host = globalThis as { process?: { getBuiltinModule?: (name: string) => unknown } }
  const hooks = host.process?.getBuiltinModule?.('node:async_hooks') as
    | { AsyncLocalStorage?: new () => AsyncStorage<T> }
    | undefined
  const Storage = hooks?.AsyncLocalStorage
  if (!Storage || typeof Storage.prototype.run !== 'function') return undefined
  return new Storage()
}
