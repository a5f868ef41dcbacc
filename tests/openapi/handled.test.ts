/**
 * SPEC §9.1: "every status the route can answer is documented in the format
 * it is sent", for the statuses an `@api.handle` hook answers:
 * `@api.handle(…, { status, result, contentType })` documents them in the
 * hook's form (bare, in its template's envelope, or its own content type) on
 * every route it covers, instead of fw's problem+json; the real answers
 * match the document (ajv 2020-12). And a rule the server checks that JSON
 * Schema's `format` does not (`v.email()`'s regex) is in the document.
 */
import Ajv2020 from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { Fw, api, exceptions, request, response } from 'fw-api'
import { contract } from 'fw-api/testing'

type Json = Record<string, any>

const Errors = v.object({ errors: v.array(v.string()) })
const noteIn = { data: request.Body(v.object({ title: v.pipe(v.string(), v.minLength(1)) })) }

class NotesAPI extends api.API {
  @api.post(noteIn)
  create({ data }: api.Input<typeof noteIn>) {
    if (data.title === 'taken') throw new exceptions.Conflict('title is taken')
    return { id: 1, ...data }
  }

  @api.get('{id}', { id: v.pipe(v.number(), v.integer()) })
  read({ id }: { id: number }) {
    if (id !== 1) throw new exceptions.NotFound('no such note')
    return { id }
  }
}

/** Answers every client error as `{ errors: [...] }`; a refused value (400) or a conflict (409) is 422, like RealWorld. */
class BareAPI extends api.API {
  static notes = NotesAPI

  @api.handle('*', { status: [404, 405, 413, 415, 422], result: Errors })
  onError(error: unknown) {
    if (!(error instanceof exceptions.HttpError) || error.status >= 500) throw error
    const status = error.status === 400 || error.status === 409 ? 422 : error.status
    return this.respond({ errors: [error.message] }, { status, headers: error.headers })
  }
}

/** The document's components beside a response schema, so `$ref`s resolve. */
function resolved(doc: Json, item: Json): Json {
  const ref = item.$ref as string | undefined
  return ref ? (doc.components.responses[ref.split('/').at(-1) as string] as Json) : item
}

function validatorOf(doc: Json, schema: Json): (value: unknown) => string[] {
  const ajv = new Ajv2020({ strict: true, allErrors: true })
  addFormats(ajv)
  ajv.addKeyword('components')
  const validate = ajv.compile({ ...schema, components: doc.components })
  return (value) => (validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`))
}

/** The answer's status and content type are documented, and its body matches the documented schema. */
async function expectDocumented(doc: Json, path: string, method: string, answer: Response): Promise<void> {
  const documented = doc.paths[path]?.[method]?.responses?.[String(answer.status)] as Json | undefined
  expect(documented, `${method} ${path} ${answer.status}`).toBeDefined()
  const content = resolved(doc, documented as Json).content as Json
  const type = (answer.headers.get('content-type') ?? '').split(';')[0] as string
  expect(Object.keys(content)).toEqual([type])
  expect(validatorOf(doc, content[type].schema)(await answer.json())).toEqual([])
}

describe('@api.handle(…, { status, result }): the statuses a hook answers, in its form', () => {
  const service = new Fw(import.meta.url, { name: 'notes', api: BareAPI, route: '/api' })
  const doc = service.openapi() as Json
  const call = (method: string, path: string, body?: string, type = 'application/json') =>
    service.fetch(new Request(`http://x/api${path}`, { method, body, headers: body === undefined ? {} : { 'content-type': type } }))

  it('documents them as the hook sends them (bare JSON), not as problem+json; 500 stays the default', () => {
    const responses = doc.paths['/api/notes/create'].post.responses as Json
    for (const status of ['404', '405', '413', '415', '422']) {
      const content = resolved(doc, responses[status]).content as Json
      expect(Object.keys(content), status).toEqual(['application/json'])
      expect(content['application/json'].schema, status).toEqual({ type: 'object', properties: { errors: { type: 'array', items: { type: 'string' } } }, required: ['errors'] })
    }
    expect(resolved(doc, responses['405']).headers).toHaveProperty('Allow')
    expect(resolved(doc, responses['404']).description).toContain('`@api.handle` hook `BareAPI.onError()`')
    expect(Object.keys(resolved(doc, responses['500']).content)).toEqual(['application/problem+json'])
    // a status fw answers only under a condition (413/415: a body) is not added where it cannot happen;
    // a client error the hook catches but does not list (400 → 422) is not documented as such
    expect(Object.keys(doc.paths['/api/notes/{id}'].get.responses).sort()).toEqual(['200', '404', '405', '422', '500'])
    expect(Object.keys(responses).sort()).toEqual(['200', '404', '405', '413', '415', '422', '500'])
    // one component per hook and status, shared by the routes
    expect(responses['422']).toEqual({ $ref: '#/components/responses/BareAPI.onError.422.application_json' })
  })

  it("the real answers match: 404, 405, 415 and 422 (a refused body, a conflict) in the hook's form", async () => {
    const answers: [string, string, Response][] = [
      ['/api/notes/{id}', 'get', await call('GET', '/notes/2')],
      ['/api/notes/{id}', 'get', await call('GET', '/notes/x')],
      ['/api/notes/create', 'post', await call('PATCH', '/notes/create')],
      ['/api/notes/create', 'post', await call('POST', '/notes/create', 'title', 'text/plain')],
      ['/api/notes/create', 'post', await call('POST', '/notes/create', '{"title":""}')],
      ['/api/notes/create', 'post', await call('POST', '/notes/create', '{"title":"taken"}')],
    ]
    expect(answers.map(([, , answer]) => answer.status)).toEqual([404, 422, 405, 415, 422, 422])
    for (const [path, method, answer] of answers) await expectDocumented(doc, path, method, answer)
  })

  it('contract() finds no difference (without the declaration it finds the hook\'s answers undocumented)', async () => {
    const report = await contract(service, { runs: 8, seed: 5 })
    expect(report.differences).toEqual([])

    class Undeclared extends api.API {
      static notes = NotesAPI
      @api.handle('*')
      onError(error: unknown) {
        if (!(error instanceof exceptions.HttpError)) throw error
        return this.respond({ errors: [error.message] }, { status: error.status === 400 ? 422 : error.status })
      }
    }
    const before = new Fw(import.meta.url, { name: 'undeclared', api: Undeclared, route: '/api' })
    const failed = await contract(before, { runs: 8, seed: 5 }).catch((caught: unknown) => caught as { differences: { kind: string }[] })
    expect(new Set(failed.differences.map((item) => item.kind))).toEqual(new Set(['undocumented-status', 'undocumented-content-type']))
  }, 60_000)
})

describe('where the declaration applies', () => {
  class Envelope extends response.Response {
    static resultKey = 'data'
    static messageKey = 'msg'
  }

  class InnerAPI extends api.API {
    @api.get
    missing() {
      throw new exceptions.NotFound('gone')
    }

    @api.get
    forbidden() {
      throw new exceptions.PermissionDenied('no')
    }

    // nearest first: this hook's 404 wins over the parent's for its own endpoint
    @api.handle('missing', exceptions.NotFound, { status: 404, result: v.object({ gone: v.literal(true) }) })
    gone() {
      return this.respond({ gone: true }, { status: 404 })
    }
  }

  class EnvelopedAPI extends api.API {
    static response = Envelope
    static inner = InnerAPI

    @api.handle('*', exceptions.HttpError, { status: [403, 404, 405], result: v.object({ reason: v.string() }) })
    onError(error: exceptions.HttpError) {
      return this.respond({ reason: error.message }, { status: error.status, message: error.name, headers: error.headers })
    }

  }

  const service = new Fw(import.meta.url, { name: 'enveloped', api: EnvelopedAPI, route: '/api' })
  const doc = service.openapi() as Json

  it("renders the result in the hook's template's envelope", async () => {
    const forbidden = doc.paths['/api/inner/forbidden'].get.responses as Json
    expect(resolved(doc, forbidden['403']).content['application/json'].schema).toEqual({
      type: 'object',
      properties: { data: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] }, msg: { type: 'string', description: 'empty on success unless the endpoint sets one' } },
      required: ['data', 'msg'],
    })
    const answer = await service.fetch(new Request('http://x/api/inner/forbidden'))
    expect(answer.status).toBe(403)
    await expectDocumented(doc, '/api/inner/forbidden', 'get', answer)
  })

  it("the nearest hook declaring a status wins; a method-name target covers that endpoint only", async () => {
    const missing = doc.paths['/api/inner/missing'].get.responses as Json
    expect(resolved(doc, missing['404']).content['application/json'].schema.properties.data.properties).toEqual({ gone: { const: true } })
    await expectDocumented(doc, '/api/inner/missing', 'get', await service.fetch(new Request('http://x/api/inner/missing')))
    const forbidden = doc.paths['/api/inner/forbidden'].get.responses as Json
    expect(resolved(doc, forbidden['404']).content['application/json'].schema.properties.data.properties).toEqual({ reason: { type: 'string' } })
    // the 405 of a path is answered by hooks that see routing errors: the parent's '*'
    await expectDocumented(doc, '/api/inner/missing', 'get', await service.fetch(new Request('http://x/api/inner/missing', { method: 'DELETE' })))
  })

  it('a hook catching some error classes takes over only their statuses', () => {
    class PartAPI extends api.API {
      @api.get({ id: v.pipe(v.number(), v.integer()) })
      item() {
        throw new exceptions.NotFound('gone')
      }
      @api.handle('*', exceptions.NotFound, exceptions.BadRequest, { status: 410, result: v.object({ gone: v.boolean() }) })
      gone() {
        return this.respond({ gone: true }, { status: 410 })
      }
    }
    const part = new Fw(import.meta.url, { name: 'part', api: PartAPI }).openapi() as Json
    // 400 and 404 become 410; 405 (not caught) keeps fw's own rendering
    expect(Object.keys(part.paths['/item'].get.responses).sort()).toEqual(['200', '405', '410', '500'])
    expect(Object.keys(resolved(part, part.paths['/item'].get.responses['405']).content)).toEqual(['application/problem+json'])
  })

  it('a hook that sends its own Response documents its content type, no envelope', () => {
    class TextAPI extends api.API {
      static response = Envelope
      @api.get
      forbidden() {
        throw new exceptions.PermissionDenied('no')
      }
      @api.handle('*', exceptions.PermissionDenied, { status: 403, result: v.string(), contentType: 'text/plain' })
      denied() {
        return new Response('forbidden', { status: 403, headers: { 'content-type': 'text/plain' } })
      }
    }
    const text = new Fw(import.meta.url, { name: 'text', api: TextAPI }).openapi() as Json
    expect(resolved(text, text.paths['/forbidden'].get.responses['403']).content).toEqual({ 'text/plain': { schema: { type: 'string' } } })
  })

  it('a wrong declaration is ImproperlyConfigured, naming what to give', () => {
    expect(() => api.handle('*', { status: 200 })).toThrow(/status is the error status \(400–599\)/)
    expect(() => api.handle('*', { status: [] })).toThrow(exceptions.ImproperlyConfigured)
    expect(() => api.handle('*', { status: 422, contentType: 'json' })).toThrow(/contentType is a media type/)
    expect(() => api.handle('*', { status: 422 }, exceptions.NotFound)).toThrow(/a target must be a method name/)
  })
})

describe("v.email(): the server's rule is in the document", () => {
  it('documents the regex valibot checks beside format: email (an RFC 5321 address it refuses is invalid by the document too)', async () => {
    const login = { email: request.BodyParam(v.pipe(v.string(), v.email())) }
    class LoginAPI extends api.API {
      @api.post(login)
      login({ email }: api.Input<typeof login>) {
        return email
      }
    }
    const service = new Fw(import.meta.url, { name: 'login', api: LoginAPI })
    const doc = service.openapi() as Json
    const schema = doc.paths['/login'].post.requestBody.content['application/json'].schema.properties.email as Json
    expect(schema).toMatchObject({ type: 'string', format: 'email', pattern: v.EMAIL_REGEX.source })
    const valid = validatorOf(doc, schema)
    for (const address of ['a!b@example.com', 'user@[127.0.0.1]']) {
      expect(valid(address), address).not.toEqual([])
      const refused = await service.fetch(new Request('http://x/login', { method: 'POST', body: JSON.stringify({ email: address }), headers: { 'content-type': 'application/json' } }))
      expect(refused.status).toBe(400)
    }
    expect(valid('a.b+c@example.com')).toEqual([])
  })

  it('keeps another regex rule: both patterns apply', () => {
    const schema = new Fw(import.meta.url, {
      api: class extends api.API {
        @api.get({ email: v.pipe(v.string(), v.regex(/^[a-z@.]+$/), v.email()) })
        find() {
          return null
        }
      },
    }).openapi().paths['/find']?.get?.parameters as Json[]
    expect(schema[0]?.schema).toEqual({ type: 'string', pattern: '^[a-z@.]+$', format: 'email', allOf: [{ pattern: v.EMAIL_REGEX.source }] })
  })
})
