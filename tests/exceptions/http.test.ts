/**
 * src/exceptions/http.ts: the status table, the problem+json body and the base `HttpError`
 * (status, items, headers, cause, the message fw sends).
 */
import { describe, expect, it } from 'vitest'
import { HttpError, problem, STATUSES, statusClass, statusTitle } from '../../src/exceptions/http'

describe('STATUSES / statusTitle', () => {
  it('gives every status of the table its RFC 9110 title', () => {
    expect(statusTitle(404)).toBe('Not Found')
    expect(statusTitle(413)).toBe('Content Too Large')
    expect(statusTitle(422)).toBe('Unprocessable Content')
    expect(statusTitle(403)).toBe('Forbidden')
  })

  it('has no title for a status outside the table', () => {
    expect(statusTitle(418)).toBeUndefined()
    expect(statusTitle(200)).toBeUndefined()
  })

  it('holds only error statuses, each titled', () => {
    for (const [name, status] of Object.entries(STATUSES)) {
      expect(status, name).toBeGreaterThanOrEqual(400)
      expect(status, name).toBeLessThan(600)
      expect(statusTitle(status)?.length, name).toBeGreaterThan(0)
    }
  })

  it('titles each status with its name in words, the last of a status winning, two as RFC 9110 renamed them', () => {
    const titles = Object.fromEntries(Object.values(STATUSES).map((status) => [status, statusTitle(status)]))
    expect(titles).toEqual({
      400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
      405: 'Method Not Allowed', 406: 'Not Acceptable', 408: 'Request Timeout', 409: 'Conflict', 410: 'Gone',
      411: 'Length Required', 412: 'Precondition Failed', 413: 'Content Too Large', 415: 'Unsupported Media Type',
      422: 'Unprocessable Content', 429: 'Too Many Requests', 500: 'Internal Server Error', 501: 'Not Implemented',
      502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
    })
  })
})

describe('problem', () => {
  it('builds RFC 9457 problem+json, the errors only when there are some', () => {
    expect(problem(404, 'NotFound', 'no user 7')).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'no user 7' })
    expect(problem(400, 'BadRequest', 'x', [])).not.toHaveProperty('errors')
    const errors = [{ in: 'query', name: 'page', path: ['page'], message: "invalid number: 'x'" }]
    expect(problem(400, 'BadRequest', 'x', errors).errors).toBe(errors)
  })

  it('titles a status outside the table with the error’s name', () => {
    expect(problem(418, 'Teapot', 'short and stout').title).toBe('Teapot')
  })
})

describe('HttpError', () => {
  it('is a 500 by default, its name the class’s errorName', () => {
    const error = new HttpError('boom')
    expect(error).toBeInstanceOf(Error)
    expect(error.status).toBe(500)
    expect(error.name).toBe('HttpError')
    expect(error.errors).toEqual([])
    expect(error.headers).toEqual({})
  })

  it('takes a status, items, headers and a cause from its options', () => {
    const cause = new Error('inner')
    const error = new HttpError('nope', { status: 405, headers: { allow: 'GET' }, errors: [{ in: 'path', name: 'id', path: ['id'], message: 'm' }], cause })
    expect(error.status).toBe(405)
    expect(error.headers).toEqual({ allow: 'GET' })
    expect(error.errors).toHaveLength(1)
    expect(error.cause).toBe(cause)
    expect('cause' in new HttpError('no cause')).toBe(false)
  })

  it('sends `<Name>: <message>`, or the name alone without a message', () => {
    expect(new HttpError('boom').fullMessage).toBe('HttpError: boom')
    expect(new HttpError().fullMessage).toBe('HttpError')
  })
})

describe('statusClass', () => {
  it('makes a class of the table’s status, named by its entry (minifier-proof)', () => {
    const Conflict = statusClass('Conflict')
    const error = new Conflict('taken')
    expect(error).toBeInstanceOf(HttpError)
    expect(error.status).toBe(409)
    expect(error.name).toBe('Conflict')
    expect(error.fullMessage).toBe('Conflict: taken')
  })

  it('lets a subclass override the status it inherits, and an option override both', () => {
    class Teapot extends statusClass('BadRequest') {
      static override status = 418
      static override errorName = 'Teapot'
    }
    expect(new Teapot().status).toBe(418)
    expect(new Teapot().name).toBe('Teapot')
    expect(new Teapot('x', { status: 400 }).status).toBe(400)
  })
})
