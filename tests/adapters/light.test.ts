/**
 * src/adapters/light.ts: attached to a Node framework, fw's answers are light responses on Node
 * (the global `Response` replaced once, as `service.run()` does); on Bun and Deno the global stays
 * theirs, since their servers take only their own `Response`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { lightResponsesOnNode } from '../../src/adapters/light'
import { lightParts } from '../../src/node/native/response'

const webResponse = globalThis.Response

afterEach(() => {
  vi.unstubAllGlobals()
  globalThis.Response = webResponse
})

describe('lightResponsesOnNode', () => {
  it('on Node, makes the global Response the light one, once (idempotent)', () => {
    lightResponsesOnNode()
    const installed = globalThis.Response
    expect(installed).not.toBe(webResponse)
    expect(lightParts(new Response('hi', { status: 201 }))).toEqual({ status: 201, body: 'hi', headers: undefined })
    lightResponsesOnNode()
    expect(globalThis.Response).toBe(installed)
    expect(new Response('x')).toBeInstanceOf(webResponse)
  })

  for (const runtime of ['Bun', 'Deno']) {
    it(`on ${runtime}, leaves the runtime's own Response in place`, () => {
      vi.stubGlobal(runtime, { version: 'test' })
      lightResponsesOnNode()
      expect(globalThis.Response).toBe(webResponse)
      expect(lightParts(new Response('hi'))).toBeUndefined()
    })
  }

  it('where the runtime is unknown (no process.env), leaves it too', () => {
    vi.stubGlobal('process', {})
    lightResponsesOnNode()
    vi.unstubAllGlobals()
    expect(globalThis.Response).toBe(webResponse)
  })
})
