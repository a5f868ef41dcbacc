/**
 * The parts of utilmeta-py `tests/server/api.py` that take no schema, shared by its four ports
 * (./api.ts valibot, ./api-zod.ts, ./api-arktype.ts, ./api-effect.ts): the templates, the plugin,
 * the error, the sub-API with its hooks, `TheAPI`, the plugin's one-endpoint class, the root
 * template. Each port writes only what holds a schema in its library.
 */
import { access } from 'node:fs/promises'
import { api, exceptions, request, response } from 'fw-api'

export class TestResponse extends response.Response {
  static resultKey = 'test'
  static messageKey = 'message'
}

export class Test1Response extends response.Response {
  static resultKey = 'test1'
}

/** UtilMeta's `TestResponse(result, status=...)` outside an API: the same envelope, written out. */
export function testResponse(result: unknown, status: number): Response {
  return Response.json({ [TestResponse.resultKey]: result, [TestResponse.messageKey]: '' }, { status })
}

export class TestPlugin extends api.Plugin {
  constructor(readonly num = 0) {
    super()
  }

  override processResponse(resp: Response): Response {
    return testResponse(`plugin-sync-${this.num}`, resp.status)
  }
}

export class UpgradeRequired extends exceptions.HttpError {
  static override status = 426
  static override errorName = 'UpgradeRequired'
}

export class SubAPI extends api.API {
  // The peer wraps `hello` in a plain decorator that renames the function; fw reads the method name from the decorator context.
  @api.get
  hello() {
    return 'world'
  }

  @api.response(response.Response)
  @api.get
  test0() {
    return 'test0'
  }

  // The peer's context var `test_id` (set by the parent's before hook) is `this.request.state.testId`.
  @api.get
  test1() {
    return this.request.state.testId
  }

  // UtilMeta: `def after_test1(self, r) -> Test1Response: return r` — the response is re-made as a
  // Test1Response from r's result. fw hands the hook the target's own Response (rendered by the
  // parent's TestResponse); returning its result renders it with this hook's template.
  @api.response(Test1Response)
  @api.after('test1')
  async after_test1(r: Response) {
    const body = (await r.json()) as { test: unknown }
    return body.test
  }

  // `self.response` in UtilMeta is the class's own template — SubAPI declares none, so the bare
  // Response; in fw `this.respond` uses the nearest template, so the endpoint names the bare one.
  @api.response(response.Response)
  @api.get
  resp() {
    return this.respond({ resp: this.request.state.testId })
  }
}


@api.route('the/api')
export class TheAPI extends api.API {
  @request.HeaderParam({ alias: 'X-Hello', default: 'world' }) world_header!: string
  @request.QueryParam({ alias: 'hello', default: null }) world_query!: string | null

  // UtilMeta returns `TestResponse([...], message='hello')`; fw: respond() with the endpoint's template.
  @api.response(TestResponse)
  @api.get
  hello() {
    return this.respond([this.world_header, this.world_query], { message: 'hello' })
  }
}

/**
 * UtilMeta decorates the endpoint itself with `@TestPlugin(num=1)`; fw attaches
 * plugins to classes, so the endpoint lives in a one-endpoint class mounted at
 * its path.
 */
@api.plugin(new TestPlugin(1))
export class SyncPluginAPI extends api.API {
  @api.get
  get() {
    return this.respond(null, { status: 401 })
  }
}


export class RootResponse extends response.Response {
  static resultKey = 'data'
  static messageKey = 'error'
}

export const fileExists = (path: string) => access(path).then(() => true, () => false)
