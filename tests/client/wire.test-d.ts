/**
 * SPEC §9: client types are wire types. Results: a `Date` at any
 * depth is a `string`, a `Blob`/`File` a `Blob`, a `Response` `unknown`,
 * `this.respond(value)` keeps `value`'s type, `response.sse()` is a byte
 * stream. Inputs: `api.Args` gives the schemas' input types (optional and
 * defaulted params optional); a hand-written `T | undefined` is optional too.
 * What must not compile is marked `@ts-expect-error`.
 */
import { describe, expectTypeOf, it } from 'vitest'
import * as v from 'valibot'
import { api } from 'fw-api'
import type { Client, Wire } from 'fw-api/client'
import type { WireAPI } from './wire'

declare const client: Client<typeof WireAPI>

describe('results are wire types', () => {
  it('dates nested in objects, arrays and records are strings', () => {
    expectTypeOf(client.notes.health()).resolves.toEqualTypeOf<{ ok: boolean; time: string; history: { at: string; up: boolean }[]; byName: Record<string, string> }>()
    type Health = Awaited<ReturnType<typeof client.notes.health>>
    // @ts-expect-error: a string has no getFullYear (a crash once)
    void ((h: Health) => h.time.getFullYear())
  })

  it('unions are mapped member by member', () => {
    expectTypeOf(client.notes.either()).resolves.toEqualTypeOf<{ kind: 'a'; at: string } | { kind: 'b'; count: number }>()
  })

  it('this.respond(value) keeps value; files are Blobs; a Response is unknown; SSE is a byte stream', () => {
    expectTypeOf(client.notes.list({})).resolves.toEqualTypeOf<{ id: number; title: string; created: string }[]>()
    expectTypeOf(client.notes.create({ title: 't' })).resolves.toEqualTypeOf<{ id: number; title: string; created: string }>()
    expectTypeOf(client.notes.blob()).resolves.toEqualTypeOf<Blob>()
    expectTypeOf(client.notes.raw()).resolves.toEqualTypeOf<unknown>()
    expectTypeOf(client.notes.ticks()).resolves.toEqualTypeOf<ReadableStream<Uint8Array>>()
  })

  it('Wire maps tuples, readonly arrays and drops functions', () => {
    expectTypeOf<Wire<readonly [Date, number]>>().toEqualTypeOf<readonly [string, number]>()
    expectTypeOf<Wire<{ at: Date | null; f: () => void }>>().toEqualTypeOf<{ at: string | null; f: never }>()
    expectTypeOf<Wire<api.Responded<Date[]>>>().toEqualTypeOf<string[]>()
  })
})

describe('inputs are the schemas input types', () => {
  it('optional and defaulted params are optional in a call (api.Args)', () => {
    expectTypeOf(client.notes.list).toBeCallableWith({})
    expectTypeOf(client.notes.list).toBeCallableWith()
    expectTypeOf(client.notes.list).toBeCallableWith({ tag: 'work', limit: 5, since: new Date() })
    expectTypeOf(client.notes.list).toBeCallableWith({ since: '2025-01-01T00:00:00Z' }) // a date's wire form
    // @ts-expect-error: limit is a number
    void client.notes.list({ limit: '5' })
    // @ts-expect-error: no such param
    void client.notes.list({ nope: 1 })
  })

  it('a body param with a default is optional; a required one is not', () => {
    expectTypeOf(client.notes.create).toBeCallableWith({ title: 't' })
    expectTypeOf(client.notes.create).toBeCallableWith({ title: 't', pinned: true })
    // @ts-expect-error: title is required
    void client.notes.create({})
    // @ts-expect-error: the input itself is required
    void client.notes.create()
  })

  it('a hand-written parameter type is taken as is, T | undefined optional', () => {
    class Hand extends api.API {
      @api.get({ q: v.optional(v.string()), n: v.number() })
      find(input: { q: string | undefined; n: number }) {
        return input
      }
    }
    const hand = {} as Client<typeof Hand>
    expectTypeOf(hand.find).toBeCallableWith({ n: 1 })
    // @ts-expect-error: n is required
    void hand.find({ q: 'x' })
  })

  it('api.Input is what the method receives and carries the wire input; api.Args is its alias', () => {
    const params = { tag: v.optional(v.string()), limit: v.optional(v.number(), 10) }
    expectTypeOf<api.Args<typeof params>>().toEqualTypeOf<api.Input<typeof params>>()
    expectTypeOf<Omit<api.Input<typeof params>, api.WireKey>>().toEqualTypeOf<{ tag: string | undefined; limit: number }>()
    expectTypeOf<NonNullable<api.Input<typeof params>[api.WireKey]>>().toEqualTypeOf<api.WireInput<typeof params>>()
    expectTypeOf<api.WireInput<typeof params>>().toEqualTypeOf<{ tag?: string | undefined; limit?: number | undefined }>()
  })
})
