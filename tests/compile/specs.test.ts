/** src/compile/specs.ts: an endpoint's param declarations read into specs, each mistake naming class, method and key. */
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { request } from 'fw-api'
import { specFor, specsOf } from '../../src/compile/specs'
import { ImproperlyConfigured } from '../../src/exceptions'

describe('specsOf', () => {
  it('reads a schema as an auto param and a marker as its spec', () => {
    const id = v.number()
    const specs = specsOf({ id, token: request.HeaderParam(v.string(), { alias: 'x-token' }) }, 'Users.get')
    expect(specs.id).toEqual({ kind: 'auto', schema: id, hasDefault: false })
    expect(specs.token).toMatchObject({ kind: 'header', alias: 'x-token' })
    expect(specsOf(undefined, 'x')).toEqual({})
  })

  it('refuses one schema where the params object goes', () => {
    expect(() => specsOf(v.object({ id: v.number() }) as never, 'Users.get')).toThrow(/^Users\.get: params must be an object with one entry per param/)
  })
})

describe('specFor', () => {
  it('names the class, method and key of a param that is no schema or marker', () => {
    expect(() => specFor({ type: 'string' }, 'Users.get', 'id')).toThrow(
      "Users.get: param 'id' must be a valibot schema (e.g. v.string()) or a request marker (e.g. request.HeaderParam()), got a plain object (keys: type); a cast does not make it a schema",
    )
    expect(() => specFor('id', 'Users.get', 'id')).toThrow(/got string$/)
  })

  it('refuses a marker called with a shape mistake, with the marker’s own message', () => {
    const wrong = (request.QueryParam as unknown as (options: unknown) => unknown)({ page: v.number() })
    expect(() => specFor(wrong, 'Items.list', 'q')).toThrow(ImproperlyConfigured)
    expect(() => specFor(wrong, 'Items.list', 'q')).toThrow(/^Items\.list: param 'q': a param marker takes \(schema\?, options\?\)/)
  })
})
