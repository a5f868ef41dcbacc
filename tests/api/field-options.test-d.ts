/**
 * SPEC §9.1: `api.get(path?, params?, handler, { doc })`
 * takes every `@api.doc` option, typed as `api.OperationDoc`; a wrong option
 * does not compile (the build refuses it too: tests/api/field-doc.test.ts).
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { api, exceptions } from 'fw-api'

const int = v.pipe(v.number(), v.integer())

describe('a field endpoint takes { doc } after its handler', () => {
  it('in every form, with every @api.doc option', () => {
    class NotesAPI extends api.API {
      ping = api.get(() => 'pong', { doc: { summary: 'Ping', hidden: true } })
      list = api.get({ limit: v.optional(int, 10) }, ({ limit }) => limit, { doc: { tags: ['notes'], description: 'All', deprecated: true, result: v.number() } })
      one = api.get('{id}', ({ id }) => id, { doc: { errors: [exceptions.NotFound] } })
      remove = api.del('{id}', { id: int }, ({ id }) => void id, { doc: { status: 204, summary: 'Delete' } })
      ticks = api.get(() => 'x', { doc: { events: v.object({ n: v.number() }) } })
    }
    expectTypeOf<NotesAPI['remove']>().toExtend<api.FieldEndpoint<{ id: number }, void>>()
    expectTypeOf<api.FieldOptions>().toEqualTypeOf<{ doc?: api.OperationDoc }>()
  })

  it('what must not compile', () => {
    class Wrong extends api.API {
      // @ts-expect-error: status is a number
      a = api.del('{id}', { id: int }, ({ id }) => id, { doc: { status: '204' } })
      // @ts-expect-error: no such @api.doc option
      b = api.get(() => 1, { doc: { summery: 'typo' } })
      // @ts-expect-error: doc options go under `doc`
      c = api.get(() => 1, { summary: 'x' })
    }
    void Wrong
  })
})
