/**
 * src/client/index.ts: `createClient` on a stand-in fetch — calls by name from the document
 * (loaded once, with the client's headers; given as an object or a URL), envelopes unwrapped,
 * `.raw()`, failures as `ClientError`, bearer and default headers, unknown calls refused.
 * Against real services: tests/client/*.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { ClientError, createClient } from '../../src/client/index'
import type { ClientDocument } from '../../src/client/document'

const DOCUMENT: ClientDocument = {
  paths: {
    '/api/items/{id}': {
      get: { 'x-fw-call': 'items.get', parameters: [{ name: 'id', in: 'path', required: true }], 'x-fw-envelope': { resultKey: 'data', messageKey: 'msg', countKey: 'count' } },
    },
    '/api/items': { post: { 'x-fw-call': 'items.create', requestBody: { content: { 'application/json': {} }, 'x-fw-body': { shape: 'whole', key: 'item' } } } },
  },
}

/** A stand-in fetch: answers per path, records every request. */
function server(answers: Record<string, () => Response>) {
  const requests: Request[] = []
  const fetch = (request: Request): Response => {
    requests.push(request)
    const answer = answers[new URL(request.url).pathname]
    return answer ? answer() : new Response('not found', { status: 404 })
  }
  return { requests, fetch }
}

describe('createClient', () => {
  it('calls an operation by name and gives the envelope’s result', async () => {
    const { requests, fetch } = server({ '/api/items/7': () => Response.json({ data: { id: 7 }, msg: '', count: 1 }) })
    const client = createClient<unknown>({ baseURL: 'http://api.test', document: DOCUMENT, fetch }) as unknown as { items: { get(input: object): Promise<unknown> } }
    expect(await client.items.get({ id: 7 })).toEqual({ id: 7 })
    expect(requests[0]?.method).toBe('GET')
  })

  it('gives status, headers, count and result through .raw()', async () => {
    const { fetch } = server({ '/api/items/1': () => Response.json({ data: 'x', count: 3 }, { headers: { 'x-total': '3' } }) })
    const client = createClient<unknown>({ baseURL: 'http://api.test', document: DOCUMENT, fetch }) as unknown as { items: { get: { raw(input: object): Promise<{ result: unknown; count: unknown; status: number; headers: Headers }> } } }
    const raw = await client.items.get.raw({ id: 1 })
    expect(raw).toMatchObject({ result: 'x', count: 3, status: 200 })
    expect(raw.headers.get('x-total')).toBe('3')
  })

  it('rejects a failed call with a ClientError carrying the server’s message and status', async () => {
    const { fetch } = server({ '/api/items': () => Response.json({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'BadRequest: name required' }, { status: 400, headers: { 'content-type': 'application/problem+json' } }) })
    const client = createClient<unknown>({ baseURL: 'http://api.test', document: DOCUMENT, fetch }) as unknown as { items: { create(input: object): Promise<unknown> } }
    const error = await client.items.create({ item: {} }).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(ClientError)
    expect((error as ClientError).status).toBe(400)
  })

  it('loads the document once from the service’s route, with the client’s headers and bearer token', async () => {
    const { requests, fetch } = server({
      '/api/docs/openapi.json': () => Response.json(DOCUMENT),
      '/api/items/2': () => Response.json({ data: 2 }),
    })
    const client = createClient<unknown>({ baseURL: 'http://api.test', route: '/api', fetch, headers: { 'x-app': 'a' }, auth: { bearer: () => 'tok' } }) as unknown as { items: { get(input: object): Promise<unknown> } }
    await client.items.get({ id: 2 })
    await client.items.get({ id: 2 })
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/docs/openapi.json', '/api/items/2', '/api/items/2'])
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer tok')
    expect(requests[1]?.headers.get('x-app')).toBe('a')
  })

  it('says how to find the document when it is not where the client looked, and tries again next call', async () => {
    const { requests, fetch } = server({})
    const client = createClient<unknown>({ baseURL: 'http://api.test', fetch }) as unknown as { items: { get(input: object): Promise<unknown> } }
    await expect(client.items.get({ id: 1 })).rejects.toThrow(/cannot load the OpenAPI document from http:\/\/api\.test\/docs\/openapi\.json \(404\); give createClient the service's `route`/)
    await expect(client.items.get({ id: 1 })).rejects.toBeInstanceOf(ClientError)
    expect(requests).toHaveLength(2)
  })

  it('refuses a document that is no OpenAPI document', async () => {
    const { fetch } = server({ '/docs/openapi.json': () => Response.json({ channels: {} }) })
    const client = createClient<unknown>({ baseURL: 'http://api.test', fetch }) as unknown as { x(): Promise<unknown> }
    await expect(client.x()).rejects.toThrow('fw client: http://api.test/docs/openapi.json is not an OpenAPI document')
  })

  it('refuses a call the document does not know, and connect() without fw-api/client/ws', async () => {
    const client = createClient<unknown>({ baseURL: 'http://api.test', document: DOCUMENT, fetch: () => new Response() }) as unknown as { items: { nope(): Promise<unknown>; connect(): Promise<unknown> } }
    await expect(client.items.nope()).rejects.toThrow("fw client: no operation 'items.nope' in the OpenAPI document")
    await expect(client.items.connect()).rejects.toThrow("fw client: connect() needs `import 'fw-api/client/ws'`")
  })

  it('is not a thenable (await client gives the client), and checks maxBytes', async () => {
    const client = createClient<unknown>({ baseURL: 'http://api.test', document: DOCUMENT })
    expect((client as unknown as { then?: unknown }).then).toBeUndefined()
    expect(() => createClient({ baseURL: 'http://api.test', maxBytes: -1 })).toThrow('fw client: maxBytes must be a number of bytes ≥ 0, got -1')
  })
})
