/**
 * The runtime conformance cases: one list of HTTP exchanges with the example
 * service (examples/app.ts, served under `/api`), replayed over real HTTP
 * against every runtime by conformance.test.ts. Expectations come from
 * SPEC.md, not from what one runtime happens to answer.
 *
 * Plain data (no vitest import): a RegExp anywhere in `like` or `headers`
 * means "a string matching this".
 */

/** One multipart part: a text field or a file. */
export type FormPart = string | { file: string; name: string; type?: string }

export interface Expected {
  status: number
  /** the whole JSON body, exactly */
  json?: unknown
  /** a subset of the JSON body (RegExp for strings) */
  like?: Record<string, unknown>
  /** the body as text, exactly */
  text?: string
  /** response headers (case-insensitive names); RegExp to match */
  headers?: Record<string, string | RegExp>
}

export interface Case {
  /** what the case shows (the test title adds method and path) */
  name: string
  method: string
  /** path and query, e.g. `/api/calc/add?a=1&b=2` */
  path: string
  headers?: Record<string, string>
  /** sent as `application/json` */
  json?: unknown
  /** a raw body; give its Content-Type in `headers` */
  body?: string | Uint8Array<ArrayBuffer>
  /** sent as `multipart/form-data` */
  form?: [string, FormPart][]
  /** send `body` as a stream (chunked, no Content-Length): the runtime's streaming path */
  chunked?: boolean
  expect: Expected
}

const JSON_TYPE = /^application\/json/
const PROBLEM = /^application\/problem\+json/

/** 200 with the calc/article envelope `{ data, msg: '' }`. */
const ok = (data: unknown): Expected => ({ status: 200, json: { data, msg: '' }, headers: { 'content-type': JSON_TYPE } })
/** An error in the envelope: `{ data: null, msg }`. */
const fail = (status: number, msg: string | RegExp): Expected => ({ status, like: { data: null, msg } })
/** 200 with a bare JSON result (APIs without `static response`). */
const bare = (json: unknown): Expected => ({ status: 200, json, headers: { 'content-type': JSON_TYPE } })
/** An RFC 9457 problem (APIs without an envelope). */
const problem = (status: number, detail: string | RegExp, extra: Record<string, unknown> = {}): Expected => ({
  status,
  like: { type: 'about:blank', status, detail, ...extra },
  headers: { 'content-type': PROBLEM },
})
const badRequest = (item: string): RegExp => new RegExp(`^BadRequest: parse item: \\['${item}'\\] failed: `)

/** Headers that satisfy SecureAPI's common params (token header + session cookie). */
const auth = { 'X-Auth-Token': '123456789012', Cookie: 'sessionid=s1' }
const xml = '<article><title>t</title><views>2</views><published>true</published></article>'

export const cases: Case[] = [
  // §2 routing
  { name: 'root endpoint, bare result', method: 'GET', path: '/api/ping', expect: bare('pong') },
  { name: 'no route → 404 problem', method: 'GET', path: '/api/nope', expect: problem(404, /^NotFound/) },
  { name: 'other method → 405 + Allow', method: 'POST', path: '/api/ping', expect: { ...problem(405, /^MethodNotAllowed/), headers: { allow: 'GET', 'content-type': PROBLEM } } },
  { name: '405 in the envelope', method: 'DELETE', path: '/api/article/feed', expect: { ...fail(405, /^MethodNotAllowed/), headers: { allow: 'GET' } } },
  { name: 'fixed path declared above {slug} wins', method: 'GET', path: '/api/article/feed', expect: ok([]) },
  { name: 'slug path param', method: 'GET', path: '/api/article/hello-world', expect: ok('hello-world') },
  { name: 'slug accepts either case', method: 'GET', path: '/api/article/Hello-World', expect: ok('Hello-World') },
  { name: 'bad slug → 400, no fall-through', method: 'GET', path: '/api/article/bad--slug', expect: fail(400, badRequest('slug')) },
  { name: 'method named get serves the class route', method: 'GET', path: '/api/article?id=3', expect: ok(3) },
  { name: 'trailing slash is insignificant', method: 'GET', path: '/api/article/?id=4', expect: ok(4) },
  { name: 'exact §4 conversion message', method: 'GET', path: '/api/article?id=x', expect: fail(400, "BadRequest: parse item: ['id'] failed: invalid number: 'x'") },
  { name: 'required query param missing', method: 'GET', path: '/api/article', expect: fail(400, badRequest('id')) },

  // §4 envelope, results, errors; §5 conf.Time
  { name: 'envelope', method: 'GET', path: '/api/calc/add?a=1&b=2', expect: { ...ok(3), text: '{"data":3,"msg":""}' } },
  { name: 'int params truncate decimals', method: 'GET', path: '/api/calc/add?a=1.5&b=2.1', expect: ok(3) },
  { name: 'exact §4 error body', method: 'GET', path: '/api/calc/add?a=1&b=x', expect: { status: 400, json: { data: null, msg: "BadRequest: parse item: ['b'] failed: invalid number: 'x'" } } },
  { name: 'conf.Time formats dates', method: 'GET', path: '/api/calc/time', expect: { status: 200, text: '{"data":"2025-04-15 16:38:30","msg":""}' } },
  { name: 'respond(): status, message, headers', method: 'POST', path: '/api/calc/created', json: { value: 5 }, expect: { status: 201, json: { data: { value: 5 }, msg: 'created' }, headers: { 'x-created': '5' } } },
  { name: 'thrown exceptions.NotFound', method: 'GET', path: '/api/calc/missing/42', expect: { status: 404, json: { data: null, msg: 'NotFound: no item 42' } } },
  { name: 'a returned Response passes through', method: 'GET', path: '/api/calc/raw', expect: { status: 200, text: 'plain text', headers: { 'content-type': /^text\/plain/ } } },

  // §2.2 path params
  { name: 'trailing path param default', method: 'GET', path: '/api/doc/en', expect: bare({ lang: 'en', page: 1 }) },
  { name: 'path params converted', method: 'GET', path: '/api/doc/en/3', expect: bare({ lang: 'en', page: 3 }) },
  { name: 'missing path param → 404', method: 'GET', path: '/api/doc', expect: { status: 404 } },
  { name: 'picklist path param → 400', method: 'GET', path: '/api/doc/fr/3', expect: problem(400, badRequest('lang'), { errors: [{ in: 'path', name: 'lang' }] }) },
  { name: 'minValue path param → 400', method: 'GET', path: '/api/doc/en/0', expect: problem(400, badRequest('page')) },
  {
    name: 'problem+json errors list',
    method: 'GET',
    path: '/api/doc/en/x',
    expect: problem(400, "BadRequest: parse item: ['page'] failed: invalid number: 'x'", {
      title: 'Bad Request',
      errors: [{ in: 'path', name: 'page', path: ['page'], message: "invalid number: 'x'" }],
    }),
  },
  { name: 'PathParam regex', method: 'GET', path: '/api/item/abc', expect: bare('abc') },
  { name: 'PathParam regex mismatch → 400', method: 'GET', path: '/api/item/ABC', expect: problem(400, badRequest('code')) },
  { name: 'FilePathParam spans slashes', method: 'GET', path: '/api/file/a/b/README.md', expect: bare('a/b/README.md') },

  // §3.2 query
  { name: 'Param alias', method: 'GET', path: '/api/query/alias?class=tech&@page=3', expect: bare({ tech: 3 }) },
  { name: 'Param default', method: 'GET', path: '/api/query/alias?class=tech', expect: bare({ tech: 1 }) },
  { name: 'percent-encoded alias', method: 'GET', path: '/api/query/alias?class=a%20b&%40page=2', expect: bare({ 'a b': 2 }) },
  { name: 'request.Query object', method: 'GET', path: '/api/query/doc?lang=zh&page=2', expect: bare({ lang: 'zh', page: 2 }) },
  { name: 'request.Query default', method: 'GET', path: '/api/query/doc?lang=en', expect: bare({ lang: 'en', page: 1 }) },
  { name: 'request.Query rule → 400', method: 'GET', path: '/api/query/doc?lang=fr', expect: problem(400, /^BadRequest: parse item: /) },
  { name: 'JSON-decoded object query param', method: 'GET', path: `/api/query/search?filter=${encodeURIComponent('{"tag":"ts"}')}`, expect: bare('ts') },

  // §3.5 headers and cookies, common params
  {
    name: 'Headers object, common header + cookies',
    method: 'POST',
    path: '/api/secure/operation',
    headers: { ...auth, 'X-Meta-Data': '{"version":1.2}' },
    expect: bare(['123456789012', { version: 1.2 }, 's1', null]),
  },
  {
    name: 'optional cookie present',
    method: 'POST',
    path: '/api/secure/operation',
    headers: { ...auth, Cookie: 'sessionid=s1; csrftoken=c2', 'X-Meta-Data': '{}' },
    expect: bare(['123456789012', {}, 's1', 'c2']),
  },
  { name: 'required cookie missing → 400', method: 'POST', path: '/api/secure/operation', headers: { 'X-Auth-Token': '123456789012', 'X-Meta-Data': '{}' }, expect: problem(400, /sessionid/) },
  { name: 'header rule → 400', method: 'POST', path: '/api/secure/operation', headers: { ...auth, 'X-Auth-Token': 'short', 'X-Meta-Data': '{}' }, expect: problem(400, /^BadRequest: parse item: /) },
  { name: 'kebab-case header name', method: 'GET', path: '/api/secure/kebab', headers: { ...auth, 'x-test-header': '7' }, expect: bare(7) },
  { name: 'header names are case-insensitive', method: 'GET', path: '/api/secure/kebab', headers: { ...auth, 'X-TEST-HEADER': '8' }, expect: bare(8) },
  { name: 'header conversion → 400', method: 'GET', path: '/api/secure/kebab', headers: { ...auth, 'x-test-header': 'x' }, expect: problem(400, /invalid number: 'x'/) },

  // §3.5 OPTIONS preflight
  {
    name: 'preflight lists declared headers',
    method: 'OPTIONS',
    path: '/api/secure/operation',
    headers: { Origin: 'http://example.test', 'Access-Control-Request-Method': 'POST' },
    expect: {
      status: 204,
      headers: { 'access-control-allow-methods': /POST/, 'access-control-allow-headers': /^(?=.*x-auth-token)(?=.*x-meta-data)(?=.*content-type)/i },
    },
  },
  { name: 'preflight on a GET path', method: 'OPTIONS', path: '/api/calc/add', headers: { Origin: 'http://example.test', 'Access-Control-Request-Method': 'GET' }, expect: { status: 204, headers: { 'access-control-allow-methods': /GET/, 'access-control-allow-headers': /content-type/i } } },

  // §3.3 bodies
  { name: 'Body from JSON (converted)', method: 'POST', path: '/api/body/article', json: { title: 't', views: '3' }, expect: bare({ title: 't', views: 3, published: false }) },
  { name: 'Body from XML', method: 'POST', path: '/api/body/article', headers: { 'content-type': 'application/xml' }, body: xml, expect: bare({ title: 't', views: 2, published: true }) },
  { name: 'Body from text/xml', method: 'POST', path: '/api/body/article', headers: { 'content-type': 'text/xml; charset=utf-8' }, body: xml, expect: bare({ title: 't', views: 2, published: true }) },
  { name: 'Body from urlencoded', method: 'POST', path: '/api/body/article', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'title=t&views=4&published=on', expect: bare({ title: 't', views: 4, published: true }) },
  { name: 'Body from multipart', method: 'POST', path: '/api/body/article', form: [['title', 'm'], ['published', 'yes']], expect: bare({ title: 'm', views: 0, published: true }) },
  { name: 'nested failure chains item names', method: 'POST', path: '/api/body/article', json: {}, expect: problem(400, /^BadRequest: parse item: \['data'\] failed: parse item: \['title'\] failed: /) },
  { name: 'malformed JSON → 400', method: 'POST', path: '/api/body/article', headers: { 'content-type': 'application/json' }, body: '{"title":', expect: { status: 400 } },
  { name: 'Json accepts JSON', method: 'POST', path: '/api/body/json', json: { title: 'j' }, expect: bare({ title: 'j', views: 0, published: false }) },
  { name: 'Json refuses a form → 415', method: 'POST', path: '/api/body/json', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'title=j', expect: problem(415, /^UnsupportedMediaType/) },
  { name: 'Form accepts urlencoded', method: 'POST', path: '/api/body/form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=a&age=3', expect: bare({ name: 'a', age: 3 }) },
  { name: 'Form accepts multipart', method: 'POST', path: '/api/body/form', form: [['name', 'b']], expect: bare({ name: 'b' }) },
  { name: 'Form refuses JSON → 415', method: 'POST', path: '/api/body/form', json: { name: 'a' }, expect: problem(415, /^UnsupportedMediaType/) },
  { name: 'array Body', method: 'POST', path: '/api/body/batch', json: [{ title: 'a', views: 1 }, { title: 'b' }], expect: bare([1, 0]) },
  { name: 'array Body wraps one object', method: 'POST', path: '/api/body/batch', json: { title: 'a', views: 5 }, expect: bare([5]) },
  { name: 'BodyParam fields of JSON', method: 'POST', path: '/api/body/fields', json: { title: 'x' }, expect: bare({ title: 'x', views: 0 }) },
  { name: 'BodyParam fields of a form', method: 'POST', path: '/api/body/fields', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'title=y&views=2', expect: bare({ title: 'y', views: 2 }) },
  { name: 'text Body', method: 'POST', path: '/api/body/html', headers: { 'content-type': 'text/html' }, body: '<p>hi</p>', expect: bare(9) },
  { name: 'text Body, other type → 415', method: 'POST', path: '/api/body/html', headers: { 'content-type': 'text/plain' }, body: 'hi', expect: problem(415, /^UnsupportedMediaType/) },
  { name: 'text Body over maxLength → 413', method: 'POST', path: '/api/body/html', headers: { 'content-type': 'text/html' }, body: 'x'.repeat(101), expect: problem(413, /^RequestEntityTooLarge/) },
  { name: 'over the service body limit → 413', method: 'POST', path: '/api/body/json', headers: { 'content-type': 'application/json' }, body: `{"title":"${'x'.repeat(1024 * 1024)}"}`, expect: { status: 413 } },

  // §3.4 files
  {
    name: 'several files of one field',
    method: 'POST',
    path: '/api/body/upload',
    form: [['name', 'n'], ['files', { file: 'a.txt', name: 'hello', type: 'text/plain' }], ['files', { file: 'b.txt', name: 'world!', type: 'text/plain' }]],
    expect: bare({ name: 'n', files: [{ name: 'a.txt', size: 5, text: 'hello' }, { name: 'b.txt', size: 6, text: 'world!' }] }),
  },
  { name: 'one file becomes a list', method: 'POST', path: '/api/body/upload', form: [['name', 'n'], ['files', { file: 'c.txt', name: 'c' }]], expect: bare({ name: 'n', files: [{ name: 'c.txt', size: 1, text: 'c' }] }) },
  {
    name: 'maxLength bounds the file count',
    method: 'POST',
    path: '/api/body/upload',
    form: [['name', 'n'], ...['1', '2', '3', '4'].map((i): [string, FormPart] => ['files', { file: `${i}.txt`, name: i }])],
    expect: problem(400, badRequest('form')),
  },
  { name: 'whole body is the image', method: 'POST', path: '/api/body/image', headers: { 'content-type': 'image/png' }, body: new Uint8Array(10), expect: bare({ type: 'image/png', size: 10 }) },
  // The whole body is the file, so a non-image Content-Type is a refused body type (§4: 415).
  { name: 'image type enforced → 415', method: 'POST', path: '/api/body/image', headers: { 'content-type': 'text/plain' }, body: 'not an image', expect: problem(415, /^UnsupportedMediaType/) },
  // maxSize bounds the whole body here, so it is checked while reading (§4: over a maxLength → 413).
  { name: 'image maxSize enforced → 413', method: 'POST', path: '/api/body/image', headers: { 'content-type': 'image/png' }, body: new Uint8Array(2000), expect: problem(413, /^RequestEntityTooLarge/) },
  {
    name: 'a 256 KiB file arrives whole',
    method: 'POST',
    path: '/api/body/upload',
    form: [['name', 'big'], ['files', { file: 'big.txt', name: 'a'.repeat(256 * 1024) }]],
    expect: { status: 200, like: { name: 'big', files: [{ name: 'big.txt', size: 256 * 1024 }] } },
  },
  { name: 'UTF-8 file name', method: 'POST', path: '/api/body/upload', form: [['name', 'ü'], ['files', { file: 'résumé.txt', name: 'é' }]], expect: bare({ name: 'ü', files: [{ name: 'résumé.txt', size: 2, text: 'é' }] }) },

  // Encodings and transfer: where runtimes' HTTP stacks differ
  { name: 'UTF-8 query value', method: 'GET', path: '/api/query/alias?class=%E4%B8%AD%E6%96%87', expect: bare({ 中文: 1 }) },
  { name: 'UTF-8 JSON body with charset', method: 'POST', path: '/api/body/json', headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"title":"héllo ✓"}', expect: bare({ title: 'héllo ✓', views: 0, published: false }) },
  { name: 'chunked JSON body', method: 'POST', path: '/api/body/json', headers: { 'content-type': 'application/json' }, body: '{"title":"c","views":2}', chunked: true, expect: bare({ title: 'c', views: 2, published: false }) },
  { name: 'chunked body over maxLength → 413', method: 'POST', path: '/api/body/html', headers: { 'content-type': 'text/html' }, body: 'x'.repeat(5000), chunked: true, expect: problem(413, /^RequestEntityTooLarge/) },
  // Just over the limit, so little is left unread when the server answers early
  // (see `send` in conformance.test.ts on workerd's connection resets).
  { name: 'chunked body over the service limit → 413', method: 'POST', path: '/api/body/json', headers: { 'content-type': 'application/json' }, body: `"${'x'.repeat(1024 * 1024)}"`, chunked: true, expect: { status: 413 } },

  // Added with the example's later endpoints
  { name: 'unexpected error → 500 without its text', method: 'GET', path: '/api/calc/crash', expect: { status: 500, json: { data: null, msg: 'InternalServerError' } } },
  { name: 'QueryParam alias/default, repeated keys → array', method: 'GET', path: '/api/query/list?search=fw&tags=a&tags=b&limit=2.9', expect: bare({ q: 'fw', tags: ['a', 'b'], limit: 2 }) },
  { name: 'query defaults', method: 'GET', path: '/api/query/list', expect: bare({ q: '', tags: [], limit: 10 }) },
  { name: 'Cookies object', method: 'GET', path: '/api/secure/jar', headers: { 'x-auth-token': 't', cookie: 'sessionid=s1; theme=dark' }, expect: bare({ sessionid: 's1', theme: 'dark' }) },
  // §9 docs routes: the page's security headers and the document, on every runtime (Workers: no disk, the page says how to get its script)
  { name: 'docs page headers', method: 'GET', path: '/api/docs', expect: { status: 200, headers: { 'content-type': /^text\/html/, 'content-security-policy': /script-src 'self'[^;]*;.*frame-ancestors 'none'/, 'x-content-type-options': 'nosniff' } } },
  { name: 'docs document', method: 'GET', path: '/api/docs/openapi.json', expect: { status: 200, headers: { 'content-type': JSON_TYPE } } },
  { name: 'Cookies object validates', method: 'GET', path: '/api/secure/jar', headers: { 'x-auth-token': 't', cookie: 'sessionid=s1; theme=blue' }, expect: problem(400, badRequest('jar')) },
]
