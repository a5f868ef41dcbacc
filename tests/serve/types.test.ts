/**
 * src/serve/types.ts: the serving options' arithmetic — Node's timeouts from `timeouts` (checked
 * often enough to hold within a second), Bun's idle timeout in seconds within 1–255, a taken port
 * recognised from Node's, Bun's and Deno's errors as one EADDRINUSE error, a server's bound port.
 */
import { describe, expect, it } from 'vitest'
import { ImproperlyConfigured } from '../../src/exceptions'
import { addressInUse, bunIdleTimeout, checkTimeouts, DEFAULT_CLOSE_TIMEOUT, defaultTimeouts, nodeServerTimeouts, portOf } from '../../src/serve/types'

describe('nodeServerTimeouts', () => {
  it('gives the defaults, checked every second', () => {
    expect(nodeServerTimeouts()).toEqual({ headersTimeout: 15_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 1000 })
    expect(Object.isFrozen(defaultTimeouts)).toBe(true)
    expect(DEFAULT_CLOSE_TIMEOUT).toBe(10_000)
  })

  it('takes each timeout given, the rest default; short ones are checked at half their length, not under 100 ms', () => {
    expect(nodeServerTimeouts({ headers: 1000 })).toEqual({ headersTimeout: 1000, requestTimeout: 30_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 500 })
    expect(nodeServerTimeouts({ request: 600, keepAlive: 0 })).toMatchObject({ requestTimeout: 600, keepAliveTimeout: 0, connectionsCheckingInterval: 300 })
    expect(nodeServerTimeouts({ headers: 10, request: 10 }).connectionsCheckingInterval).toBe(100)
  })

  it('takes a timeout given as undefined as not given (Node refused the NaN check interval it made)', () => {
    const computed = nodeServerTimeouts({ headers: undefined, request: undefined, keepAlive: undefined })
    expect(computed).toEqual(nodeServerTimeouts())
  })
})

describe('a timeout that is not a number of ms', () => {
  it('is refused, named, before any server gets it (Node aborted the process on NaN)', () => {
    for (const bad of [Number.NaN, -1, Number.POSITIVE_INFINITY, '5000' as unknown as number]) {
      expect(() => nodeServerTimeouts({ headers: bad })).toThrow(new ImproperlyConfigured(`timeouts.headers is a number of ms (0 or more), not ${String(bad)}`))
      expect(() => nodeServerTimeouts({ keepAlive: bad })).toThrow('timeouts.keepAlive is a number of ms')
      expect(() => bunIdleTimeout({ idle: bad })).toThrow('timeouts.idle is a number of ms')
    }
    expect(nodeServerTimeouts({ request: 0, keepAlive: 0 })).toMatchObject({ requestTimeout: 0, keepAliveTimeout: 0 })
    expect(() => checkTimeouts({ idle: Number.NaN })).toThrow('timeouts.idle is a number of ms (0 or more), not NaN')
    expect(() => checkTimeouts({ request: -5 })).toThrow('timeouts.request is a number of ms (0 or more), not -5')
    expect(() => checkTimeouts()).not.toThrow()
    expect(() => checkTimeouts({ headers: 1, request: 2, keepAlive: 0, idle: undefined })).not.toThrow()
  })
})

describe('bunIdleTimeout', () => {
  it('is timeouts.idle in whole seconds, rounded up, within Bun’s 1–255', () => {
    expect(bunIdleTimeout()).toBe(10)
    expect(bunIdleTimeout({})).toBe(10)
    expect(bunIdleTimeout({ idle: 1 })).toBe(1)
    expect(bunIdleTimeout({ idle: 1001 })).toBe(2)
    expect(bunIdleTimeout({ idle: 0 })).toBe(1)
    expect(bunIdleTimeout({ idle: 255_000 })).toBe(255)
    expect(bunIdleTimeout({ idle: 3_600_000 })).toBe(255)
  })
})

describe('addressInUse', () => {
  const expected = 'cannot listen on 0.0.0.0:80: the address is already in use (EADDRINUSE)'

  it("recognises Node's code, Deno's AddrInUse and Bun's message", () => {
    const node = Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:80'), { code: 'EADDRINUSE' })
    const deno = Object.assign(new Error('os error 98'), { name: 'AddrInUse' })
    const bun = new Error('Failed to start server. Is port 80 in use? (EADDRINUSE)')
    const plain = { code: 'EADDRINUSE' }
    for (const error of [node, deno, bun, plain]) {
      const made = addressInUse(error, 80, '0.0.0.0')
      expect(made).toBeInstanceOf(Error)
      expect((made as Error).message).toBe(expected)
      expect((made as Error).cause).toBe(error)
      expect(Reflect.get(made as Error, 'code')).toBe('EADDRINUSE')
    }
  })

  it('gives any other error back as it is', () => {
    const denied = Object.assign(new Error('listen EACCES: permission denied'), { code: 'EACCES' })
    expect(addressInUse(denied, 80, '0.0.0.0')).toBe(denied)
    for (const other of [undefined, null, 'EADDRINUSE', 42]) expect(addressInUse(other, 80, 'h')).toBe(other)
  })
})

describe('portOf', () => {
  it("reads the port of a Node server's address, and refuses one without", () => {
    expect(portOf({ address: '127.0.0.1', family: 'IPv4', port: 8123 })).toBe(8123)
    for (const address of [null, undefined, '/tmp/fw.sock', {}, { port: '80' }])
      expect(() => portOf(address)).toThrow('the server did not report a port')
  })
})
