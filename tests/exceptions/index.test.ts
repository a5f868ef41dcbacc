/** src/exceptions/index.ts: the exception classes users throw and `instanceof`, made from the one status table. */
import { describe, expect, it } from 'vitest'
import * as exceptions from '../../src/exceptions'
import { STATUSES } from '../../src/exceptions/http'

describe('the exception classes', () => {
  it('has one class per entry of the status table, with its status and name', () => {
    for (const [name, status] of Object.entries(STATUSES)) {
      const Class = (exceptions as unknown as Record<string, typeof exceptions.HttpError>)[name]
      expect(Class, name).toBeDefined()
      if (!Class) continue
      const error = new Class('why')
      expect(error.status, name).toBe(status)
      expect(error.name, name).toBe(name)
      expect(error.fullMessage, name).toBe(`${name}: why`)
      expect(error, name).toBeInstanceOf(exceptions.HttpError)
    }
  })

  it('keeps the classes apart for instanceof (Forbidden and PermissionDenied share 403 only)', () => {
    expect(new exceptions.Forbidden()).not.toBeInstanceOf(exceptions.PermissionDenied)
    expect(new exceptions.PermissionDenied().status).toBe(new exceptions.Forbidden().status)
    expect(new exceptions.NotFound()).not.toBeInstanceOf(exceptions.BadRequest)
  })
})

describe('ImproperlyConfigured', () => {
  it('is a plain Error (a build-time mistake, never an HTTP answer) named for what it is', () => {
    const error = new exceptions.ImproperlyConfigured('route x: bad')
    expect(error).toBeInstanceOf(Error)
    expect(error).not.toBeInstanceOf(exceptions.HttpError)
    expect(error.name).toBe('ImproperlyConfigured')
    expect(error.message).toBe('route x: bad')
  })
})
