/** src/client/trace-headers.ts: the seam `fw-api/otel` puts trace headers on the typed client's requests through. */
import { describe, expect, it } from 'vitest'
import { addTraceHeaders, registerTraceHeaders } from '../../src/client/trace-headers'

describe('addTraceHeaders / registerTraceHeaders', () => {
  it('adds nothing until an injector is registered, then the first one registered', () => {
    const headers = new Headers()
    addTraceHeaders(headers)
    expect([...headers]).toEqual([])
    registerTraceHeaders((target) => target.set('traceparent', '00-abc-def-01'))
    registerTraceHeaders((target) => target.set('traceparent', 'second'))
    addTraceHeaders(headers)
    expect(headers.get('traceparent')).toBe('00-abc-def-01')
  })
})
