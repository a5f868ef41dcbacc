/**
 * Routing errors are the class's (SPEC §2.1 rule 6, §9.1): over HTTP on every
 * runtime, a 404 under an API class's prefix and a 405 on one of its paths
 * reach its `@api.handle` hooks (nearest class first, then the parent's) and
 * otherwise render with its template; a 405 names the allowed methods and
 * carries `Allow`, whoever renders it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runtimesFor, startServer, type Server } from '../runtimes/runtimes'

interface Answer {
  status: number
  type: string | null
  allow: string | null
  body: unknown
}

async function send(server: Server, method: string, path: string): Promise<Answer> {
  const res = await fetch(`${server.origin}${path}`, { method, signal: AbortSignal.timeout(30_000) })
  const text = await res.text()
  return { status: res.status, type: res.headers.get('content-type'), allow: res.headers.get('allow'), body: text ? (JSON.parse(text) as unknown) : null }
}

describe.each(runtimesFor(['node', 'bun', 'deno', 'workerd']))('routing errors on $label', (runtime) => {
  let server: Server
  beforeAll(async () => {
    const entry = runtime.name === 'workerd' ? 'tests/router/fixtures/routing-errors-worker.ts' : 'tests/router/fixtures/routing-errors-server.ts'
    server = await startServer(runtime, entry, 120_000)
  }, 150_000)
  afterAll(async () => {
    await server?.stop()
  })

  it('a 404 under a sub-API reaches its error hook, never its result envelope with nulls', async () => {
    const answer = await send(server, 'GET', '/api/article/feed/extra')
    expect(answer).toMatchObject({ status: 404, body: { errors: { body: ['NotFound: path not found: /api/article/feed/extra'] } } })
    expect(JSON.stringify(answer.body)).not.toContain('articlesCount')
    // the routes of the class still answer with its template
    expect(await send(server, 'GET', '/api/article')).toMatchObject({ status: 200, body: { articles: [], articlesCount: 0 } })
  })

  it('a 405 under a sub-API reaches its error hook, names the allowed methods and keeps Allow', async () => {
    const answer = await send(server, 'DELETE', '/api/article/how-to/favorite')
    expect(answer).toMatchObject({ status: 405, allow: 'POST', body: { errors: { body: ['MethodNotAllowed: method not allowed: DELETE (allowed: POST)'] } } })
  })

  it("a parent's hook that targets the sub-API catches its 404; its '*' hook catches the 405", async () => {
    expect(await send(server, 'GET', '/api/child/missing')).toMatchObject({ status: 404, body: { child: 'missing', message: 'path not found: /api/child/missing' } })
    const answer = await send(server, 'PUT', '/api/child/ping')
    expect(answer).toMatchObject({ status: 405, body: { root: 405, message: expect.stringMatching(/^method not allowed: PUT \(allowed: GET(, HEAD)?\)$/) } })
    expect(answer.allow).toMatch(/^GET(, HEAD)?$/)
  })

  it("the root API's '*' hook catches a 404 under its prefix; outside it the service's 404 answers", async () => {
    expect(await send(server, 'GET', '/api/nothing/here')).toMatchObject({ status: 404, body: { root: 404, message: 'path not found: /api/nothing/here' } })
    expect(await send(server, 'GET', '/elsewhere')).toMatchObject({ status: 404, type: 'application/problem+json', body: { status: 404, detail: 'NotFound: path not found: /elsewhere' } })
  })

  it("without hooks the class's template renders its 404 and 405 as errors", async () => {
    expect(await send(server, 'GET', '/v2/plain/x')).toMatchObject({ status: 404, type: 'application/json', body: { data: null, msg: 'NotFound: path not found: /v2/plain/x' } })
    const answer = await send(server, 'POST', '/v2/plain')
    expect(answer).toMatchObject({ status: 405, type: 'application/json', body: { data: null, msg: expect.stringMatching(/^MethodNotAllowed: method not allowed: POST \(allowed: GET(, HEAD)?\)$/) } })
    expect(answer.allow).toMatch(/^GET(, HEAD)?$/)
    // a hook that catches other errors lets the 404 pass to the template
    expect(await send(server, 'GET', '/v2/picky/x')).toMatchObject({ status: 404, body: { data: null, msg: 'NotFound: path not found: /v2/picky/x' } })
    // a miss under the second root, which has no template: problem+json
    expect(await send(server, 'GET', '/v2/nothing')).toMatchObject({ status: 404, type: 'application/problem+json', body: { detail: 'NotFound: path not found: /v2/nothing' } })
  })
})
