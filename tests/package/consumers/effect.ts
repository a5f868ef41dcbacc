/**
 * A consumer written with effect 4 (SPEC §3.6), its schemas made Standard Schemas with their
 * JSON Schema (docs/api.md, "effect Schema"): handler input, `api.Input`, markers, a before
 * hook's params, a template's `static result`, and the typed client's input and output, from
 * `~standard.types`. Type-checked against the packed package, strict and without skipLibCheck,
 * by tests/package/consumer.test.ts; the @ts-expect-error lines prove wrong calls fail.
 */
import { Effect, Schema } from 'effect'
import { Fw, Param, api, request, response } from 'fw-api'
import { createClient } from 'fw-api/client'

const standard = <S extends Schema.ConstraintDecoder<unknown>>(schema: S) =>
  Schema.toStandardSchemaV1(Schema.toStandardJSONSchemaV1(schema))

const Int = Schema.Int
const User = standard(
  Schema.Struct({
    name: Schema.String.check(Schema.isMinLength(1)),
    age: Int.check(Schema.isGreaterThanOrEqualTo(0)),
    tags: Schema.Array(Schema.String).pipe(Schema.withDecodingDefaultKey(Effect.succeed([]))),
  }),
)
const Head = standard(Schema.Struct({ authToken: Schema.String, traceId: Schema.optionalKey(Schema.String) }))

class Envelope extends response.Response {
  static resultKey = 'data'
  static result = User
}

const createParams = { user: request.Body(User), head: request.Headers(Head) }

export class PeopleAPI extends api.API {
  static response = Envelope
  add = api.get({ a: standard(Int), b: standard(Int) }, ({ a, b }) => a + b)
  create = api.post(createParams, ({ user, head }) => {
    const tags: readonly string[] = user.tags
    const token: string = head.authToken
    const trace: string | undefined = head.traceId
    return { ...user, tags, token, trace }
  })
  page = api.get({ page: Param(standard(Int.check(Schema.isGreaterThanOrEqualTo(1))), { default: 1 }) }, ({ page }) => page)

  @api.before('add', { token: request.HeaderParam(standard(Schema.String.check(Schema.isMinLength(2)))) })
  check({ token }: { token: string }): void {
    void token
  }
}

type CreateInput = Omit<api.Input<typeof createParams>, api.WireKey>
const input: CreateInput = { user: { name: 'a', age: 1, tags: [] }, head: { authToken: 't' } }
// @ts-expect-error the handler receives the output: tags is always there
const missingTags: CreateInput = { user: { name: 'a', age: 1 }, head: { authToken: 't' } }

const client = createClient<typeof PeopleAPI>({ baseURL: 'http://localhost' })
async function calls(): Promise<void> {
  const sum: number = await client.add({ a: 1, b: 2 })
  // @ts-expect-error b is a number
  await client.add({ a: 1, b: 'x' })
  const made = await client.create({ user: { name: 'Ada', age: 36 }, head: { authToken: 'abcd' } })
  const madeTags: readonly string[] = made.tags
  // @ts-expect-error age is a number
  await client.create({ user: { name: 'Ada', age: '36' }, head: { authToken: 'abcd' } })
  const page: number = await client.page({})
  // @ts-expect-error the result is a number
  const wrongPage: string = await client.page({ page: 2 })
  void [sum, madeTags, page, wrongPage]
}

export const service = new Fw({ api: PeopleAPI })
export { calls, input, missingTags }
