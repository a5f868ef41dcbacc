/**
 * SPEC §9: the docs routes pass through the service's
 * plugins like API routes (an auth plugin guards them), carry no CORS
 * headers of their own, and `docs.exclude` / `@api.hidden` leave routes out
 * of the document and the typed client — in-process and over real HTTP on
 * Node, Bun and Deno (tests/runtimes/fixtures/docs.ts).
 *
 *   npx vitest run tests/openapi/guarded.test.ts
 */
import 'fw-api/openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Fw, api, plugins } from 'fw-api'
import { createClient, type Client } from 'fw-api/client'
import { GuardedAPI, service } from '../runtimes/fixtures/docs'
import { runtimes, startServer, type Server } from '../runtimes/runtimes'

const AUTH = { authorization: 'Bearer secret' }
const DOC_PATHS = ['/api/item']
const ROUTES = ['/api/docs', '/api/docs/openapi.json', '/api/item?id=1', '/api/secret']

/** The guarantees, over any fetch. */
async function check(get: (path: string, headers?: HeadersInit) => Promise<Response>): Promise<void> {
  for (const path of ROUTES) {
    const denied = await get(path)
    expect(denied.status, path).toBe(401)
    await denied.body?.cancel()
  }
  const doc = await get('/api/docs/openapi.json', AUTH)
  expect(doc.status).toBe(200)
  expect(doc.headers.get('access-control-allow-origin')).toBeNull()
  const body = (await doc.json()) as { paths: Record<string, unknown> }
  expect(Object.keys(body.paths)).toEqual(DOC_PATHS)
  const page = await get('/api/docs', AUTH)
  expect(page.status).toBe(200)
  expect(page.headers.get('access-control-allow-origin')).toBeNull()
  const html = await page.text()
  expect(html).toContain('/api/docs/openapi.json')
  // The page's script: served by fw from the installed package, behind the same plugin.
  const script = /<script src="(\/api\/docs\/scalar\.[0-9.]+\.js)"/.exec(html)?.[1] ?? 'no script in the page'
  expect((await get(script)).status, script).toBe(401)
  const bundle = await get(script, AUTH)
  expect([bundle.status, bundle.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8'])
  expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000)
  // Hidden and excluded routes are still served.
  for (const path of ['/api/secret', '/api/internal/stats', '/api/admin/reindex']) expect((await get(path, AUTH)).status, path).toBe(200)
}

describe('docs behind the service plugins, in-process', () => {
  const get = (path: string, headers?: HeadersInit) => Promise.resolve(service.fetch(new Request(`http://x${path}`, { headers })))

  it('401 without credentials on docs and API alike; the document lists only what is not hidden or excluded', async () => {
    await check(get)
  })

  it('the typed client has no route for a hidden or excluded endpoint', async () => {
    const client: Client<typeof GuardedAPI> = createClient<typeof GuardedAPI>({ baseURL: 'http://x', fetch: (request) => service.fetch(request), headers: AUTH, document: '/api/docs/openapi.json' })
    expect(await client.item({ id: 2 })).toEqual({ id: 2 })
    await expect(client.secret()).rejects.toThrow("no operation 'secret'")
    await expect(client.internal.stats()).rejects.toThrow("no operation 'internal.stats'")
    await expect(client.admin.reindex()).rejects.toThrow("no operation 'admin.reindex'")
  })

  it('gets the CORS headers of the service like any route, none of its own', async () => {
    class Open extends api.API {
      @api.get
      ping() {
        return 'pong'
      }
    }
    const cors = new Fw(import.meta.url, { api: Open, route: '/api', docs: true })
    cors.use(new plugins.CORS({ allowOrigin: ['https://app.example'] }))
    const from = (origin: string) => cors.fetch(new Request('http://x/api/docs/openapi.json', { headers: { origin } }))
    expect((await from('https://app.example')).headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect((await from('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull()
    const bare = new Fw(import.meta.url, { api: Open, route: '/api', docs: true })
    expect((await bare.fetch(new Request('http://x/api/docs/openapi.json', { headers: { origin: 'https://evil.example' } }))).headers.get('access-control-allow-origin')).toBeNull()
  })

  it('exclude takes globs and RegExps over the {param} template', () => {
    class Items extends api.API {
      @api.get('{id}')
      one() {
        return 1
      }
      @api.get('{id}/raw')
      raw() {
        return 2
      }
      @api.get
      list() {
        return []
      }
    }
    const paths = (exclude: (string | RegExp)[]) => Object.keys(new Fw(import.meta.url, { api: Items, route: '/api', docs: { exclude } }).openapi().paths)
    expect(paths([])).toEqual(['/api/{id}', '/api/{id}/raw', '/api/list'])
    expect(paths(['/api/*'])).toEqual(['/api/{id}/raw'])
    expect(paths(['/api/**'])).toEqual([])
    expect(paths(['/api/{id}/raw'])).toEqual(['/api/{id}', '/api/list'])
    expect(paths([/raw$/, '/api/list'])).toEqual(['/api/{id}'])
  })
})

const START_MS = 60_000

describe.each(runtimes.filter((runtime) => runtime.name !== 'workerd'))('docs behind the service plugins over HTTP on $label', (runtime) => {
  let server: Server
  beforeAll(async () => {
    server = await startServer(runtime, 'tests/runtimes/fixtures/docs-server.ts', START_MS)
  }, START_MS + 10_000)
  afterAll(() => server?.stop())

  it('401 without credentials on docs and API alike; hidden and excluded routes are out of the document', async () => {
    await check((path, headers) => fetch(`${server.origin}${path}`, { headers }))
  })
})
