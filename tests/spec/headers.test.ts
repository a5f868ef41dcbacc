import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { Fw, api, request, Field } from 'fw-api'
import { call } from '../helpers/client'

// SPEC §3.5, verbatim.
class RootAPI extends api.API {
  @request.HeaderParam({ alias: 'X-Auth-Token' }) authToken!: string // common
  @request.CookieParam({ required: true }) sessionid!: string
  @request.CookieParam({ default: null }) csrftoken!: string | null

  @api.post({
    headers: request.Headers(
      v.object({
        authToken: Field(v.pipe(v.string(), v.length(12)), { alias: 'X-Auth-Token' }),
        meta: Field(v.record(v.string(), v.unknown()), { alias: 'X-Meta-Data' }),
      }),
    ),
  })
  operation({ headers }: { headers: { authToken: string; meta: Record<string, unknown> } }) {
    return [headers.authToken, headers.meta, this.sessionid, this.csrftoken]
  }

  @api.get({ xTestHeader: request.HeaderParam(v.pipe(v.number(), v.integer())), optional: request.HeaderParam({ required: false }) })
  kebab({ xTestHeader, optional }: { xTestHeader: number; optional: string | undefined }) {
    return [xTestHeader, optional ?? null, this.authToken]
  }

  @api.get({ jar: request.Cookies(v.object({ sessionid: v.string(), theme: v.optional(v.string(), 'light') })) })
  jar({ jar }: { jar: { sessionid: string; theme: string } }) {
    return jar
  }
}

const good = { 'x-auth-token': '123456789012', 'X-Meta-Data': '{"version":1.2}', cookie: 'sessionid=abc; other=1' }

describe('SPEC §3.5 headers and cookies', () => {
  const service = new Fw(import.meta.url, { api: RootAPI })

  it('reads headers case-insensitively, JSON-decodes dict values, reads cookies', async () => {
    expect((await call(service, 'POST /operation', { headers: good })).body).toEqual(['123456789012', { version: 1.2 }, 'abc', null])
    const withCsrf = await call(service, 'POST /operation', { headers: { ...good, cookie: 'sessionid=abc; csrftoken=t0k' } })
    expect(withCsrf.body).toEqual(['123456789012', { version: 1.2 }, 'abc', 't0k'])
  })
  it('names kebab-case headers by default', async () => {
    const res = await call(service, 'GET /kebab', { headers: { 'X-Test-Header': '3', 'x-auth-token': 't', cookie: 'sessionid=s' } })
    expect(res.body).toEqual([3, null, 't'])
  })
  it('requires common params on every endpoint', async () => {
    const res = await call(service, 'GET /kebab', { headers: { 'X-Test-Header': '3' } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      detail: "BadRequest: parse item: ['X-Auth-Token'] failed: required item missing",
      errors: [
        { in: 'header', name: 'X-Auth-Token', path: ['X-Auth-Token'], message: 'required item missing' },
        { in: 'cookie', name: 'sessionid', path: ['sessionid'], message: 'required item missing' },
      ],
    })
  })
  it('validates header object fields', async () => {
    const res = await call(service, 'POST /operation', { headers: { ...good, 'x-auth-token': 'short' } })
    expect(res.status).toBe(400)
    expect((res.body as { detail: string }).detail).toBe("BadRequest: parse item: ['headers'] failed: parse item: ['X-Auth-Token'] failed: Invalid length: Expected 12 but received 5")
  })
  it('reads a cookies object', async () => {
    const res = await call(service, 'GET /jar', { headers: { 'x-auth-token': 't', cookie: 'sessionid=s; theme=dark' } })
    expect(res.body).toEqual({ sessionid: 's', theme: 'dark' })
  })
  it('answers a preflight with the declared headers', async () => {
    const res = await call(service, 'OPTIONS /operation', { headers: { origin: 'http://a.example', 'access-control-request-method': 'POST' } })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-methods')).toBe('POST')
    expect(res.headers.get('access-control-allow-headers')?.split(', ').sort()).toEqual(['content-type', 'x-auth-token', 'x-meta-data'])
    const kebab = await call(service, 'OPTIONS /kebab')
    expect(kebab.headers.get('access-control-allow-headers')?.split(', ').sort()).toEqual(['content-type', 'optional', 'x-auth-token', 'x-test-header'])
  })
})
