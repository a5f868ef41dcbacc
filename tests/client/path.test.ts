/**
 * A path param never escapes its endpoint. Empty, `.` and `..`
 * (as given or percent-decoded; any segment of a `FilePathParam` value) are
 * refused before sending: the recorder behind `baseURL` sees no connection.
 * Names that merely contain dots still go, encoded.
 */
import 'fw-api/openapi'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientError, createClient, type Client } from 'fw-api/client'
import { service as example, type RootAPI } from '../../examples/app'
import { recorder, service, type Recorder, type SafetyAPI } from './safety'

let server: Recorder
let client: Client<typeof SafetyAPI>

beforeAll(async () => {
  server = await recorder()
  client = createClient<typeof SafetyAPI>({ baseURL: server.origin, document: service.openapi() })
})
afterAll(() => server?.close())

const refusedFiles = ['', '.', '..', '../ping', '../../api/ping', 'a/../b', 'a/./b', 'a/..', 'a//b', 'a/', '%2e%2e', '%2E%2e/ping', 'a/%2e/b', '.%2e', '%252e%252e', 'a\\..\\b', '%zz/%2e%2e/x', '%E2%82%AC/%2E./x']
const refusedSlugs = ['', '.', '..', '%2e', '%2e%2E', '%252e', 'a/../b', '../x', '..%2Fx']

describe('refused before sending', () => {
  it.each(refusedFiles)('hop.file({ path: %j })', async (path) => {
    const error = await client.hop.file({ path }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(ClientError)
    expect((error as ClientError).status).toBe(0)
    expect((error as ClientError).message).toMatch(/path param 'path' .* would leave the endpoint/)
    expect(server.connections).toBe(0)
  })

  it.each(refusedSlugs)('hop.item({ slug: %j })', async (slug) => {
    const error = await client.hop.item({ slug }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBeInstanceOf(ClientError)
    expect((error as ClientError).message).toMatch(/path param 'slug'/)
    expect(server.connections).toBe(0)
  })
})

it("the issue's calls: docs.getFile({ path: '../ping' }) and article.getArticle({ slug: '.' })", async () => {
  const exampleClient = createClient<typeof RootAPI>({ baseURL: server.origin, document: example.openapi() })
  await expect(exampleClient.docs.getFile({ path: '../ping' })).rejects.toMatchObject({ name: 'ClientError', status: 0 })
  await expect(exampleClient.article.getArticle({ slug: '.' })).rejects.toMatchObject({ name: 'ClientError', status: 0 })
  expect(server.connections).toBe(0)
})

describe('names with dots still go, encoded', () => {
  it.each([
    ['file', { path: 'a/b c/README.md' }, '/api/hop/file/a/b%20c/README.md'],
    ['file', { path: '.hidden/...' }, '/api/hop/file/.hidden/...'],
    ['file', { path: '/etc/hosts' }, '/api/hop/file//etc/hosts'],
    ['file', { path: 'a..b/c.' }, '/api/hop/file/a..b/c.'],
    ['item', { slug: '...' }, '/api/hop/item/...'],
    ['item', { slug: 'a/b' }, '/api/hop/item/a%2Fb'],
    ['item', { slug: '%zz' }, '/api/hop/item/%25zz'],
  ] as const)('hop.%s(%j) → %s', async (name, input, url) => {
    const count = server.requests.length
    const call = name === 'file' ? client.hop.file(input as { path: string }) : client.hop.item(input as { slug: string })
    expect(await call).toBe('recorded')
    expect(server.requests.slice(count).map((request) => request.url)).toEqual([url])
  })
})
