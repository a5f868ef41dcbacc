/**
 * The client's types come from `typeof RootAPI` alone (SPEC §9): calls mirror
 * the tree, take the method's input (+ common params) and resolve to the
 * awaited result; wrong inputs and unknown calls do not compile.
 */
import { describe, expectTypeOf, it } from 'vitest'
import { createClient, type Client, type RawResult } from 'fw-api/client'
import type { RootAPI } from '../../examples/app'

declare const client: Client<typeof RootAPI>

describe('Client<typeof RootAPI>', () => {
  it('mirrors the API tree with parameter and awaited return types', () => {
    expectTypeOf(client.article.getArticle).parameter(0).toMatchTypeOf<{ slug: string }>()
    expectTypeOf(client.article.getArticle).toBeCallableWith({ slug: 'a' })
    expectTypeOf(client.article.getArticle({ slug: 'a' })).resolves.toEqualTypeOf<string>()
    expectTypeOf(client.calc.add({ a: 1, b: 2 })).resolves.toEqualTypeOf<number>()
    expectTypeOf(client.docs.getDoc({ lang: 'en', page: 1 })).resolves.toEqualTypeOf<{ lang: 'en' | 'zh'; page: number }>()
    expectTypeOf(client.calc.time()).resolves.toEqualTypeOf<string>() // a Date travels as text
    expectTypeOf(client.body.upload).toBeCallableWith({ form: { name: 'n', files: [new Blob(['x'])] } })
    expectTypeOf(client.ping()).resolves.toEqualTypeOf<string>()
    expectTypeOf(createClient<typeof RootAPI>({ baseURL: 'http://x' })).toEqualTypeOf<Client<typeof RootAPI>>()
  })

  it('accepts common params by field name and rejects wrong input', () => {
    expectTypeOf(client.secure.kebab).toBeCallableWith({ xTestHeader: 1, authToken: 't', sessionid: 's' })
    // @ts-expect-error: slug is a string
    void client.article.getArticle({ slug: 1 })
    // @ts-expect-error: missing required input
    void client.calc.add({ a: 1 })
    // @ts-expect-error: no such endpoint
    void client.article.nope
    // @ts-expect-error: the template class is not a sub-API, API internals are not calls
    void client.calc.response
    // @ts-expect-error: `respond` is not an endpoint
    void client.respond
  })

  it('.raw(input) takes the same input and resolves to the whole answer; maxBytes per client and per call', () => {
    expectTypeOf(client.article.getArticle.raw({ slug: 'a' })).resolves.toEqualTypeOf<RawResult<string>>()
    expectTypeOf(client.calc.raw.raw()).resolves.toEqualTypeOf<RawResult<unknown>>() // an endpoint named `raw` keeps its own `.raw`
    expectTypeOf<RawResult<number>>().toEqualTypeOf<{ result: number; count: number | null | undefined; state: unknown; status: number; headers: Headers }>()
    expectTypeOf(client.calc.add).toBeCallableWith({ a: 1, b: 2 }, { maxBytes: 1024 })
    expectTypeOf(createClient<typeof RootAPI>).toBeCallableWith({ baseURL: 'http://x', maxBytes: 1024 })
    // @ts-expect-error: the raw form checks the input too
    void client.article.getArticle.raw({ slug: 1 })
  })
})
