/**
 * src/serve/index.ts, the `fw-api/serve` entry: importing it registers the serving layer of
 * `service.run()`, the `health` option (fw-api/health) and crossws's Node adapter for WebSockets
 * on node:http; before, each is refused naming the import (the core carries no server, SPEC §5.2).
 */
import { describe, expect, it } from 'vitest'
import { healthLayer, servingLayer } from '../../src/service/host'
import { nodeSocketAdapter } from '../../src/ws/node-adapter'

describe('the fw-api/serve entry', () => {
  it('registers the serving layer, health and the Node WebSocket adapter when imported, not before', async () => {
    expect(() => servingLayer()).toThrow("service.run() needs the serving layer: add `import 'fw-api/serve'` (Node, Bun, Deno); on Workers, `export default service` instead")
    expect(() => healthLayer()).toThrow("add `import 'fw-api/health'`")
    expect(() => nodeSocketAdapter()).toThrow("WebSockets on a node:http server need `import 'fw-api/serve'`")

    const entry = await import('../../src/serve/index')
    expect(Object.keys(entry)).toEqual([]) // types only
    expect(typeof servingLayer()).toBe('function')
    expect(healthLayer().drainMs(true)).toBeGreaterThanOrEqual(0)
    expect(typeof nodeSocketAdapter()).toBe('function')
  })
})
