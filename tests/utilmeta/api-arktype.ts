/**
 * utilmeta-py `tests/server/api.py`, translated to fw with **arktype**
 * schemas: the same tree as ./api.ts (valibot), every schema written the way
 * an arktype user writes it (string definitions, `= default`, `'key?'`,
 * `type.instanceOf(File)`, …), run by ./params-arktype.test.ts against the same 46 cases.
 *
 * Kept: every endpoint, hook, template and plugin those cases reach, with the
 * peer's names (snake_case keys where the peer's output shows them). Left out:
 * what no params case calls (`retry`, `timeout`, `file`, `backend`, the ORM
 * `UserAPI`, the SSE `StreamAPI`). Where fw's form differs from UtilMeta's, a
 * comment says how; behaviour that differs is listed in docs/api.md
 * ("UtilMeta's API suite").
 */
import { mkdtempSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type } from 'arktype'
import { Field, Fw, Param, api, exceptions, file, plugins, request, response } from 'fw-api'
import { RootResponse, SubAPI, SyncPluginAPI, TestResponse, TheAPI, UpgradeRequired, fileExists } from './common'

/** where `multipart` saves (the peer: `tests/server/tmp`) */
export const baseDir = mkdtempSync(join(tmpdir(), 'fw-utilmeta-'))
export const filesDir = join(baseDir, 'tmp')

const int = type('number.integer')

// valibot's `v.object` strips unknown keys; arktype keeps them unless told: `'+': 'delete'` says so.

class HookResponse extends response.Response {
  static result = type('string')
}

const CookieSchema = type({
  '+': 'delete',
  sessionid: 'string | null = null',
  csrftoken: 'string | null = null',
  access_key: 'string == 32 | null = null',
})

// utype's case_insensitive option: header names are case-insensitive in fw anyway.
const HeaderSchema = type({
  '+': 'delete',
  auth_token: Field(type('string == 12'), { alias: 'X-Auth-Token' }),
  meta: Field(type('Record<string, unknown>'), { alias: 'X-Meta-Data' }),
  cookie: CookieSchema,
})

class ParentAPI extends api.API {
  static sub = SubAPI
  static response = TestResponse

  @api.get
  hello() {
    return 'world'
  }

  @api.get({ key: type('string') })
  data({ key }: { key: string }) {
    return this.respond({ key })
  }

  @api.before(SubAPI, { x_test_id: request.HeaderParam(int, { alias: 'X-Test-Id', default: 'null' }) })
  assign_var({ x_test_id }: { x_test_id: number | 'null' }) {
    this.request.state.testId = x_test_id
  }

  @api.get({ msg: type('string') })
  error({ msg }: { msg: string }): never {
    throw new UpgradeRequired(msg)
  }

  @api.handle('error', UpgradeRequired)
  handle_error_1(e: UpgradeRequired) {
    return e.message
  }
}

class RespResponse extends response.Response {
  static result = type('string')
  static resultKey = 'data'
  static stateKey = 'code'
  static messageKey = 'error'
}

const QuerySchema = type({
  '+': 'delete',
  page: '1 <= number.integer <= 10',
  'item?': '3 <= string <= 10 | null',
})

const DataSchema = type({
  '+': 'delete',
  title: '3 <= string <= 10',
  views: 'number.integer = 0',
})

// The handler saves the files: `type.instanceOf(file.UploadedFile)` types them as fw's uploads
// (a `File` with `save`); `type.instanceOf(File)` reads as a file too (`upload`, `update`).
// No `'+': 'delete'` here: a type that deletes or morphs makes arktype validate a deep clone of the
// input, and a cloned `File` has lost its bytes; unknown fields of this body stay as sent.
const MultiFormData = type({ name: 'string', images: type.instanceOf(file.UploadedFile).array() })

const BodyPart1 = type({ '+': 'delete', name: 'string = "default"' })
const BodyPart2 = type({ '+': 'delete', operation: 'string', params: 'Record<string, unknown>' })

// Dict[int, Tuple[str, Dict[str, bool], List[int]]]: JSON object keys are strings; an int key is a string of digits.
const Operation = type({ '[/^-?\\d+$/]': ['string', 'Record<string, boolean>', 'number.integer[]'] })

class TestAPI extends api.API {
  static parent = api.mount(ParentAPI, '@parent')
  static the = TheAPI
  static sync_plugin = SyncPluginAPI
  static response = response.Response

  @request.HeaderParam(int, { alias: 'X-Common-State' }) common_state_header!: number

  // ------------ TEST ROUTE
  @api.get('@special')
  special_api() {
    return this.request.path.split('/').at(-1)
  }

  @api.response(RespResponse)
  @api.post('response', { status: int, error: Param(type('string'), { default: 'default' }) })
  resp({ status, error }: { status: number; error: string }) {
    return this.respond(this.request.path.split('/').at(-1), { state: this.common_state_header, status, message: error })
  }

  @api.get('patch')
  get_patch() {
    return this.request.path.split('/').at(-1)
  }

  // UtilMeta: `@api.delete(get_patch)` (the route of another endpoint).
  @api.del('patch')
  delete_patch() {
    return this.request.path.split('/').at(-1)
  }

  // --------- TEST PATH
  @api.get('doc/{category}/{page}', { category: request.PathParam({ regex: '[a-zA-Z0-9-]{1,20}' }), page: Param(int, { default: 1 }) })
  get_doc({ category, page }: { category: string; page: number }) {
    return { [category]: page }
  }

  // ------- TEST QUERY
  @api.get({ page: int, item: Param(type('string'), { default: 'default' }) })
  query({ page, item }: { page: number; item: string }) {
    return [page, item]
  }

  @api.get({ query: request.Query(QuerySchema) })
  query_schema({ query }: { query: typeof QuerySchema.infer }) {
    return query
  }

  @api.get({ cls_name: Param(type('string'), { alias: 'class' }), page: Param(int, { alias: '@page', default: 1 }) })
  alias({ cls_name, page }: { cls_name: string; page: number }) {
    return { [cls_name]: page }
  }

  // ----- TEST BODY (the peer declares `upload` twice; the second, returning the file, wins)
  @api.post({ data: request.Body(type.instanceOf(File)) })
  upload({ data }: { data: File }) {
    return data
  }

  @api.post({ data: request.Body(MultiFormData) })
  async multipart({ data }: { data: typeof MultiFormData.infer }) {
    const paths: string[] = []
    for (const [i, image] of data.images.entries()) paths.push(await image.save(filesDir, i ? undefined : `${data.name}-${i}`))
    return [data.name, data.images.length, data.images.reduce((sum, f) => sum + f.size, 0), paths]
  }

  // The peer serves absolute paths on purpose: `absolute: true` says so (fw refuses them by default).
  @api.get('files/{path}', { path: request.FilePathParam({ absolute: true }) })
  async get_file({ path }: { path: string }) {
    if (!(await fileExists(path))) throw new exceptions.NotFound()
    return new Blob([await readFile(path)])
  }

  @api.del('files/{path}', { path: request.FilePathParam({ absolute: true }) })
  async delete_file({ path }: { path: string }) {
    if (!(await fileExists(path))) throw new exceptions.NotFound()
    await rm(path)
    return this.respond(null, { status: 204 })
  }

  @api.put({ data: request.Body(DataSchema.array()) })
  batch({ data }: { data: typeof DataSchema.infer[] }) {
    return data
  }

  @api.post('log/{y}/{m}/{level}', {
    year: Param(type('number.integer >= 2000'), { alias: 'y' }),
    month: Param(type('1 <= number.integer <= 12'), { alias: 'm' }),
    level: type("'INFO' | 'WARN' | 'ERROR'"),
    status: Param(type('100 <= number.integer <= 600'), { default: 200 }),
    data: request.Body(DataSchema, { maxLength: 30, contentType: 'application/x-www-form-urlencoded' }),
  })
  log(p: { year: number; month: number; level: string; status: number; data: typeof DataSchema.infer }) {
    return [p.year, p.month, p.level, p.status, p.data]
  }

  @api.patch({ html: request.Body(type('string'), { maxLength: 100, contentType: 'text/html' }) })
  content({ html }: { html: string }) {
    return html
  }

  @api.put({
    image: request.BodyParam(type.instanceOf(File).narrow((image, ctx) => image.size <= 10 * 1024 || ctx.mustBe('a file of at most 10 KiB'))),
    query: request.Query(QuerySchema),
    test_cookie: request.CookieParam({ alias: 'test-cookie', default: 'default' }),
    name: request.BodyParam(type('string <= 30')),
    desc: request.BodyParam(type('string <= 200'), { default: '' }),
  })
  async update(p: { image: File; query: typeof QuerySchema.infer; test_cookie: string; name: string; desc: string }) {
    return { image: await p.image.text(), cookie: p.test_cookie, name: p.name, desc: p.desc, page: p.query.page, item: p.query.item }
  }

  // ------- TEST headers
  @api.post({
    dic: request.Body(Operation),
    x_test_header: request.HeaderParam(int, { alias: 'X-Test-Header', default: 0 }),
    headers: request.Headers(HeaderSchema),
  })
  operation({ dic, headers }: { dic: typeof Operation.infer; headers: typeof HeaderSchema.infer }) {
    return [headers.auth_token, headers.meta, headers.cookie, dic]
  }

  @api.post({
    data: request.Json(BodyPart1.or('undefined')),
    data_part2: request.Json(BodyPart2.or('undefined')),
    form: request.Form(BodyPart1.or('undefined')),
  })
  multi_body(p: { data?: typeof BodyPart1.infer; data_part2?: typeof BodyPart2.infer; form?: typeof BodyPart1.infer }) {
    return [p.data ?? null, p.data_part2 ?? null, p.form ?? null]
  }

  @api.post({
    q: request.QueryParam(type('number.integer > 0')),
    data: request.Body(DataSchema),
    x_test_id: request.HeaderParam(int, { alias: 'X-Test-ID', default: 'null' }),
  })
  headers_kwargs(p: { q: number; data: typeof DataSchema.infer; x_test_id: number | 'null' }) {
    return [p.x_test_id, p.q, p.data]
  }

  // UtilMeta: `HookResponse(str(e), error=e, status=422)`.
  @api.handle('*', exceptions.BadRequest)
  handle_bad_request(e: exceptions.BadRequest) {
    return this.respond(e.fullMessage, { status: 422 })
  }

  // UtilMeta: `HookResponse(str(e), error=e)` — the status is the error's.
  @api.handle('*', Error)
  handle_errors(e: Error) {
    return this.respond(String(e), { status: e instanceof exceptions.HttpError ? e.status : 500 })
  }

  @api.response(HookResponse)
  @api.after('*')
  add_response() {}

  // UtilMeta picks the sync or async variant of `sync_api` by the service's mode; this run is the
  // peer's sync one (fw has no sync/async split: any handler may return a promise).
  @api.get('asynchronous')
  sync_api() {
    return 'sync'
  }

  @api.get('{path}', { path: request.FilePathParam })
  fallback({ path }: { path: string }) {
    return path
  }
}

// UtilMeta: `@api.CORS(allow_origin='*')` on the class.
@api.plugin(plugins.CORS({ allowOrigin: '*' }))
class RootAPI extends api.API {
  static test = TestAPI
  static response = RootResponse

  @api.get
  hello() {
    return this.request.path
  }

  @api.get({ a: int, b: int })
  plus({ a, b }: { a: number; b: number }) {
    return a + b
  }
}

export const service = new Fw(import.meta.url, { name: 'utilmeta-test', api: RootAPI, route: '/api' })
