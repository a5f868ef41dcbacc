/** src/serve/errors.ts: fw's own 500 for an error that escaped the handler — problem+json, its text shown only in debug. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { failure, HIDDEN_500, internalErrorBody } from '../../src/serve/errors'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('internalErrorBody', () => {
  it('hides the error outside debug', () => {
    expect(JSON.parse(HIDDEN_500)).toEqual({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'InternalServerError' })
    expect(internalErrorBody(new Error('db password is hunter2'), false)).toBe(HIDDEN_500)
  })

  it('shows an Error’s name and message in debug, never a thrown non-error', () => {
    expect(JSON.parse(internalErrorBody(new TypeError('x is undefined'), true)).detail).toBe('TypeError: x is undefined')
    expect(internalErrorBody('a string', true)).toBe(HIDDEN_500)
  })
})

describe('failure', () => {
  it('answers 500 problem+json, logging the error in debug only', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const quiet = failure(false)(new Error('secret'))
    expect(quiet.status).toBe(500)
    expect(quiet.headers.get('content-type')).toBe('application/problem+json')
    expect(await quiet.text()).toBe(HIDDEN_500)
    expect(logged).not.toHaveBeenCalled()
    const loud = failure(true)(new Error('visible'))
    expect(JSON.parse(await loud.text()).detail).toBe('Error: visible')
    expect(logged).toHaveBeenCalledTimes(1)
  })
})
