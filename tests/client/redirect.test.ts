/**
 * The client never carries a call's headers or body to another
 * origin. Two real servers on 127.0.0.1 (different ports, so different
 * origins): the fw service redirects, the recorder must receive NOTHING.
 * Same-origin redirects are followed (307/308 keep the method and body,
 * 301/302 after a POST and 303 turn into a GET without the body), a bounded
 * number of times.
 */
import 'fw-api/openapi'
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, createClient, type Client } from 'fw-api/client'
import type { RunningServer } from 'fw-api'
import { recorder, service, type Recorder, type SafetyAPI } from './safety'

let server: RunningServer
let other: Recorder
let origin = ''
let client: Client<typeof SafetyAPI>
const secrets = { token: 'token-secret', data: { secret: 'body-secret' } }

beforeAll(async () => {
  server = await service.run({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${server.port}`
  other = await recorder()
  client = createClient<typeof SafetyAPI>({ baseURL: origin, document: service.openapi(), headers: { 'x-api-key': 'key-secret' } })
})
afterAll(async () => {
  await server?.close()
  await other?.close()
})

async function rejection(call: Promise<unknown>): Promise<ClientError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(ClientError)
  return error as ClientError
}

describe('a redirect to another origin is refused', () => {
  it.each([301, 302, 303, 307, 308])('POST answered %i to the other server: ClientError, the other server receives nothing', async (code) => {
    const started = Date.now()
    const error = await rejection(client.hop.away({ to: `${other.origin}/api/hop/echo`, code, ...secrets }))
    expect(error.status).toBe(code)
    expect(error.message).toContain(other.origin)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(other.connections).toBe(0)
    expect(other.requests).toEqual([])
  })

  it('a GET, a protocol-relative Location and a different scheme are refused too', async () => {
    const port = new URL(other.origin).port
    await rejection(client.hop.hopGet({ to: `${other.origin}/api/hop/echo`, code: 302 }))
    await rejection(client.hop.hopGet({ to: `//127.0.0.1:${port}/api/hop/echo`, code: 307 }))
    await rejection(client.hop.hopGet({ to: `//localhost:${server.port}/api/hop/echo`, code: 307 }))
    const scheme = await rejection(client.hop.hopGet({ to: `https://127.0.0.1:${server.port}/api/hop/echo`, code: 307 }))
    expect(scheme.message).toContain(`https://127.0.0.1:${server.port}`)
    expect(other.connections).toBe(0)
  })

  it('a redirect after a same-origin hop is checked again', async () => {
    const onward = `/api/hop/hopGet?${new URLSearchParams({ to: `${other.origin}/api/hop/echo`, code: '307' })}`
    const error = await rejection(client.hop.hopGet({ to: onward, code: 302 }))
    expect(error.message).toContain(other.origin)
    expect(other.connections).toBe(0)
  })

  it('the OpenAPI document is not fetched from another origin either', async () => {
    const document = `/api/hop/hopGet?${new URLSearchParams({ to: `${other.origin}/openapi.json`, code: '302' })}`
    const loader = createClient<typeof SafetyAPI>({ baseURL: origin, document, headers: { 'x-api-key': 'key-secret' } })
    const error = await rejection(loader.hop.page())
    expect(error.message).toContain(other.origin)
    expect(other.connections).toBe(0)
  })

  it("a browser's opaque redirect (redirect: 'manual') is a ClientError", async () => {
    const browserLike = createClient<typeof SafetyAPI>({
      baseURL: origin,
      document: service.openapi(),
      fetch: (request) => {
        expect(request.redirect).toBe('manual')
        const opaque = new Response(null, { status: 200 })
        Object.defineProperty(opaque, 'type', { value: 'opaqueredirect' })
        Object.defineProperty(opaque, 'status', { value: 0 })
        return opaque
      },
    })
    const error = await rejection(browserLike.hop.page())
    expect(error.status).toBe(0)
    expect(error.message).toMatch(/redirect/)
  })
})

describe('same-origin redirects are followed', () => {
  it.each([307, 308])('%i keeps the method, the headers and the body', async (code) => {
    expect(await client.hop.away({ to: '/api/hop/echo', code, ...secrets })).toEqual({ method: 'POST', token: 'token-secret', key: 'key-secret', secret: 'body-secret' })
  })

  it.each([301, 302, 303])('%i after a POST is a GET without the body (fetch semantics)', async (code) => {
    expect(await client.hop.away({ to: `${origin}/api/hop/echo`, code, ...secrets })).toEqual({ method: 'GET', token: 'token-secret', key: 'key-secret', secret: null })
  })

  it('a redirect loop stops after a bounded number of hops', async () => {
    const started = Date.now()
    const error = await rejection(client.hop.loop())
    expect(error.status).toBe(302)
    expect(error.message).toMatch(/too many redirects/)
    expect(Date.now() - started).toBeLessThan(5000)
  })
})
