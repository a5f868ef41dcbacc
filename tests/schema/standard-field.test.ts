/**
 * `Field(...)` with another library's schema (zod, arktype): the alias rides
 * in the library's own metadata into its JSON Schema and becomes the entry's
 * wire name; the schema keeps validating as before; what Field cannot do with
 * that library (a default, a schema without metadata) is a build-time
 * TypeError. Also: arktype's record (`patternProperties`) converts its values,
 * a `cookie` object inside `request.Headers` reads the Cookie header, and a
 * zod file converts to nothing (an upload passes as it is).
 */
import { type } from 'arktype'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Field, Fw, api, request } from '../../src/index'
import type { StandardSchemaV1 } from '../../src/schema/adapter'
import { schemaEntries } from '../../src/schema/index'
import { standardAdapter } from '../../src/schema/standard/adapter'

// sorted: arktype lists an object's keys in its own order
const wires = (schema: unknown) => schemaEntries(schema).map((entry) => [entry.key, entry.wire]).sort()

describe('Field with a zod or arktype schema', () => {
  it('gives an object entry its alias as wire name (zod .meta, arktype .configure)', () => {
    const zodHeaders = z.object({ token: Field(z.string().length(12), { alias: 'X-Auth-Token' }), plain: z.string() })
    const arkHeaders = type({ token: Field(type('string == 12'), { alias: 'X-Auth-Token' }), plain: 'string' })
    expect(wires(zodHeaders)).toEqual([['plain', 'plain'], ['token', 'X-Auth-Token']])
    expect(wires(arkHeaders)).toEqual([['plain', 'plain'], ['token', 'X-Auth-Token']])
  })

  it('returns a copy that validates as the original, and leaves the original without the alias', () => {
    const original = z.string().length(3)
    const aliased = Field(original, { alias: 'x-code' })
    expect(aliased).not.toBe(original)
    expect(aliased.safeParse('abc').success).toBe(true)
    expect(aliased.safeParse('abcd').success).toBe(false)
    expect(wires(z.object({ code: original }))).toEqual([['code', 'code']])
    const arkOriginal = type('string == 3')
    const arkAliased = Field(arkOriginal, { alias: 'x-code' })
    expect(arkAliased('abc')).toBe('abc')
    expect(wires(type({ code: arkOriginal }))).toEqual([['code', 'code']])
  })

  it('refuses a default (the library gives it) and a schema that carries no metadata, at build', () => {
    expect(() => Field(z.string(), { default: 'x' } as never)).toThrow(/zod schema its default with zod itself/)
    const plain: StandardSchemaV1<string> = { '~standard': { version: 1, vendor: 'plain', validate: (value) => ({ value: String(value) }) } }
    expect(() => Field(plain, { alias: 'X-Name' })).toThrow(/cannot hold an alias/)
    expect(Field(plain)).toBe(plain)
  })

  it('reads aliased headers and a cookie object over a request (request.Headers with zod and arktype)', async () => {
    const Cookie = z.object({ sessionid: z.string().nullable().default(null), csrftoken: z.string().nullable().default(null) })
    class HeadersAPI extends api.API {
      @api.get({ headers: request.Headers(z.object({ token: Field(z.string().length(4), { alias: 'X-Auth-Token' }), cookie: Cookie })) })
      zod({ headers }: { headers: { token: string; cookie: z.output<typeof Cookie> } }) {
        return headers
      }

      @api.get({ headers: request.Headers(type({ token: Field(type('string == 4'), { alias: 'X-Auth-Token' }), cookie: { '+': 'delete', sessionid: 'string | null = null' } })) })
      ark({ headers }: { headers: { token: string; cookie: { sessionid: string | null } } }) {
        return headers
      }
    }
    const service = new Fw(import.meta.url, { api: HeadersAPI })
    for (const name of ['zod', 'ark']) {
      const sent = new Request(`http://localhost/${name}`, { headers: { 'X-Auth-Token': 'abcd', Cookie: 'sessionid=s1; other=1' } })
      const response = await service.fetch(sent)
      expect(response.status, name).toBe(200)
      expect(await response.json()).toEqual(name === 'zod' ? { token: 'abcd', cookie: { sessionid: 's1', csrftoken: null } } : { token: 'abcd', cookie: { sessionid: 's1' } })
      const missing = await service.fetch(new Request(`http://localhost/${name}`, { headers: { 'X-Token': 'abcd' } }))
      expect(missing.status, name).toBe(400)
      // named by its wire name, as for valibot
      expect(await missing.json()).toMatchObject({ errors: [{ in: 'header', name: 'X-Auth-Token', path: ['X-Auth-Token'], message: 'required item missing' }] })
    }
  })
})

describe('conversion plans the Utilmeta suite needs from other libraries', () => {
  it("converts an arktype record's values (one patternProperties) like additionalProperties", () => {
    const plan = standardAdapter.plan(type({ '[/^\\d+$/]': ['string', 'number.integer[]'] }))
    expect(plan).toMatchObject({ to: 'object', rest: { to: 'tuple', items: [{ to: 'string' }, { to: 'array', item: { to: 'number', integer: true } }] } })
  })

  it("passes a zod file as it is (no string conversion of an upload)", () => {
    expect(standardAdapter.plan(z.file())).toEqual({ to: 'same' })
    expect(standardAdapter.plan(z.string())).toEqual({ to: 'string' })
  })
})
