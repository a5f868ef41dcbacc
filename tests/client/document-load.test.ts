/**
 * How the client loads the OpenAPI document it routes by (src/client/index.ts,
 * `fetchRoutes`): fetched once from `document` resolved against `baseURL`,
 * with the headers every call sends (the document may sit behind the API's
 * auth); a failed load rejects with a `ClientError` and the next call tries
 * again; a body that is not an OpenAPI document is refused by name.
 */
import 'fw-api/serve'
import 'fw-api/openapi'
import { describe, expect, it } from 'vitest'
import { Fw, api } from 'fw-api'
import { ClientError, createClient } from 'fw-api/client'

class PingAPI extends api.API {
  @api.get
  ping() {
    return 'pong'
  }
}

const service = new Fw(import.meta.url, { api: PingAPI, route: '/api' })
const DOCUMENT = '/api/docs/openapi.json'

/** A fetch that answers the document from `documentAnswers` in turn (then the service's own), and every other call from the service; it records what it was sent. */
function recordingFetch(documentAnswers: Response[]): { fetch: (request: Request) => Promise<Response>; sent: Request[] } {
  const sent: Request[] = []
  const fetch = async (request: Request): Promise<Response> => {
    sent.push(request)
    if (new URL(request.url).pathname === DOCUMENT) {
      const next = documentAnswers.shift()
      if (next) return next
      return Response.json(service.openapi())
    }
    return service.fetch(request)
  }
  return { fetch, sent }
}

describe('the OpenAPI document the client routes by', () => {
  it('is fetched once, from document resolved against baseURL, with the headers and bearer token calls send', async () => {
    const { fetch, sent } = recordingFetch([])
    const client = createClient<typeof PingAPI>({
      baseURL: 'http://localhost/',
      document: DOCUMENT,
      fetch,
      headers: () => ({ 'x-api-key': 'key-1' }),
      auth: { bearer: 'token-1' },
    })
    expect(await client.ping({})).toBe('pong')
    expect(await client.ping({})).toBe('pong')
    const documentRequests = sent.filter((request) => new URL(request.url).pathname === DOCUMENT)
    expect(documentRequests.map((request) => request.url)).toEqual([`http://localhost${DOCUMENT}`])
    const [documentRequest] = documentRequests
    expect(documentRequest?.headers.get('x-api-key')).toBe('key-1')
    expect(documentRequest?.headers.get('authorization')).toBe('Bearer token-1')
  })

  it('rejects a call with a ClientError naming the document when it cannot be loaded, and loads it again on the next call', async () => {
    const { fetch, sent } = recordingFetch([new Response('down', { status: 503 })])
    const client = createClient<typeof PingAPI>({ baseURL: 'http://localhost', document: DOCUMENT, fetch })
    const failed = await client.ping({}).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failed).toBeInstanceOf(ClientError)
    expect((failed as ClientError).message).toBe(`fw client: cannot load the OpenAPI document from ${DOCUMENT} (503)`)
    expect((failed as ClientError).status).toBe(503)
    expect(await client.ping({})).toBe('pong')
    expect(sent.filter((request) => new URL(request.url).pathname === DOCUMENT)).toHaveLength(2)
  })

  it('refuses a body that is not an OpenAPI document, by name', async () => {
    const { fetch } = recordingFetch([Response.json({ hello: 'world' })])
    const client = createClient<typeof PingAPI>({ baseURL: 'http://localhost', document: DOCUMENT, fetch })
    await expect(client.ping({})).rejects.toThrow(`fw client: ${DOCUMENT} is not an OpenAPI document`)
  })
})

describe("the default document follows the service's route (issue 54 #10)", () => {
  const served = new Fw(import.meta.url, { api: PingAPI, route: '/api', docs: true })

  it('over HTTP: `route` finds <route>/docs/openapi.json; without it the 404 says what to give', async () => {
    const server = await served.run({ port: 0, host: '127.0.0.1' })
    try {
      const baseURL = `http://127.0.0.1:${server.port}`
      expect(await createClient<typeof PingAPI>({ baseURL, route: '/api' }).ping()).toBe('pong')
      expect(await createClient<typeof PingAPI>({ baseURL, route: 'api/' }).ping()).toBe('pong')
      const failed = await createClient<typeof PingAPI>({ baseURL }).ping().catch((error: unknown) => error)
      expect(failed).toBeInstanceOf(ClientError)
      expect((failed as ClientError).status).toBe(404)
      expect((failed as ClientError).message).toContain("give createClient the service's `route`")
    } finally {
      await server.close()
    }
  })

  it('is looked for under baseURL as calls are: a baseURL with a path keeps it', async () => {
    const sent: string[] = []
    const fetch = async (request: Request): Promise<Response> => {
      sent.push(request.url)
      const url = new URL(request.url)
      return served.fetch(new Request(`http://localhost${url.pathname.replace(/^\/proxy/, '')}`, request))
    }
    const client = createClient<typeof PingAPI>({ baseURL: 'http://gateway.example/proxy/', route: '/api', fetch })
    expect(await client.ping()).toBe('pong')
    expect(sent).toEqual(['http://gateway.example/proxy/api/docs/openapi.json', 'http://gateway.example/proxy/api/ping'])
  })
})
