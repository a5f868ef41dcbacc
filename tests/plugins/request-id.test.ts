/** src/plugins/request-id.ts: one id per request — a safe incoming one kept (when trusted), else a fresh UUID — echoed on the answer. */
import { describe, expect, it } from 'vitest'
import { RequestId } from '../../src/plugins/request-id'
import type { RequestContext } from '../../src/request/context'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** The id the plugin gives a request with these headers. */
function idFor(plugin: RequestId, headers: Record<string, string>): string | undefined {
  const context = { id: undefined } as RequestContext
  plugin.processRequest(new Request('http://h/', { headers }), context)
  return context.id
}

describe('RequestId', () => {
  it('keeps a safe incoming id and echoes it on the answer', () => {
    const plugin = new RequestId()
    expect(idFor(plugin, { 'x-request-id': 'abc-123.x:y_z' })).toBe('abc-123.x:y_z')
    const answer = plugin.processResponse(new Response('x'), { id: 'abc' } as RequestContext)
    expect(answer?.headers.get('x-request-id')).toBe('abc')
  })

  it('replaces an unsafe or oversized incoming id with a fresh UUID', () => {
    const plugin = new RequestId()
    for (const unsafe of ['a b', 'a\u00e9', '<script>', 'x'.repeat(201), '']) expect(idFor(plugin, { 'x-request-id': unsafe }), unsafe).toMatch(UUID)
    expect(idFor(plugin, {})).toMatch(UUID)
    expect(idFor(plugin, {})).not.toBe(idFor(plugin, {}))
  })

  it('ignores the incoming id when not trusted, and reads only the header it is given', () => {
    const untrusting = new RequestId({ trustIncoming: false })
    expect(idFor(untrusting, { 'x-request-id': 'given' })).toMatch(UUID)
    expect(untrusting.requestHeaders).toEqual([])
    const custom = new RequestId({ header: 'X-Correlation-ID' })
    expect(custom.requestHeaders).toEqual(['x-correlation-id'])
    expect(idFor(custom, { 'x-correlation-id': 'c1', 'x-request-id': 'r1' })).toBe('c1')
  })

  it('adds nothing to an answer of a request it gave no id', () => {
    expect(new RequestId().processResponse(new Response('x'), {} as RequestContext)).toBeUndefined()
  })
})
