/** src/openapi/caught.ts: the statuses an `@api.handle` hook catches, read from its error classes, for the document. */
import { describe, expect, it } from 'vitest'
import { BadRequest, Conflict, HttpError, NotFound } from '../../src/exceptions'
import { caughtStatuses } from '../../src/openapi/caught'

describe('caughtStatuses', () => {
  it('collects the status of each HTTP error class, once', () => {
    expect(caughtStatuses([NotFound, Conflict, NotFound])).toEqual(new Set([404, 409]))
  })

  it('is undefined (every error caught) for no classes, Error, HttpError or a class without a status', () => {
    expect(caughtStatuses(undefined)).toBeUndefined()
    expect(caughtStatuses([])).toBeUndefined()
    expect(caughtStatuses([NotFound, Error])).toBeUndefined()
    expect(caughtStatuses([HttpError])).toBeUndefined()
    expect(caughtStatuses([BadRequest, TypeError])).toBeUndefined()
  })
})
