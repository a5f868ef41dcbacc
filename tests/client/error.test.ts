/** src/client/error.ts: the one error a typed client's call rejects with. */
import { describe, expect, it } from 'vitest'
import { ClientError } from '../../src/client/error'

describe('ClientError', () => {
  it('carries the status, the body and the item errors the server sent', () => {
    const errors = [{ in: 'query', name: 'a' }]
    const error = new ClientError('BadRequest: a', 400, { msg: 'BadRequest: a' }, errors)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ClientError')
    expect(error.message).toBe('BadRequest: a')
    expect(error.status).toBe(400)
    expect(error.body).toEqual({ msg: 'BadRequest: a' })
    expect(error.errors).toBe(errors)
  })

  it('has status 0 for a call refused before anything was sent', () => {
    const error = new ClientError('path param would leave its endpoint', 0, undefined, undefined)
    expect(error.status).toBe(0)
    expect(error.errors).toBeUndefined()
    expect(String(error)).toBe('ClientError: path param would leave its endpoint')
  })
})
