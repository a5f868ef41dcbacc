/**
 * src/node/native/light-headers.ts: a light response's headers on a plain object — checked against
 * the runtime's own `Headers` on random sequences of operations (same answers, same errors, same
 * fields in the end), and what the writer gets.
 */
import { describe, expect, it } from 'vitest'
import { headersToWrite, lightHeaders } from '../../../src/node/native/light-headers'

const NAMES = ['content-type', 'Content-Type', 'x-a', 'X-A', 'vary', 'set-cookie', 'constructor', '__proto__', 'toString', 'bad name', '']
// (an empty value appended to a field is left out: the light fields hold `v, ` as Headers does, but a
// Headers rebuilt from them trims it to `v,` — an edge no answer depends on)
const VALUES = ['v', ' padded ', 'a, b', 'x\ny', 'é', '\u0100']

/** What an operation gives back, or the error it throws. */
function outcome(run: () => unknown): unknown {
  try {
    return { value: run() ?? null }
  } catch (error) {
    return { error: (error as Error).name }
  }
}

describe('lightHeaders', () => {
  it('answers every operation as the runtime’s Headers does', () => {
    let seed = 3
    const next = (below: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % below
    }
    for (let run = 0; run < 400; run++) {
      const initial = next(2) === 0 ? undefined : { 'Content-Type': 'text/plain', 'X-A': ' 1 ' }
      const light = lightHeaders(initial, 'application/json')
      const real = new Headers(initial ?? { 'content-type': 'application/json' })
      for (let step = 0; step < 8; step++) {
        const name = NAMES[next(NAMES.length)] as string
        const value = VALUES[next(VALUES.length)] as string
        const op = (['get', 'has', 'set', 'append', 'delete'] as const)[next(5)] ?? 'get'
        const call = (headers: Headers): unknown =>
          op === 'get' ? headers.get(name) : op === 'has' ? headers.has(name) : op === 'delete' ? headers.delete(name) : headers[op](name, value)
        expect(outcome(() => call(light)), `${op}(${JSON.stringify(name)}, ${JSON.stringify(value)})`).toEqual(outcome(() => call(real)))
      }
      expect([...light.entries()]).toEqual([...real.entries()])
      expect(light.getSetCookie()).toEqual(real.getSetCookie())
    }
  })

  it('starts with the default content type only when given no fields', () => {
    expect(lightHeaders(undefined, 'application/json').get('content-type')).toBe('application/json')
    expect(lightHeaders({ a: '1' }, 'application/json').get('content-type')).toBeNull()
  })

  it('takes fields a plain object cannot hold straight into a Headers', () => {
    const headers = lightHeaders({ constructor: 'x' }, undefined)
    expect(headers).toBeInstanceOf(Headers)
    expect(headers.get('constructor')).toBe('x')
  })
})

describe('headersToWrite', () => {
  it('gives the writer the plain fields, or the Headers once one was needed', () => {
    const light = lightHeaders({ 'X-A': '1' }, undefined)
    expect(headersToWrite(light)).toEqual({ 'x-a': '1' })
    light.append('set-cookie', 'a=1')
    expect(headersToWrite(light)).toBeInstanceOf(Headers)
    expect(headersToWrite(new Headers())).toBeUndefined()
  })
})
