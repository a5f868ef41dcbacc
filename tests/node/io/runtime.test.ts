/** src/node/io/runtime.ts: Node built-ins fetched at call time (no static `node:` import), with a clear error where a runtime has none. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { builtinModule, loadBuffer, nodeBuiltin } from '../../../src/node/io/runtime'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('builtinModule', () => {
  it('fetches a built-in through process.getBuiltinModule', () => {
    const path = builtinModule<{ join(...parts: string[]): string }>('node:path')
    expect(path?.join('a', 'b')).toBe('a/b')
    expect(builtinModule('node:no-such-module')).toBeUndefined()
  })

  it('gives none where the runtime has no getBuiltinModule (Workers)', () => {
    vi.stubGlobal('process', undefined)
    expect(builtinModule('node:path')).toBeUndefined()
  })
})

describe('nodeBuiltin', () => {
  it('fetches once and keeps it', () => {
    expect(loadBuffer('test').Buffer.from('a').length).toBe(1)
    expect(nodeBuiltin('node:buffer', 'test')).toBe(nodeBuiltin('node:buffer', 'again'))
  })

  it('says what needed the module and what to do instead where there is none', () => {
    vi.stubGlobal('process', {})
    expect(() => nodeBuiltin('node:zlib', 'mounting an Express app')).toThrow(
      "mounting an Express app needs the 'node:zlib' module (Node >= 20.16, Bun or Deno), but this runtime has no `process.getBuiltinModule`. On Cloudflare Workers mount fetch handlers (Hono, Elysia, functions) instead.",
    )
  })
})
