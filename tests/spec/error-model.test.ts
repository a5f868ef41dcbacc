/**
 * One error model: the status classes are made from one table (exceptions/http.ts),
 * stay real classes (`instanceof`, `extends`, their name), and the problem+json
 * titles come from the same table; configuration mistakes are ImproperlyConfigured.
 */
import { describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'
import { Fw, api, exceptions, fromNode } from 'fw-api'
import { STATUSES, statusTitle } from '../../src/exceptions/http'
import { workerCount } from '../../src/serve/cluster'
import { call } from '../helpers/client'

describe('the status table', () => {
  it('makes every exception class: status, name, instanceof, subclassing', () => {
    for (const [name, status] of Object.entries(STATUSES)) {
      const Cls = (exceptions as unknown as Record<string, typeof exceptions.HttpError>)[name]
      expect(Cls, name).toBeDefined()
      const error = new (Cls as typeof exceptions.HttpError)('x')
      expect(error).toBeInstanceOf(exceptions.HttpError)
      expect(error).toBeInstanceOf(Cls)
      expect([error.status, error.name, Cls?.name, error.fullMessage]).toEqual([status, name, name, `${name}: x`])
    }
    class Missing extends exceptions.NotFound {}
    const missing = new Missing('gone')
    expect(missing).toBeInstanceOf(exceptions.NotFound)
    expect(missing).not.toBeInstanceOf(exceptions.Gone)
    expect(missing.status).toBe(404)
  })

  it('gives problem+json its title', async () => {
    class Thrower extends api.API {
      @api.get({ code: v.picklist(Object.keys(STATUSES)) })
      fail({ code }: { code: string }): never {
        throw new exceptions[code as keyof typeof STATUSES]('no')
      }
    }
    vi.spyOn(console, 'error').mockImplementation(() => {}) // the 5xx are reported on purpose
    const service = new Fw(import.meta.url, { api: Thrower })
    for (const [name, status] of Object.entries(STATUSES)) {
      const title = statusTitle(status)
      const { body } = await call(service, `GET /fail?code=${name}`)
      expect(body).toMatchObject({ type: 'about:blank', status, title, detail: `${name}: no` })
    }
  })
})

describe('configuration mistakes', () => {
  it('are ImproperlyConfigured', () => {
    expect(() => {
      class Bad extends api.API {
        @api.get({ q: 42 as never })
        get() {}
      }
      return new Fw(import.meta.url, { api: Bad })
    }).toThrow(exceptions.ImproperlyConfigured)
  })

  it('are ImproperlyConfigured in the Node-only helpers too (run({ workers }), fromNode)', () => {
    expect(() => workerCount(0)).toThrow(exceptions.ImproperlyConfigured)
    expect(() => workerCount(1.5)).toThrow(/positive integer or 'auto'/)
    expect(workerCount(3)).toBe(3)
    expect(() => fromNode('not a listener' as never)).toThrow(exceptions.ImproperlyConfigured)
  })
})
