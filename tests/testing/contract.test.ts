/**
 * SPEC §13: `contract()` drives the example services with
 * requests generated from their own documents (seeded) and finds no
 * difference but the listed ones, each with its reason. The differences that
 * Prism, an ajv harness and a fuzzer found (rows 1–7, 9) are fixed in the
 * document; the unit tests below show `contract()` reports each kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { z } from 'zod'
import { Fw, api, request, response } from 'fw-api'
import { contract, ContractError, type ExpectedDifference } from 'fw-api/testing'
import { service as example } from '../../examples/app'
import { createBlog } from '../../examples/blog/app'

/** What the example does on purpose, which no document can promise otherwise. */
const EXAMPLE_EXPECTED: ExpectedDifference[] = [
  { operation: 'calc.crash', kind: 'server-error', status: 500, reason: 'throws on purpose: shows that a 500 hides its text without `debug`' },
  { operation: 'calc.status', kind: 'server-error', status: 500, reason: 'answers the status its `code` param names; a code outside 200–599 is a 500 by design' },
]

/** The blog's one difference: state, not schema. */
const BLOG_EXPECTED: ExpectedDifference[] = [
  { operation: 'article.post', kind: 'rejected-valid', status: 400, reason: '`authorId` is a foreign key: an id of no user is refused with the documented 400; which ids exist is state, not schema' },
]

describe('contract() on the example services', () => {
  it('examples/app.ts: every operation answers as documented (but the listed, deliberate ones)', async () => {
    const started = performance.now()
    const report = await contract(example, { runs: 15, seed: 38, expected: EXAMPLE_EXPECTED })
    expect(report.operations).toBe(37)
    expect(report.requests).toBeGreaterThan(400)
    expect(report.differences).toEqual([])
    expect(report.expected.map((item) => `${item.operation} ${item.kind}`).sort()).toEqual(EXAMPLE_EXPECTED.map((item) => `${item.operation} ${item.kind}`).sort())
    expect(performance.now() - started).toBeLessThan(60_000)
  }, 90_000)

  describe('the blog (examples/blog, PGlite)', () => {
    let blog: Awaited<ReturnType<typeof createBlog>> | undefined
    beforeAll(async () => {
      blog = await createBlog()
    }, 300_000) // PGlite's start is CPU-bound: wide, for a busy machine
    afterAll(async () => {
      await blog?.database.close()
    })

    it('documents the order values, 409/503 from the database, and no unused or numbered component (rows 2, 3, 9)', () => {
      if (!blog) throw new Error('the blog did not start')
      const doc = blog.service.openapi()
      const get = doc.paths['/api/article']?.get as { parameters: { name: string; schema: unknown }[] }
      const values = ['createdAt', '-createdAt', 'title', '-title']
      expect(get.parameters.find((param) => param.name === 'order')?.schema).toMatchObject({ anyOf: [{ type: 'array', items: { enum: values } }, { type: 'string', enum: values }] })
      expect(get.parameters.find((param) => param.name === 'author')?.schema).toEqual({ type: 'string' })
      const statuses = (path: string, method: string) => Object.keys((doc.paths[path]?.[method] as { responses: object }).responses)
      expect(statuses('/api/user', 'post')).toEqual(expect.arrayContaining(['409', '503']))
      expect(statuses('/api/user/bulk', 'post')).toEqual(expect.arrayContaining(['409', '503']))
      expect(statuses('/api/user/{id}', 'get')).toContain('503')
      expect(statuses('/api/user/{id}', 'get')).not.toContain('409')
      // only the ORM schemas' own components (tests/openapi/orm-results.test.ts): named, used, none numbered
      expect(Object.keys(doc.components.schemas).sort()).toEqual(['Articles', 'Comments', 'Users'])
    })

    it('every operation answers as documented (but the listed one)', async () => {
      if (!blog) throw new Error('the blog did not start')
      const report = await contract(blog.service, { runs: 15, seed: 38, expected: BLOG_EXPECTED })
      expect(report.operations).toBe(5)
      expect(report.differences).toEqual([])
      expect(report.expected.map((item) => item.operation)).toEqual(['article.post'])
    }, 90_000)
  })
})

describe('contract() itself', () => {
  class Envelope extends response.Response {
    static resultKey = 'data'
    static messageKey = 'msg'
  }

  /** A service whose answers break its own document in every way contract() checks. */
  class LyingAPI extends api.API {
    static response = Envelope

    @api.doc({ result: v.object({ id: v.number() }) })
    @api.get
    shape() {
      return { id: 'not a number' }
    }

    @api.get
    teapot() {
      return this.respond(null, { status: 418 })
    }

    @api.get
    text() {
      return new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } })
    }

    @api.get
    broken() {
      throw new Error('boom')
    }

    // Documented as any string; the method refuses all but one.
    @api.get({ name: v.string() })
    picky({ name }: { name: string }) {
      if (name !== 'only') return this.respond(null, { status: 400, message: 'BadRequest: not only' })
      return name
    }

    @api.get
    slow() {
      return new Promise<never>(() => {})
    }
  }
  const lying = new Fw(import.meta.url, { name: 'lying', api: LyingAPI, route: '/api' })

  it('reports each difference: body off its schema, undocumented status and content type, 5xx, a valid request refused, no answer', async () => {
    const error = await contract(lying, { runs: 5, timeoutMs: 300 }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ContractError)
    const differences = (error as ContractError).differences.map((item) => `${item.operation} ${item.kind}`).sort()
    expect(differences).toEqual(['broken server-error', 'picky rejected-valid', 'shape schema', 'slow timeout', 'teapot undocumented-status', 'text undocumented-content-type'])
    expect((error as ContractError).message).toContain('shape schema 200: 200 body does not match its schema: /data/id must be number')
    expect((error as ContractError).message).toContain('GET /api/picky?name=')
  }, 30_000)

  it('reports an invalid request that is accepted, and is the same for the same seed', async () => {
    // Documented as required, but the method never reads the param through fw: any request is answered 200.
    class LaxAPI extends api.API {
      @api.get({ count: v.optional(v.pipe(v.number(), v.maxValue(5))) })
      lax() {
        return 'ok'
      }
    }
    const lax = new Fw(import.meta.url, { name: 'lax', api: LaxAPI, route: '/api' })
    const lie = lax.openapi()
    const param = (lie.paths['/api/lax']?.get?.parameters as { schema: Record<string, unknown> }[])[0]
    if (param) param.schema = { type: 'number', maximum: 2 } // the document now promises a stricter bound than the server keeps
    const target = { fetch: lax.fetch, openapi: () => lie }
    const run = () => contract(target, { runs: 3, seed: 7 }).catch((caught: unknown) => caught as ContractError)
    const [first, second] = [await run(), await run()]
    expect(first).toBeInstanceOf(ContractError)
    expect((first as ContractError).differences).toEqual([expect.objectContaining({ operation: 'lax', kind: 'accepted-invalid', request: 'GET /api/lax?count=3 (invalid: query param \'count\': a value over its maximum 2)' })])
    expect((second as ContractError).differences).toEqual((first as ContractError).differences)
  })

  it("generates emails the documented pattern allows (a validator's regex beside format: email)", async () => {
    const signup = { email: request.BodyParam(v.pipe(v.string(), v.email())) }
    class SignupAPI extends api.API {
      @api.post(signup)
      signup({ email }: api.Input<typeof signup>) {
        return email
      }
    }
    const report = await contract(new Fw(import.meta.url, { name: 'signup', api: SignupAPI }), { runs: 30, seed: 3 })
    expect(report.differences).toEqual([])
  })

  it('sends a file part of an allowed type for a file field that names its types (zod `.mime([...])`, Issue 54 #6)', async () => {
    class UploadAPI extends api.API {
      one = api.post({ form: request.Form(z.object({ title: z.string(), doc: z.file().mime(['text/plain']) })) }, ({ form }) => form.doc.type)
      several = api.post({ form: request.Form(z.object({ doc: z.file().mime(['image/png', 'image/jpeg']) })) }, ({ form }) => form.doc.type)
      many = api.post({ form: request.Form(z.object({ docs: z.array(z.file().mime(['image/png', 'application/pdf'])) })) }, ({ form }) => form.docs.length)
    }
    const report = await contract(new Fw(import.meta.url, { name: 'uploads', api: UploadAPI }), { runs: 20, seed: 5 })
    expect(report.operations).toBe(3)
    expect(report.differences).toEqual([])
  })

  it('a fetch that throws is a server error, not a crashed run', async () => {
    const throwing = { fetch: (): Response => { throw new Error('handler exploded') }, openapi: () => lying.openapi() }
    const error = await contract(throwing, { runs: 1, include: (id) => id === 'shape' }).catch((caught: unknown) => caught)
    expect((error as ContractError).differences).toEqual(expect.arrayContaining([expect.objectContaining({ operation: 'shape', kind: 'server-error', detail: expect.stringContaining('fetch threw: handler exploded') })]))
  })

  it('an expected difference that does not occur fails the run (the list stays honest)', async () => {
    const error = await contract(lying, { runs: 2, timeoutMs: 300, include: (id) => id === 'shape', expected: [{ operation: 'shape', kind: 'schema', reason: 'known' }, { operation: 'shape', kind: 'server-error', reason: 'stale' }] }).catch((caught: unknown) => caught)
    expect((error as ContractError).differences).toEqual([expect.objectContaining({ operation: 'shape', kind: 'expected-missing', detail: expect.stringContaining('stale') })])
  })
})
