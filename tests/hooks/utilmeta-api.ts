/**
 * The API tree of utilmeta-py's tests/server/api.py, in fw: a parent API
 * mounted at '@parent' with a sub-API, a before hook on the sub-API that
 * passes a header to it through `this.request.state`, per-endpoint and
 * after-hook templates, error hooks turning BadRequest into 422, a FilePath
 * fallback, class plugins, and several whole-body params.
 */
import * as v from 'valibot'
import { Fw, Field, Param, api, exceptions, request, response } from 'fw-api'

class HookResponse extends response.Response {}
class TestResponse extends response.Response {
  static resultKey = 'test'
  static messageKey = 'message'
}
class Test1Response extends response.Response {
  static resultKey = 'test1'
}

export const order: string[] = []

class SubAPI extends api.API {
  @api.get
  hello() { return 'world' }

  @api.response(response.Response)
  @api.get
  test0() { return 'test0' }

  @api.get
  test1() { return this.request.state.testId }

  // The hook receives test1's own rendering (the parent's TestResponse); its result, returned, is rendered with Test1Response.
  @api.response(Test1Response)
  @api.after('test1')
  async afterTest1(r: Response) { return ((await r.json()) as { test: unknown }).test }

  @api.get
  resp() { return this.respond({ resp: this.request.state.testId }) }

  @api.before('*')
  childBefore() { order.push('child before') }

  @api.after('*')
  childAfter() { order.push('child after') }
}

class ParentAPI extends api.API {
  static sub = SubAPI
  static response = TestResponse

  @api.get
  hello() { return 'world' }

  @api.get({ msg: v.string() })
  error({ msg }: { msg: string }) { throw new exceptions.Conflict(msg) }

  @api.before(SubAPI, { xTestId: request.HeaderParam(v.union([v.pipe(v.number(), v.integer()), v.string()]), { alias: 'X-Test-Id', default: 'null' }) })
  assignVar({ xTestId }: { xTestId: number | string }) {
    order.push('parent before')
    this.request.state.testId = xTestId
  }

  @api.after(SubAPI)
  parentAfter() { order.push('parent after') }

  @api.handle('error', exceptions.Conflict)
  onConflict(error: exceptions.Conflict) { return error.message }
}

@api.route('the/api')
class TheAPI extends api.API {
  @request.HeaderParam({ alias: 'X-Hello', default: 'world' }) worldHeader!: string

  @api.response(TestResponse)
  @api.get({ hello: v.optional(v.string()) })
  hello({ hello }: { hello?: string }) { return this.respond([this.worldHeader, hello ?? null], { message: 'hello' }) }
}

class Deny extends api.Plugin {
  override processRequest(request: Request) {
    if (new URL(request.url).pathname.endsWith('/sync_plugin')) return this.reply()
    return undefined
  }
  reply() { return new Response(JSON.stringify({ test: 'plugin-sync-1', message: '' }), { status: 401, headers: { 'content-type': 'application/json' } }) }
}

class Replace extends api.Plugin {
  override processResponse(res: Response) {
    return res.status === 418 ? new Response('replaced by plugin', { status: 200 }) : undefined
  }
}

const DataSchema = v.object({ title: v.pipe(v.string(), v.minLength(3), v.maxLength(10)), views: v.optional(v.pipe(v.number(), v.integer()), 0) })
const QuerySchema = v.object({ page: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)), item: v.optional(v.pipe(v.string(), v.minLength(3), v.maxLength(10))) })

@api.plugin(new Deny())
@api.plugin(new Replace())
export class TestAPI extends api.API {
  static parent = api.mount(ParentAPI, '@parent')
  static the = TheAPI
  static response = response.Response

  @api.get('@special')
  special() { return this.request.path.split('/').at(-1) }

  @api.get
  sync_plugin() { return 'never reached' }

  @api.get
  teapot() { return this.respond('short and stout', { status: 418 }) }

  @api.get({ query: request.Query(QuerySchema) })
  query_schema({ query }: { query: v.InferOutput<typeof QuerySchema> }) { return query }

  @api.post({
    data: request.Json(v.optional(v.object({ name: v.string() }))),
    operation: request.Json(v.optional(v.object({ operation: v.string(), params: v.record(v.string(), v.string()) }))),
    form: request.Form(v.optional(v.object({ name: v.string() }))),
  })
  multi_body(p: { data?: { name: string }; operation?: { operation: string; params: Record<string, string> }; form?: { name: string } }) {
    return [p.data ?? null, p.operation ?? null, p.form ?? null]
  }

  @api.post('log/{y}/{m}/{level}', {
    year: Param(v.pipe(v.number(), v.integer(), v.minValue(2000)), { alias: 'y' }),
    month: Param(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)), { alias: 'm' }),
    level: v.picklist(['INFO', 'WARN', 'ERROR']),
    status: Param(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(600)), { default: 200 }),
    data: request.Body(DataSchema, { contentType: 'application/x-www-form-urlencoded', maxLength: 30 }),
  })
  log(p: { year: number; month: number; level: string; status: number; data: v.InferOutput<typeof DataSchema> }) {
    return [p.year, p.month, p.level, p.status, p.data]
  }

  @api.post({ headers: request.Headers(v.object({
    authToken: Field(v.pipe(v.string(), v.length(12)), { alias: 'X-Auth-Token' }),
    cookie: v.object({ sessionid: v.optional(v.string()), csrftoken: v.optional(v.string(), 'none') }),
  })) })
  operation({ headers }: { headers: { authToken: string; cookie: { sessionid?: string; csrftoken: string } } }) {
    return [headers.authToken, headers.cookie]
  }

  @api.handle('*', exceptions.BadRequest)
  handleBadRequest(error: exceptions.BadRequest) { return this.respond({ error: error.message, errors: error.errors }, { status: 422 }) }

  @api.response(HookResponse)
  @api.after('*')
  addResponse() {}

  @api.get('{path}', { path: request.FilePathParam })
  fallback({ path }: { path: string }) { return path }
}

export const service = new Fw(import.meta.url, { api: TestAPI, route: '/test' })
