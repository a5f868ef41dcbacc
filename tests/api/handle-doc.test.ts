/** src/api/handle-doc.ts: what an `@api.handle` hook answers, for the document — checked at build. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { handleAnswers, isHandleDoc } from '../../src/api/handle-doc'
import { ImproperlyConfigured } from '../../src/exceptions'

describe('isHandleDoc', () => {
  it('is true for an options object, false for error classes and lists', () => {
    expect(isHandleDoc({ status: 409 })).toBe(true)
    expect(isHandleDoc(Error)).toBe(false)
    expect(isHandleDoc([409])).toBe(false)
    expect(isHandleDoc(null)).toBe(false)
  })
})

describe('handleAnswers', () => {
  it('reads one status or a list (each once), a result schema and a content type', () => {
    const result = v.object({ error: v.string() })
    expect(handleAnswers({ status: 409 })).toEqual({ status: [409] })
    expect(handleAnswers({ status: [404, 410, 404], result, contentType: 'application/problem+json' })).toEqual({
      status: [404, 410],
      result,
      contentType: 'application/problem+json',
    })
  })

  it('refuses statuses that are no error statuses, and an empty list', () => {
    for (const status of [200, 399, 600, 404.5, [], [404, 302]] as const)
      expect(() => handleAnswers({ status: status as never }), JSON.stringify(status)).toThrow(ImproperlyConfigured)
    expect(() => handleAnswers({ status: 200 })).toThrow(
      '@api.handle(…, { status, result, contentType }): status is the error status (400–599) or the list of them the hook answers with (got 200)',
    )
  })

  it('refuses a result that is no schema and a content type that is no media type', () => {
    expect(() => handleAnswers({ status: 500, result: 'text' as never })).toThrow(/result is the schema of what the hook returns/)
    expect(() => handleAnswers({ status: 500, contentType: 'json' })).toThrow(/contentType is a media type such as 'application\/problem\+json' \(got json\)/)
  })
})
