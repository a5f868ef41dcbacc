/**
 * src/plugins/logger.ts: one JSON line per answer, and one per server error — a database error by
 * its kind and constraint only (its message quotes SQL and values); client errors not logged.
 */
import { describe, expect, it } from 'vitest'
import { BadRequest, InternalServerError } from '../../src/exceptions'
import { type LogRecord, Logger } from '../../src/plugins/logger'
import type { RequestContext } from '../../src/request/context'

const context = { method: 'POST', path: '/users', id: 'req-1', arrived: Date.now() - 5 } as RequestContext
/** A logger writing into a list. */
function recording(): { logger: Logger; lines: string[]; records: LogRecord[] } {
  const lines: string[] = []
  const records: LogRecord[] = []
  const logger = new Logger({ sink: (line, record) => (lines.push(line), records.push(record)) })
  return { logger, lines, records }
}

describe('Logger', () => {
  it('writes one JSON line per answer: method, path, status, duration, id; 5xx as errors', () => {
    const { logger, lines, records } = recording()
    expect(logger.processResponse(new Response('x', { status: 201 }), context)).toBeUndefined()
    logger.processResponse(new Response('x', { status: 503 }), context)
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ level: 'info', method: 'POST', path: '/users', status: 201, id: 'req-1' })
    expect(records[0]?.duration).toBeGreaterThanOrEqual(0)
    expect(Number.isNaN(Date.parse(records[0]?.time ?? ''))).toBe(false)
    expect(records[1]?.level).toBe('error')
  })

  it('logs a server error with its name, message and stack, and skips client errors', () => {
    const { logger, records } = recording()
    logger.handleError(new BadRequest('bad input'), context)
    expect(records).toHaveLength(0)
    logger.handleError(new TypeError('x is undefined'), context)
    expect(records[0]).toMatchObject({ level: 'error', error: 'TypeError: x is undefined' })
    expect(records[0]?.stack).toMatch(/\n\s+at /)
  })

  it('logs what a 5xx HttpError wraps, and a thrown non-error as text', () => {
    const { logger, records } = recording()
    logger.handleError(new InternalServerError('wrapped', { cause: new RangeError('inner') }), context)
    logger.handleError('a string', context)
    expect(records[0]?.error).toBe('RangeError: inner')
    expect(records[1]).toMatchObject({ error: 'a string', stack: undefined })
  })

  it('describes a database error without its message, keeping only the stack frames', () => {
    const { logger, lines, records } = recording()
    const failure = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key": Key (email)=(jane@example.com)'), {
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
    })
    logger.handleError(failure, context)
    expect(records[0]?.error).toBe('DatabaseError: unique_violation (23505) on constraint users_email_key of table users')
    expect(lines[0]).not.toContain('jane@example.com')
    expect(records[0]?.stack).toMatch(/^\s+at /)
  })

  it('reports errors (the pipeline gives it the ones it handles)', () => {
    expect(new Logger().reportsErrors).toBe(true)
  })
})
