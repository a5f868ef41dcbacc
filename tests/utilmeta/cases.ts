/**
 * utilmeta-py `tests/test_3_api/params.py` `get_requests()`: the 46 cases of
 * its sync run without a backend, in its order, with its expected status and
 * data unchanged. Indexes are the peer's list indexes (0-based). Bodies are tagged with how the peer's client sends them.
 */
import { join } from 'node:path'

/** The peer's `...`: only the status is checked. */
export const ANY = Symbol('any')

export type Body =
  | { json: unknown }
  | { form: Record<string, string | number> }
  | { text: string }
  | { bytes: Blob }
  | { multipart: Record<string, string | Blob | Blob[]> }

export interface Case {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  path: string
  query: Record<string, string | number>
  body: Body | null
  headers: Record<string, string>
  result: unknown
  status: number
}

const c = (method: Case['method'], path: string, query: Case['query'], body: Body | null, headers: Case['headers'], result: unknown, status: number): Case => ({ method, path, query, body, headers, result, status })

const image = () => new Blob(['image'])
// BytesIO(b"f1"), File(b"f2", filename='test-filename-01'), open(base_dir / 'test.txt')
const files = () => [new Blob(['f1']), new File(['f2'], 'test-filename-01'), new File(['test-content'], 'test.txt', { type: 'text/plain' })]

/** The cases for a service that saves uploads into `filesDir` (the peer's `tests/server/tmp`). */
export const casesFor = (filesDir: string): Case[] => {
  const tmp = (name: string) => join(filesDir, name)
  return [
    c('get', '@special', {}, null, {}, '@special', 200),
    c('get', 'sync_plugin', {}, null, {}, { test: 'plugin-sync-1', message: '' }, 401),
    c('post', 'response', { status: 201 }, null, {}, { data: 'response', code: 1, error: 'default' }, 201),
    c('get', 'patch', {}, null, {}, 'patch', 200),
    c('delete', 'patch', {}, null, {}, 'patch', 200),
    c('get', 'doc/tech', {}, null, {}, { tech: 1 }, 200),
    c('get', 'doc/tech/3', {}, null, {}, { tech: 3 }, 200),
    c('get', 'query', { page: '3' }, null, {}, [3, 'default'], 200),
    c('get', 'query', { page: 3, item: 4 }, null, {}, [3, '4'], 200),
    c('get', 'asynchronous', {}, null, {}, 'sync', 200),
    c('get', 'query_schema', { page: '5', item: 'tech' }, null, {}, { page: 5, item: 'tech' }, 200),
    c('get', 'query_schema', { page: 5, item: 't' }, null, {}, ANY, 422),
    c('get', 'query_schema', { page: 0, item: 'tech' }, null, {}, ANY, 422),
    c('get', 'alias', { class: 'infra', '@page': 3 }, null, {}, { infra: 3 }, 200),
    c('get', 'alias', { class: 'infra' }, null, {}, { infra: 1 }, 200),
    c('get', 'random/path/to', {}, null, {}, 'random/path/to', 200),
    c('get', 'the/api/not_found', {}, null, {}, ANY, 404),
    c('get', 'the/api/hello', { hello: 'what' }, null, {}, { test: ['world', 'what'], message: 'hello' }, 200),
    c('get', 'the/api/hello', {}, null, { 'x-hello': 'what' }, { test: ['what', null], message: 'hello' }, 200),
    c('get', '@parent/hello', {}, null, {}, { test: 'world', message: '' }, 200),
    c('get', '@parent/sub/hello', {}, null, { 'X-Test-ID': '1' }, { test: 'world', message: '' }, 200),
    c('get', '@parent/sub/test0', {}, null, { 'X-Test-ID': '1' }, 'test0', 200),
    c('get', '@parent/sub/test0', {}, null, {}, 'test0', 200),
    c('get', '@parent/sub/test1', {}, null, { 'X-Test-ID': '3' }, { test1: 3 }, 200),
    c('get', '@parent/sub/resp', {}, null, { 'X-Test-ID': '5' }, { resp: 5 }, 200),
    c('get', '@parent/error', { msg: 'test_message' }, null, {}, { test: 'test_message', message: '' }, 200),
    c('post', 'upload', {}, { bytes: new Blob(['text']) }, {}, 'text', 200),
    c('post', 'upload', {}, { bytes: new Blob(['test-content'], { type: 'text/plain' }) }, {}, 'test-content', 200),
    c('post', 'multipart', {}, { multipart: { name: 'test', images: files() } }, {}, ['test', 3, 16, [tmp('test-0'), tmp('test-filename-01'), tmp('test.txt')]], 200),
    c('get', `files/${tmp('test-0')}`, {}, null, {}, 'f1', 200),
    c('get', `files/${tmp('test-filename-01')}`, {}, null, {}, 'f2', 200),
    c('delete', `files/${tmp('test-0')}`, {}, null, {}, ANY, 204),
    c('delete', `files/${tmp('test-filename-01')}`, {}, null, {}, ANY, 204),
    c('delete', `files/${tmp('test.txt')}`, {}, null, {}, ANY, 204),
    c('get', `files/${tmp('test-0')}`, {}, null, {}, ANY, 404),
    c('put', 'batch', {}, { json: [{ title: 'xxx' }, { title: 'yyyy', views: '3' }] }, {}, [{ title: 'xxx', views: 0 }, { title: 'yyyy', views: 3 }], 200),
    c('post', 'log/2022/1/INFO', { status: '500' }, { text: 'title=yyyy&views=3' }, { 'Content-Type': 'application/x-www-form-urlencoded' }, [2022, 1, 'INFO', 500, { title: 'yyyy', views: 3 }], 200),
    c('post', 'multi_body', {}, { form: { name: 'form' } }, { 'Content-Type': 'application/x-www-form-urlencoded' }, [null, null, { name: 'form' }], 200),
    c('post', 'multi_body', {}, { json: { name: 'json', operation: 'post', params: { key: 'val' } } }, {}, [{ name: 'json' }, { operation: 'post', params: { key: 'val' } }, null], 200),
    c('post', 'log/2022/1/INFO', { status: '500' }, { json: { title: 'yyyy', views: 3 } }, {}, ANY, 422),
    c('patch', 'content', {}, { text: '<xyz>' }, { 'Content-Type': 'text/html' }, '<xyz>', 200),
    c('patch', 'content', {}, { text: 'x'.repeat(200) }, { 'Content-Type': 'text/html' }, ANY, 413),
    c(
      'put',
      'update',
      { page: 3, item: 'test' },
      // the peer sets 'Content-Type: multipart/form-data' and its client adds the boundary; FormData does both
      { multipart: { name: 'image.png', desc: 'DESC', image: image() } },
      { cookie: 'test-cookie=123' },
      { image: 'image', cookie: '123', name: 'image.png', desc: 'DESC', page: 3, item: 'test' },
      200,
    ),
    c(
      'post',
      'operation',
      {},
      { json: { 4: [3, {}, [3.4]], 5: ['x', { 3: 0 }, []] } },
      // the peer's client sends a dict header as JSON
      { 'X-Auth-Token': 'x'.repeat(12), 'x-meta-data': JSON.stringify({ test: 'val' }), Cookie: 'sessionid=x' },
      ['x'.repeat(12), { test: 'val' }, { sessionid: 'x', csrftoken: null, access_key: null }, { 4: ['3', {}, [3]], 5: ['x', { 3: false }, []] }],
      200,
    ),
    c('post', 'headers_kwargs', { q: 3 }, { json: { title: 'test' } }, { 'X-test-ID': '11' }, [11, 3, { title: 'test', views: 0 }], 200),
    c('post', 'headers_kwargs', { q: '6' }, { json: { title: 'test' } }, {}, ['null', 6, { title: 'test', views: 0 }], 200),
  ]
}

/**
 * Cases where fw answers differently on purpose (docs/api.md, "UtilMeta's API
 * suite"): index → what fw answers instead, and why.
 */
export const differences: Record<number, { status: number; reason: string }> = {
  39: {
    status: 415,
    reason: 'a JSON body sent to an endpoint whose body declares contentType urlencoded is 415 Unsupported Media Type in fw (SPEC §8: contentType is enforced); UtilMeta answers 422 through its BadRequest hook',
  },
}

/** The Web `Request` the peer's client sends for a case (plus its `X-Common-State: 1` on every request). */
export function toRequest(origin: string, entry: Case): Request {
  const url = new URL(`${origin}/api/test/${entry.path}`)
  for (const [key, value] of Object.entries(entry.query)) url.searchParams.set(key, String(value))
  const headers = new Headers(entry.headers)
  headers.set('X-Common-State', '1')
  let body: BodyInit | undefined
  const sent = entry.body
  if (sent === null) body = undefined
  else if ('json' in sent) {
    body = JSON.stringify(sent.json)
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  } else if ('form' in sent) body = new URLSearchParams(Object.entries(sent.form).map(([k, v]) => [k, String(v)]))
  else if ('text' in sent) body = sent.text
  else if ('bytes' in sent) body = sent.bytes
  else {
    const form = new FormData()
    for (const [key, value] of Object.entries(sent.multipart)) for (const item of Array.isArray(value) ? value : [value]) form.append(key, item)
    headers.delete('content-type')
    body = form
  }
  return new Request(url, { method: entry.method.toUpperCase(), headers, body })
}

/** What the peer compares: `resp.data` (JSON parsed, else the text). */
export async function dataOf(response: Response): Promise<unknown> {
  const text = await response.text()
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
