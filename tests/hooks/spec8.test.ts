/**
 * SPEC §8's example works as written: in-process and over real HTTP (Node).
 */
import 'fw-api/serve'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from 'fw-api'
import { service } from './spec8-api'

type Send = (method: string, path: string, init?: RequestInit) => Promise<Response>

const inProcess: Send = async (method, path, init) => service.fetch(new Request(`http://localhost${path}`, { ...init, method }))
let server: RunningServer | undefined
const overHttp: Send = (method, path, init) => fetch(`http://127.0.0.1:${server?.port}${path}`, { ...init, method, signal: AbortSignal.timeout(5000) })

beforeAll(async () => {
  server = await service.run({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await server?.close()
})

describe.each([
  ['in-process', inProcess],
  ['over HTTP (Node)', overHttp],
] as const)('SPEC §8 example %s', (_, send) => {
  it('a before hook loads the article from its slug; the after hook stamps every response', async () => {
    const before = Date.now()
    const response = await send('GET', '/article/hello-world')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ slug: 'hello-world', title: 'Hello' })
    const stamp = Number(response.headers.get('server-timestamp'))
    expect(stamp).toBeGreaterThanOrEqual(before - 1)
    expect(stamp).toBeLessThanOrEqual(Date.now())
  })

  it('a NotFound from the before hook is caught by the error hook: 404 with state and message, stamped', async () => {
    const response = await send('GET', '/article/missing-one')
    expect(response.status).toBe(404)
    // the class has no template: respond() renders bare
    expect(await response.json()).toBeNull()
    expect(response.headers.get('server-timestamp')).toMatch(/^\d+$/)
  })

  it('before hooks run for update too, after its body is parsed', async () => {
    const ok = await send('PUT', '/article/hello-world', { body: JSON.stringify({ title: 'New' }), headers: { 'content-type': 'application/json' } })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ slug: 'hello-world', title: 'New' })
    const missing = await send('PUT', '/article/nope', { body: JSON.stringify({ title: 'New' }), headers: { 'content-type': 'application/json' } })
    expect(missing.status).toBe(404)
  })

  it("GET /article/stats is getArticle's: `{slug}` is declared above `stats` (SPEC §2.1 rule 5), so the hook's 404 answers", async () => {
    const response = await send('GET', '/article/stats')
    expect(response.status).toBe(404)
    expect(response.headers.get('server-timestamp')).toMatch(/^\d+$/)
  })

  it('the error hook answers PermissionDenied too; other errors keep their status', async () => {
    const denied = await send('DELETE', '/article/hello-world')
    expect(denied.status).toBe(405) // no DELETE route: a routing answer, not an endpoint error
    expect(denied.headers.get('allow')).toBe('GET, PUT')
  })

  it('a bad slug is a 400 (not caught: the error hook only takes NotFound / PermissionDenied)', async () => {
    const response = await send('GET', '/article/Bad_Slug')
    expect(response.status).toBe(400)
    expect(((await response.json()) as { detail: string }).detail).toMatch(/^BadRequest: parse item: \['slug'\] failed: /)
  })
})

describe('SPEC §8: the compiled endpoint exposes its template (for OpenAPI)', () => {
  it('stats has WrapResponse, getArticle is bare', () => {
    const byName = new Map(service.routes().map((entry) => [entry.data.endpoint.def.methodName, entry.data.endpoint.template]))
    expect(byName.get('stats')).toMatchObject({ resultKey: 'data', stateKey: 'state', countKey: 'count', enveloped: true })
    expect(byName.get('getArticle')).toMatchObject({ enveloped: false })
  })
})
