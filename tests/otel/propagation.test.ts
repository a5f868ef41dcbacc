/**
 * Issue 58 #3: the request's trace goes out. `fw-api/client` sends the active span's
 * `traceparent` (through request/telemetry.ts: the client imports no OpenTelemetry), and a
 * handler's own `fetch` does through `tracedFetch` / `injectTraceHeaders`; over real HTTP to a
 * `node:http` upstream on Node. Without an active span, nothing is added.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { createServer, type Server } from 'node:http'
import { api, Fw } from 'fw-api'
import { createClient } from 'fw-api/client'
import { injectTraceHeaders, otel, tracedFetch } from 'fw-api/otel'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memorySdk } from './sdk'

const CALLER_TRACE = '5b8efff798038103d269b633813fc60c'
const CALLER_SPAN = 'eee19b7ec3c1b174'

describe('fw-api/otel: traceparent on outgoing requests', () => {
  const sdk = memorySdk()
  const seen: (string | undefined)[] = []
  let upstream: Server
  let upstreamUrl = ''
  let base = ''
  let close: () => Promise<void> = async () => {}

  class Up extends api.API {
    @api.get
    ping() {
      return 'pong'
    }
  }
  const upService = new Fw(import.meta.url, { api: Up, route: '/up' })
  const upSeen: (string | null)[] = []

  class Caller extends api.API {
    @api.get
    async viaFetch() {
      return (await tracedFetch(upstreamUrl, { headers: { accept: 'text/plain' } })).text()
    }
    @api.get
    async viaHeaders() {
      return (await fetch(upstreamUrl, { headers: injectTraceHeaders(new Headers()) })).text()
    }
    @api.get
    async viaClient() {
      const client = createClient<typeof Up>({
        baseURL: 'http://up.test',
        document: upService.openapi(),
        fetch: (request: Request) => {
          upSeen.push(request.headers.get('traceparent'))
          return Promise.resolve(upService.fetch(request))
        },
      })
      return client.ping({})
    }
  }

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      const header = request.headers.traceparent
      seen.push(typeof header === 'string' ? header : undefined)
      response.end('upstream')
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    const address = upstream.address()
    upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`
    const service = new Fw(import.meta.url, { api: Caller, route: '/api' })
    service.use(otel())
    const server = await service.run({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${server.port}/api`
    close = () => server.close()
  })
  afterAll(async () => {
    await close()
    await new Promise((resolve) => upstream.close(resolve))
    await sdk.stop()
  })

  const serverSpanOf = (name: string) => sdk.spans.getFinishedSpans().find((span) => span.name === name)

  it('tracedFetch and injectTraceHeaders send the server span as the parent, in the caller’s trace', async () => {
    for (const [path, name] of [['viaFetch', 'GET /api/viaFetch'], ['viaHeaders', 'GET /api/viaHeaders']] as const) {
      seen.length = 0
      const answer = await fetch(`${base}/${path}`, { headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` } })
      expect(answer.status).toBe(200)
      const span = serverSpanOf(name)
      expect(seen).toEqual([`00-${CALLER_TRACE}-${span?.spanContext().spanId}-01`])
    }
  })

  it('the typed client sends it too', async () => {
    const answer = await fetch(`${base}/viaClient`, { headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` } })
    expect(answer.status).toBe(200)
    const span = serverSpanOf('GET /api/viaClient')
    expect(upSeen).toEqual([`00-${CALLER_TRACE}-${span?.spanContext().spanId}-01`])
  })

  it('outside a request (no active span), nothing is added', async () => {
    seen.length = 0
    await tracedFetch(upstreamUrl)
    expect(seen).toEqual([undefined])
  })
})
