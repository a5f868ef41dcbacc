/**
 * Runs before every test file of the shared workers (vitest.config.ts), so a
 * file sees no state an earlier file left in the same worker:
 * - the Web globals are the ones the worker started with (`@hono/node-server`
 *   replaces `Request` and `Response` with its own subclasses when loaded);
 * - the spies an earlier file left in place (a module-level
 *   `vi.spyOn(console, 'error')`) are restored;
 * - the project's own modules (src, examples, tests) are evaluated afresh (a
 *   service an earlier file closed, `API.__as__()`'s once per process).
 * Packages in node_modules stay loaded: that is the time the sharing saves.
 */
import { vi } from 'vitest'

const WEB_GLOBALS = ['Request', 'Response', 'Headers', 'fetch', 'FormData', 'Blob', 'File', 'ReadableStream', 'WritableStream', 'TransformStream', 'URL', 'URLSearchParams', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder']
const SAVED = Symbol.for('fw.tests.webGlobals')
const holder = globalThis as typeof globalThis & { [SAVED]?: [string, PropertyDescriptor | undefined][] }
// The first file of a worker records them; every file (that one included) starts with them.
const saved = (holder[SAVED] ??= WEB_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]))
for (const [name, descriptor] of saved) {
  if (descriptor) Object.defineProperty(globalThis, name, descriptor)
  else Reflect.deleteProperty(globalThis, name)
}

vi.restoreAllMocks()
vi.resetModules()
