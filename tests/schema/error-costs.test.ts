/**
 * What a bad value costs on the error path.
 * - Errors fw makes for bad input and never shows the stack of are made
 *   without capturing one (src/utils/stackless.ts): a `ConversionError` and
 *   the `BadRequest` of failed params and the routing errors, 404 and 405
 *   (what error hooks receive). These tests run on Node (V8), where that
 *   applies; errors thrown by user code keep their stacks, and
 *   `Error.stackTraceLimit` is as it was.
 * - A value that cannot convert: the converters' cores return `UNCONVERTIBLE`
 *   without a throw; the checker still says why.
 */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { api, exceptions, Fw, request } from 'fw-api'
import { ConversionError } from '../../src/schema'
import { compileChecker, Invalid } from '../../src/schema/parse'
import { booleanOf, integerOf, numberOf, toInteger, toNumber, UNCONVERTIBLE } from '../../src/schema/scalars'
import { stackless } from '../../src/utils/stackless'
import { call } from '../helpers/client'

const framed = (error: unknown): boolean => String((error as Error).stack).includes('\n    at ')

describe('errors made without a stack', () => {
  it('ConversionError: the message line only; the limit is restored', () => {
    const before = Error.stackTraceLimit
    const error = new ConversionError("invalid number: 'x'", ['page'])
    expect(error.stack).toBe("Error: invalid number: 'x'")
    expect(error).toBeInstanceOf(Error)
    expect(Error.stackTraceLimit).toBe(before)
    expect(framed(new Error('user'))).toBe(true)
  })

  it('stackless restores the limit when making the error throws', () => {
    const before = Error.stackTraceLimit
    expect(() => stackless(() => { throw new TypeError('made badly') })).toThrow('made badly')
    expect(Error.stackTraceLimit).toBe(before)
  })

  it("the BadRequest an error hook receives for failed params has no fw frames; a user's error keeps its stack", async () => {
    const seen: unknown[] = []
    class ItemsAPI extends api.API {
      @api.get('items', { page: request.QueryParam(v.pipe(v.number(), v.integer())) })
      items({ page }: { page: number }) {
        if (page === 13) throw new exceptions.BadRequest('unlucky')
        return page
      }

      @api.handle('*')
      handled(error: Error) {
        seen.push(error)
        throw error
      }
    }
    const service = new Fw(import.meta.url, { api: ItemsAPI })
    expect(await call(service, 'GET /items?page=x')).toMatchObject({ status: 400 })
    expect(seen[0]).toBeInstanceOf(exceptions.BadRequest)
    expect((seen[0] as Error).stack).toBe("BadRequest: parse item: ['page'] failed: invalid number: 'x'")
    expect(await call(service, 'GET /items?page=13')).toMatchObject({ status: 400 })
    expect(framed(seen[1])).toBe(true)
  })

  it('the 404 and 405 an error hook receives for a request no route answers have no fw frames', async () => {
    const seen: unknown[] = []
    @api.route('/shop')
    class ShopAPI extends api.API {
      @api.get('items')
      items() {
        return []
      }

      @api.handle('*')
      handled(error: Error) {
        seen.push(error)
        throw error
      }
    }
    const service = new Fw(import.meta.url, { api: ShopAPI })
    expect(await call(service, 'GET /shop/nope')).toMatchObject({ status: 404 })
    expect(await call(service, 'DELETE /shop/items')).toMatchObject({ status: 405 })
    expect(seen.map((error) => (error as Error).stack)).toEqual([
      'NotFound: path not found: /shop/nope',
      'MethodNotAllowed: method not allowed: DELETE (allowed: GET)',
    ])
  })
})

describe('a value that cannot convert', () => {
  it('the checker names the reason', () => {
    const schema = v.object({ page: v.pipe(v.number(), v.integer()), on: v.boolean(), n: v.number() })
    // the converter's ConversionError (params.ts answers it as an `Invalid`) names the item and the reason
    const reasons = [{ page: 'x', on: true, n: 1 }, { page: '1e300', on: true, n: 1 }, { page: 1, on: 'maybe', n: 1 }].map((bad) => {
      try {
        return compileChecker(schema)(bad)
      } catch (error) {
        return error instanceof ConversionError ? [error.path, error.reason] : error
      }
    })
    expect(reasons).toEqual([
      [['page'], "invalid number: 'x'"],
      [['page'], "invalid integer: '1e300' is out of the safe integer range"],
      [['on'], "invalid boolean: 'maybe'"],
    ])
    expect(compileChecker(schema)({ page: 1, on: true, n: null })).toBeInstanceOf(Invalid)
  })

  it('the cores return UNCONVERTIBLE where the converters throw', () => {
    expect(numberOf('x')).toBe(UNCONVERTIBLE)
    expect(numberOf(10n)).toBe(UNCONVERTIBLE)
    expect(numberOf(' 36')).toBe(UNCONVERTIBLE)
    expect(numberOf('2.5')).toBe(2.5)
    expect(numberOf(null)).toBe(null)
    expect(integerOf('2.9')).toBe(2)
    expect(integerOf('1e300')).toBe(UNCONVERTIBLE)
    expect(integerOf(Infinity)).toBe(UNCONVERTIBLE) // no finite number: refused (SPEC §3.1, D10)
    expect(numberOf('-1e400')).toBe(UNCONVERTIBLE)
    expect(numberOf(-Infinity)).toBe(UNCONVERTIBLE)
    expect(() => toNumber('-1e400')).toThrow("invalid number: '-1e400'")
    expect(booleanOf('on')).toBe(true)
    expect(booleanOf(2)).toBe(UNCONVERTIBLE)
    expect(() => toInteger('1e300')).toThrow("invalid integer: '1e300' is out of the safe integer range")
    expect(() => toInteger('x')).toThrow("invalid number: 'x'")
  })
})
