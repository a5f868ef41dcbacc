/**
 * A consumer written with zod (SPEC §3.6): handler input, `api.Input`, markers, a
 * before hook's params, a template's `static result`, and the typed client's input and
 * output, from `~standard.types`. Type-checked against the packed package, strict and
 * without skipLibCheck, by tests/package/consumer.test.ts; the @ts-expect-error lines
 * prove wrong calls fail.
 */
import { Field, Fw, Param, api, request, response } from 'fw-api'
import { createClient } from 'fw-api/client'
import { z } from 'zod'

const User = z.object({ name: z.string().min(1), age: z.number().int().min(0), tags: z.array(z.string()).default([]) })
const Head = z.object({ authToken: z.string().meta(Field.alias('X-Auth-Token')), traceId: z.string().optional() })

class Envelope extends response.Response {
  static resultKey = 'data'
  static result = User
}

const createParams = { user: request.Body(User), head: request.Headers(Head) }

export class PeopleAPI extends api.API {
  static response = Envelope
  add = api.get({ a: z.number().int(), b: z.number().int() }, ({ a, b }) => a + b)
  create = api.post(createParams, ({ user, head }) => {
    const tags: string[] = user.tags
    const token: string = head.authToken
    const trace: string | undefined = head.traceId
    return { ...user, tags, token, trace }
  })
  page = api.get({ page: Param(z.number().int().min(1), { default: 1 }) }, ({ page }) => page)
  upload = api.post({ form: request.Body(z.object({ name: z.string(), avatar: z.file() })) }, ({ form }) => form.avatar.size)

  @api.get({ q: z.string(), limit: z.coerce.number().default(10) })
  search(input: api.Input<{ q: z.ZodString; limit: z.ZodDefault<z.ZodCoercedNumber> }>): string {
    return `${input.q}:${input.limit.toFixed(0)}`
  }

  @api.before('add', { token: request.HeaderParam(z.string().min(2)) })
  check({ token }: { token: string }): void {
    void token
  }
}

/** handler input and api.Input come from ~standard.types */
type CreateInput = Omit<api.Input<typeof createParams>, api.WireKey>
const input: CreateInput = { user: { name: 'a', age: 1, tags: [] }, head: { authToken: 't', traceId: undefined } }
// @ts-expect-error the handler receives the output: tags is always there
const missingTags: CreateInput = { user: { name: 'a', age: 1 }, head: { authToken: 't', traceId: undefined } }

const client = createClient<typeof PeopleAPI>({ baseURL: 'http://localhost' })
async function calls(): Promise<void> {
  const sum: number = await client.add({ a: 1, b: 2 })
  // @ts-expect-error b is a number
  await client.add({ a: 1, b: 'x' })
  // the client sends the input: tags may be left out (a default)
  const made = await client.create({ user: { name: 'Ada', age: 36 }, head: { authToken: 'abcd' } })
  const madeTags: string[] = made.tags
  // @ts-expect-error age is a number
  await client.create({ user: { name: 'Ada', age: '36' }, head: { authToken: 'abcd' } })
  const page: number = await client.page({})
  // @ts-expect-error the result is a number
  const wrongPage: string = await client.page({ page: 2 })
  void [sum, madeTags, page, wrongPage]
}

export const service = new Fw({ api: PeopleAPI })
export { calls, input, missingTags }
