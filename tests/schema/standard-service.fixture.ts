/**
 * SPEC §3.6's example service, as written there (zod and arktype in one
 * service), plus valibot / zod / arktype twins of the same endpoints: read by
 * tests/schema/standard-service.test.ts in-process and over HTTP.
 */
import { type } from 'arktype'
import * as v from 'valibot'
import { z } from 'zod'
import { Fw, Param, api, request } from 'fw-api'

const User = z.object({ name: z.string().min(1), age: z.number().int().min(0), tags: z.array(z.string()).default([]) })

class PeopleAPI extends api.API {
  // GET /add?a=1.5&b=2.1 → 3 (converted as in 3.1, then zod validates)
  add = api.get({ a: z.number().int(), b: z.number().int() }, ({ a, b }) => a + b)

  // POST /create, JSON {"name":"Ada","age":"36"} (or a form, or XML) → {"name":"Ada","age":36,"tags":[]}
  // {"name":"","age":-1} → 400 naming both fields
  create = api.post({ user: request.Body(User) }, ({ user }) => user)

  // GET /search?q=ts&limit=20 → {"q":"ts","limit":20}; ?limit=x → 400
  search = api.get({ query: request.Query(type({ q: 'string', 'limit?': 'number.integer' })) }, ({ query }) => query)

  // GET /page → 1; GET /page?page=0 → 400
  page = api.get({ page: Param(type('number.integer >= 1'), { default: 1 }) }, ({ page }) => page)
}

/** An async refinement (awaited per request) next to a sync param. */
const freeName = z.string().refine(async (name) => {
  await new Promise((resolve) => setTimeout(resolve, 1))
  return name !== 'taken'
}, 'name taken')

class AsyncAPI extends api.API {
  claim = api.get({ name: freeName, n: z.number().int() }, ({ name, n }) => `${name}:${n}`)
}

/** The same endpoints three times, one library each: equal answers expected. */
const valibotTwin = {
  add: { a: v.pipe(v.number(), v.integer()), b: v.pipe(v.number(), v.integer()) },
  flags: { on: v.boolean(), ids: v.array(v.pipe(v.number(), v.integer())) },
  body: v.object({ name: v.pipe(v.string(), v.minLength(1)), age: v.pipe(v.number(), v.integer(), v.minValue(0)), tags: v.optional(v.array(v.string()), []) }),
  nullable: v.object({ n: v.nullable(v.number()), kind: v.picklist(['a', 'b']), either: v.union([v.number(), v.boolean()]) }),
  messages: { name: v.pipe(v.string(), v.minLength(1, "can't be blank")), email: v.pipe(v.string(), v.email('is invalid')) },
  parsed: v.pipe(v.string(), v.transform((text): unknown => JSON.parse(text))),
  bounded: v.pipe(v.number(), v.maxValue(100)),
  boundedBody: v.object({ n: v.pipe(v.number(), v.maxValue(100)) }),
}
const zodTwin = {
  add: { a: z.number().int(), b: z.number().int() },
  flags: { on: z.boolean(), ids: z.array(z.number().int()) },
  body: User,
  nullable: z.object({ n: z.number().nullable(), kind: z.enum(['a', 'b']), either: z.union([z.number(), z.boolean()]) }),
  messages: { name: z.string().min(1, { message: "can't be blank" }), email: z.string().email({ message: 'is invalid' }) },
  parsed: z.string().transform((text): unknown => JSON.parse(text)),
  bounded: z.number().max(100),
  boundedBody: z.object({ n: z.number().max(100) }),
}
const arkTwin = {
  add: { a: type('number.integer'), b: type('number.integer') },
  flags: { on: type('boolean'), ids: type('number.integer[]') },
  body: type({ name: 'string >= 1', age: 'number.integer >= 0', tags: type('string[]').default(() => []) }),
  nullable: type({ n: 'number | null', kind: "'a' | 'b'", either: 'number | boolean' }),
  messages: { name: type('string >= 1').configure({ message: "can't be blank" }), email: type('string.email').configure({ message: 'is invalid' }) },
  parsed: type('string').pipe((text): unknown => JSON.parse(text)),
  bounded: type('number <= 100'),
  boundedBody: type({ n: 'number <= 100' }),
}

function twinAPI(schemas: typeof zodTwin | typeof valibotTwin | typeof arkTwin) {
  return class TwinAPI extends api.API {
    add = api.get(schemas.add, ({ a, b }) => (a as number) + (b as number))
    flags = api.get(schemas.flags, (input) => input)
    json = api.post({ user: request.Json(schemas.body) }, ({ user }) => user)
    form = api.post({ user: request.Form(schemas.body) }, ({ user }) => user)
    nullable = api.post({ data: request.Body(schemas.nullable) }, ({ data }) => data)
    messages = api.get(schemas.messages, (input) => input)
    parsed = api.get({ parsed: schemas.parsed }, ({ parsed }) => ({ parsed }))
    bounded = api.get({ n: schemas.bounded }, ({ n }) => n)
    boundedBody = api.post({ data: request.Json(schemas.boundedBody) }, ({ data }) => data)
  }
}

class RootAPI extends api.API {
  static people = PeopleAPI
  static async = AsyncAPI
  static valibot = twinAPI(valibotTwin)
  static zod = twinAPI(zodTwin)
  static arktype = twinAPI(arkTwin)
}

export const service = new Fw(import.meta.url, { name: 'standard-schema', api: RootAPI })
