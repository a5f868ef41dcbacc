/**
 * utilmeta-py `tests/server/api.py`, translated to fw with **effect** 4
 * schemas: the same tree as ./api.ts (valibot), every schema written the way
 * an effect user writes it (`Schema.Int`, `Schema.Struct`, `.check(...)`,
 * `withDecodingDefaultKey`, `Schema.instanceOf(File)`, …), each handed to fw
 * through one helper, `standard`, that makes it a Standard Schema with its
 * JSON Schema; run by ./params-effect.test.ts against the same 46 cases.
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
import { Effect, Schema, SchemaGetter } from 'effect'
import { Fw, Param, api, exceptions, file, plugins, request, response } from 'fw-api'
import { RootResponse, SubAPI, SyncPluginAPI, TestResponse, TheAPI, UpgradeRequired, fileExists } from './common'

/** where `multipart` saves (the peer: `tests/server/tmp`) */
export const baseDir = mkdtempSync(join(tmpdir(), 'fw-utilmeta-'))
export const filesDir = join(baseDir, 'tmp')

/** An effect schema as fw takes it: a Standard Schema with its JSON Schema (docs/api.md). */
const standard = <S extends Schema.ConstraintDecoder<unknown>>(schema: S) =>
  Schema.toStandardSchemaV1(Schema.toStandardJSONSchemaV1(schema))

const int = Schema.Int

const noJson = SchemaGetter.forbidden<never, string>(
  () => 'a file has no JSON form: it arrives as a binary body or a multipart part',
)

/**
 * A file as fw takes one: a binary string in the JSON Schema (`{ type: 'string', format:
 * 'binary' }`, what `z.file()` gives and how effect's HttpApi documents an upload).
 * `Schema.instanceOf(File)` alone has no JSON form (its JSON Schema is `{}`, and inside
 * `Schema.Array` the array's `items` is dropped), and `Schema.File`'s JSON form is its own
 * serialization (`{ data, type, name, lastModified }`). So the declaration names its JSON form
 * with `toCodecJson`, one that never decodes or encodes JSON (as effect does for its crypto
 * keys); effect validates the value itself with `instanceof`.
 */
const FileOf = <C extends abstract new (...args: never) => File>(constructor: C) =>
  Schema.instanceOf(constructor, {
    expected: 'File',
    toCodecJson: () =>
      Schema.link<InstanceType<C>>()(Schema.String.annotate({ format: 'binary' }), {
        decode: noJson,
        encode: noJson,
      }),
  })

class HookResponse extends response.Response {
  static result = standard(Schema.String)
}

const CookieSchema = Schema.Struct({
  sessionid: Schema.NullOr(Schema.String).pipe(Schema.withDecodingDefaultKey(Effect.succeed(null))),
  csrftoken: Schema.NullOr(Schema.String).pipe(Schema.withDecodingDefaultKey(Effect.succeed(null))),
  access_key: Schema.NullOr(Schema.String.check(Schema.isBetweenLength(32, 32))).pipe(
    Schema.withDecodingDefaultKey(Effect.succeed(null)),
  ),
})

// utype's case_insensitive option: header names are case-insensitive in fw anyway.
// The aliases are effect's own key renaming, `encodeKeys` (effect carries no metadata of its own
// into its JSON Schema, so `Field(schema, { alias })` / `Field.alias` cannot hold them): the
// encoded side, whose property names fw reads as wire names, says `x-auth-token`; the handler
// gets `auth_token`.
const HeaderSchema = Schema.Struct({
  auth_token: Schema.String.check(Schema.isBetweenLength(12, 12)),
  meta: Schema.Record(Schema.String, Schema.Unknown),
  cookie: CookieSchema,
}).pipe(Schema.encodeKeys({ auth_token: 'X-Auth-Token', meta: 'X-Meta-Data' }))

class ParentAPI extends api.API {
  static sub = SubAPI
  static response = TestResponse

  @api.get
  hello() {
    return 'world'
  }

  @api.get({ key: standard(Schema.String) })
  data({ key }: { key: string }) {
    return this.respond({ key })
  }

  @api.before(SubAPI, {
    x_test_id: request.HeaderParam(standard(int), { alias: 'X-Test-Id', default: 'null' }),
  })
  assign_var({ x_test_id }: { x_test_id: number | 'null' }) {
    this.request.state.testId = x_test_id
  }

  @api.get({ msg: standard(Schema.String) })
  error({ msg }: { msg: string }): never {
    throw new UpgradeRequired(msg)
  }

  @api.handle('error', UpgradeRequired)
  handle_error_1(e: UpgradeRequired) {
    return e.message
  }
}

class RespResponse extends response.Response {
  static result = standard(Schema.String)
  static resultKey = 'data'
  static stateKey = 'code'
  static messageKey = 'error'
}

const QuerySchema = Schema.Struct({
  page: int.check(Schema.isBetween({ minimum: 1, maximum: 10 })),
  item: Schema.optional(Schema.NullOr(Schema.String.check(Schema.isBetweenLength(3, 10)))),
})

const DataSchema = Schema.Struct({
  title: Schema.String.check(Schema.isBetweenLength(3, 10)),
  views: int.pipe(Schema.withDecodingDefaultKey(Effect.succeed(0))),
})

// The handler saves the files: `FileOf(file.UploadedFile)` types them as fw's uploads (a `File`
// with `save`); where only the file is needed, `FileOf(File)` does (`upload`, `update`).
const MultiFormData = Schema.Struct({
  name: Schema.String,
  images: Schema.Array(FileOf(file.UploadedFile)),
})

const BodyPart1 = Schema.Struct({
  name: Schema.String.pipe(Schema.withDecodingDefaultKey(Effect.succeed('default'))),
})
const BodyPart2 = Schema.Struct({
  operation: Schema.String,
  params: Schema.Record(Schema.String, Schema.Unknown),
})

// Dict[int, Tuple[str, Dict[str, bool], List[int]]]: JSON object keys are strings; an int key is
// a string of digits. The `u` flag matters: effect writes a pattern into its JSON Schema only for a
// Unicode RegExp, and without one the record's JSON Schema says nothing of its values (fw would
// not convert `3` to '3' or `0` to false, and effect would refuse them).
const Operation = Schema.Record(
  Schema.String.check(Schema.isPattern(/^-?\d+$/u)),
  Schema.Tuple([Schema.String, Schema.Record(Schema.String, Schema.Boolean), Schema.Array(int)]),
)

class TestAPI extends api.API {
  static parent = api.mount(ParentAPI, '@parent')
  static the = TheAPI
  static sync_plugin = SyncPluginAPI
  static response = response.Response

  @request.HeaderParam(standard(int), { alias: 'X-Common-State' }) common_state_header!: number

  // ------------ TEST ROUTE
  @api.get('@special')
  special_api() {
    return this.request.path.split('/').at(-1)
  }

  // effect's default belongs to a struct key (`withDecodingDefaultKey`, as in DataSchema): a
  // param's own default is fw's `Param(schema, { default })`, as in the arktype port.
  @api.response(RespResponse)
  @api.post('response', {
    status: standard(int),
    error: Param(standard(Schema.String), { default: 'default' }),
  })
  resp({ status, error }: { status: number; error: string }) {
    return this.respond(this.request.path.split('/').at(-1), {
      state: this.common_state_header,
      status,
      message: error,
    })
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
  @api.get('doc/{category}/{page}', {
    category: request.PathParam({ regex: '[a-zA-Z0-9-]{1,20}' }),
    page: Param(standard(int), { default: 1 }),
  })
  get_doc({ category, page }: { category: string; page: number }) {
    return { [category]: page }
  }

  // ------- TEST QUERY
  @api.get({ page: standard(int), item: Param(standard(Schema.String), { default: 'default' }) })
  query({ page, item }: { page: number; item: string }) {
    return [page, item]
  }

  @api.get({ query: request.Query(standard(QuerySchema)) })
  query_schema({ query }: { query: typeof QuerySchema.Type }) {
    return query
  }

  @api.get({
    cls_name: Param(standard(Schema.String), { alias: 'class' }),
    page: Param(standard(int), { alias: '@page', default: 1 }),
  })
  alias({ cls_name, page }: { cls_name: string; page: number }) {
    return { [cls_name]: page }
  }

  // ----- TEST BODY (the peer declares `upload` twice; the second, returning the file, wins)
  @api.post({ data: request.Body(standard(FileOf(File))) })
  upload({ data }: { data: File }) {
    return data
  }

  @api.post({ data: request.Body(standard(MultiFormData)) })
  async multipart({ data }: { data: typeof MultiFormData.Type }) {
    const paths: string[] = []
    for (const [i, image] of data.images.entries())
      paths.push(await image.save(filesDir, i ? undefined : `${data.name}-${i}`))
    return [data.name, data.images.length, data.images.reduce((sum, f) => sum + f.size, 0), paths]
  }

  // The peer serves absolute paths on purpose: `absolute: true` says so (fw refuses them by
  // default).
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

  @api.put({ data: request.Body(standard(Schema.Array(DataSchema))) })
  batch({ data }: { data: readonly (typeof DataSchema.Type)[] }) {
    return data
  }

  @api.post('log/{y}/{m}/{level}', {
    year: Param(standard(int.check(Schema.isGreaterThanOrEqualTo(2000))), { alias: 'y' }),
    month: Param(standard(int.check(Schema.isBetween({ minimum: 1, maximum: 12 }))), {
      alias: 'm',
    }),
    level: standard(Schema.Literals(['INFO', 'WARN', 'ERROR'])),
    status: Param(standard(int.check(Schema.isBetween({ minimum: 100, maximum: 600 }))), {
      default: 200,
    }),
    data: request.Body(standard(DataSchema), {
      maxLength: 30,
      contentType: 'application/x-www-form-urlencoded',
    }),
  })
  log(p: {
    year: number
    month: number
    level: string
    status: number
    data: typeof DataSchema.Type
  }) {
    return [p.year, p.month, p.level, p.status, p.data]
  }

  @api.patch({
    html: request.Body(standard(Schema.String), { maxLength: 100, contentType: 'text/html' }),
  })
  content({ html }: { html: string }) {
    return html
  }

  @api.put({
    image: request.BodyParam(standard(FileOf(File).check(Schema.isMaxSize(10 * 1024)))),
    query: request.Query(standard(QuerySchema)),
    test_cookie: request.CookieParam({ alias: 'test-cookie', default: 'default' }),
    name: request.BodyParam(standard(Schema.String.check(Schema.isMaxLength(30)))),
    desc: request.BodyParam(standard(Schema.String.check(Schema.isMaxLength(200))), {
      default: '',
    }),
  })
  async update(p: {
    image: File
    query: typeof QuerySchema.Type
    test_cookie: string
    name: string
    desc: string
  }) {
    return {
      image: await p.image.text(),
      cookie: p.test_cookie,
      name: p.name,
      desc: p.desc,
      page: p.query.page,
      item: p.query.item,
    }
  }

  // ------- TEST headers
  @api.post({
    dic: request.Body(standard(Operation)),
    x_test_header: request.HeaderParam(standard(int), { alias: 'X-Test-Header', default: 0 }),
    headers: request.Headers(standard(HeaderSchema)),
  })
  operation({ dic, headers }: { dic: typeof Operation.Type; headers: typeof HeaderSchema.Type }) {
    return [headers.auth_token, headers.meta, headers.cookie, dic]
  }

  // An optional body part is `Schema.UndefinedOr(BodyPart)` (effect's `Schema.optional` is for
  // struct keys).
  @api.post({
    data: request.Json(standard(Schema.UndefinedOr(BodyPart1))),
    data_part2: request.Json(standard(Schema.UndefinedOr(BodyPart2))),
    form: request.Form(standard(Schema.UndefinedOr(BodyPart1))),
  })
  multi_body(p: {
    data?: typeof BodyPart1.Type
    data_part2?: typeof BodyPart2.Type
    form?: typeof BodyPart1.Type
  }) {
    return [p.data ?? null, p.data_part2 ?? null, p.form ?? null]
  }

  @api.post({
    q: request.QueryParam(standard(int.check(Schema.isGreaterThan(0)))),
    data: request.Body(standard(DataSchema)),
    x_test_id: request.HeaderParam(standard(int), { alias: 'X-Test-ID', default: 'null' }),
  })
  headers_kwargs(p: { q: number; data: typeof DataSchema.Type; x_test_id: number | 'null' }) {
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

  @api.get({ a: standard(int), b: standard(int) })
  plus({ a, b }: { a: number; b: number }) {
    return a + b
  }
}

export const service = new Fw(import.meta.url, {
  name: 'utilmeta-test',
  api: RootAPI,
  route: '/api',
})
