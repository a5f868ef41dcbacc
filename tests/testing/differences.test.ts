/**
 * src/testing/differences.ts: what a contract run finds — collected by kind (one entry per kind
 * with a count), matched against the expected ones (an expected one that did not occur is itself
 * a difference), and reported in one error.
 */
import { describe, expect, it } from 'vitest'
import { ContractError, type Difference, Differences, settle } from '../../src/testing/differences'

describe('Differences', () => {
  it('counts the same finding once per operation, kind and status, keeping the first request', () => {
    const found = new Differences()
    found.add('GET /a', { kind: 'undocumented-status', detail: 'undocumented status 500' }, 500, 'GET /a?x=1')
    found.add('GET /a', { kind: 'undocumented-status', detail: 'undocumented status 500' }, 500, 'GET /a?x=2')
    found.add('GET /a', { kind: 'undocumented-status', detail: 'undocumented status 418' }, 418, 'GET /a?x=3')
    expect(found.list).toEqual([
      { operation: 'GET /a', kind: 'undocumented-status', status: 500, detail: 'undocumented status 500', request: 'GET /a?x=1', count: 2 },
      { operation: 'GET /a', kind: 'undocumented-status', status: 418, detail: 'undocumented status 418', request: 'GET /a?x=3', count: 1 },
    ])
  })

  it('keeps schema findings with different details apart', () => {
    const found = new Differences()
    found.add('POST /b', { kind: 'schema', detail: '/id: must be integer' }, 200, 'r1')
    found.add('POST /b', { kind: 'schema', detail: '/name: must be string' }, 200, 'r2')
    expect(found.list).toHaveLength(2)
  })
})

describe('settle', () => {
  const difference = (operation: string, status?: number): Difference => ({ operation, kind: 'undocumented-status', ...(status ? { status } : {}), detail: 'd', request: 'r', count: 1 })

  it('accepts the expected differences with their reason, and keeps the others', () => {
    const settled = settle([difference('GET /a', 500), difference('GET /b', 500)], [{ operation: 'GET /a', kind: 'undocumented-status', reason: 'known bug #1' }])
    expect(settled.expected).toEqual([{ ...difference('GET /a', 500), reason: 'known bug #1' }])
    expect(settled.differences).toEqual([difference('GET /b', 500)])
  })

  it('matches a status only when the expectation names one', () => {
    expect(settle([difference('GET /a', 500)], [{ operation: 'GET /a', kind: 'undocumented-status', status: 404, reason: 'x' }]).expected).toEqual([])
  })

  it('reports an expected difference that did not occur', () => {
    const settled = settle([], [{ operation: 'GET /c', kind: 'undocumented-status', status: 503, reason: 'flaky upstream' }])
    expect(settled.differences).toEqual([
      { operation: 'GET /c', kind: 'expected-missing', detail: 'expected undocumented-status 503 did not occur (flaky upstream): remove it from the expected list', request: '-', count: 1 },
    ])
  })
})

describe('ContractError', () => {
  it('lists every difference with its count and an example request', () => {
    const report = { operations: 2, requests: 40, differences: [{ ...difference('GET /a', 500), count: 3 }], expected: [] }
    const error = new ContractError(report)
    expect(error.name).toBe('ContractError')
    expect(error.message).toBe('contract: 1 difference(s) between the document and the service (40 requests, 2 operations)\n- GET /a undocumented-status 500: d\n    3× e.g. r')
    expect(error.report).toBe(report)
    expect(error.differences).toBe(report.differences)
  })

  function difference(operation: string, status: number): Difference {
    return { operation, kind: 'undocumented-status', status, detail: 'd', request: 'r', count: 1 }
  }
})
