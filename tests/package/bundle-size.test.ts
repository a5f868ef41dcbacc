/**
 * SPEC §5.2: a one-endpoint Worker (one class, one GET with one valibot query param) bundled as
 * wrangler bundles it (esbuild, minified, workerd/worker/browser conditions) against the same
 * endpoint in Hono + @hono/valibot-validator, both built in this run (bench/bundle-size.mjs,
 * `node bench/bundle-size.mjs` prints the sizes and the biggest inputs).
 *
 * The contract's bound is 2× Hono's bytes; it is not reached yet. RATCHET is the bound reached
 * (measured 2026-12-06 on this commit: fw 128,781 B / 46,595 B gzip, Hono 25,005 B / 10,174 B
 * gzip, 5.15×; before the core was cut: 290,658 B / 99,040 B gzip, 11.62×). After the turn-5
 * merges (default deadline, client address, health and proxy seams) and the namespaces' callables
 * marked pure (unused plugins and confs tree-shaken): 130,539 B / 47,250 B gzip, 5.22×. With the body
 * readers and uploaded files behind the body markers (body/support.ts): 105,096 B /
 * 38,441 B gzip, 4.20×; conf classes without a computed member (api/install.ts `SelfInstalling`):
 * 102,151 B / 37,231 B gzip, 4.09×; the Cookie header split by fw, not the `cookie` package:
 * 98,119 B / 35,892 B gzip, 3.92×; the graceful-close tracker made by the serving layer: 97,002 B /
 * 35,433 B gzip, 3.88×. Raised once, 3.9 → 3.95, for the seams of three new opt-in entries
 * that the core must ask at run time (fw-api/otel's telemetry checks in the hook, plugin and method
 * steps, ~650 B; fw-api/ws's socket target in dispatch and build, ~400 B; the synchronous plugin
 * path): 98,332 B / 35,949 B gzip, 3.93×. Code only a declaration needs moved behind it (`Field` one
 * pure expression, status classes pure, the readers' constants, envelopes with `response.Response`,
 * the JSON Schema writers with fw-api/openapi, `v.object({})` out, rest paths with
 * `request.FilePathParam`, the body-plan choice with the body support, `__as__` and `run()`'s backend
 * app with fw-api/adapters, header/cookie/object-param plans with their markers): 89,242 B /
 * 32,799 B gzip, 3.57× on its own branch; merged with the dispatcher made a class (`Dispatcher`,
 * `Unmatched`: request-time units "go to definition" lands on, +424 B): 89,666 B / 32,802 B gzip,
 * 3.59× (89,698 B at the next merge). The renderer (`Renderer`), the plugin and hook steps made
 * named units (+576 B), paid for by the framing check made by the body support per endpoint
 * (body/framing.ts, −725 B) and the body params planned by it (body/plan.ts `BodyParams`, −416 B):
 * 89,133 B / 32,461 B gzip, 3.565× (89,162 B / 32,472 B gzip with the traffic plugins' seams merged).
 * The apps mounted beside the API dispatched by service/app-mounts.ts, which the entries that mount
 * one register (−1,2 KB), the CORS origin policy one value, the error plugins' order in one helper,
 * a union option's fit without `v.safeParse`: 87,858 B / 32,062 B gzip, 3.514×; a Standard Schema
 * union option's type check a table, one home for a hook's reach and a hook's template: 87,601 B /
 * 32,027 B gzip, 3.503× (2,007 B of it are esbuild's helpers lowering the user's decorated class,
 * no input's). src/schema cut alone (one list converter, issue paths always followed through the
 * plan, valibot presence from its wrapper types, a Standard object entry's property view and the
 * JSON Schema writers' seam (`describeWith`) out of the core): 87,874 → 85,865 B, 3.434×.
 * compile/, pipeline/, router/ cut (a marker's param sources read by their own readers, misses
 * through the endpoint's error steps, no reference regex built): 85,978 B / 31,401 B gzip, 3.438×
 * on its own branch; both: 83,968 B / 30,958 B gzip, 3.358×; with service/, api/, response/ and
 * the rest of the core cut too: 82,042 B / 30,428 B gzip, 3.281×.
 * Lower it as the core shrinks, never
 * raise it again; the 2× case below is the target, marked as not met until it is.
 */
import { resolve } from 'node:path'
import { Miniflare } from 'miniflare'
import { describe, expect, it } from 'vitest'
import { bundleEntries, bundledModules, measureBundle } from '../../bench/bundle-size.mjs'
import { compatibilityDate } from '../../bench/worker-bundle.mjs'

/**
 * The ratio reached so far: fails when fw grows back. Lower only. 3.57 → 3.52 last round (87,601 B
 * on the size cuts alone, 87,874 B with `compress()`'s rendered-text hand-over and the rate limit's
 * fields written with the Node head merged beside them); 3.52 → 3.29 with three cuts merged:
 * src/schema (85,865 B on its own), compile/, pipeline/, router/ (85,978 B on its own), service/,
 * api/, request/, response/, utils/, exceptions/, meta/ and CORS (85,949 B on its own): 82,042 B;
 * 82,285 B with the POST path's core cuts. Raised once, 3.29 → 3.32, for a correctness fix every
 * schema library needed: an object schema naming an entry as Object.prototype names a member
 * (`constructor`, `toString`) is checked as a copy of no prototype (now schema/convert.ts `bare`,
 * +591 B: data decides, so every bundle carries it): 82,876 B. Round 11, in fewer bytes, each on
 * its own: src/schema −1,322 B (the copy of no prototype made by the object converter, one planner
 * per JSON Schema, a union's options in one loop…); service/, api/, request/, response/, utils/,
 * exceptions/, meta/ and CORS −1,601 B (one statement that throws a setup mistake,
 * exceptions/configured.ts, one isObject / isFunction, utils/is.ts, header names as shared
 * constants, the dispatcher's config spread); compile/, pipeline/, router/ −1,993 B (one walk per
 * class, one pass over the routes, EndpointCore folded into EndpointChain, misses handed to the
 * recovers): 77,964 B together. Round 12, the same behaviour written shorter: src/schema,
 * src/compile, src/body −1,092 B on their own (setup mistakes by throwImproperlyConfigured,
 * isObject / isFunction at build, CompiledEndpoint's fields declared, one presence builder…);
 * service/…/CORS −219 B on their own (a template's refusals by one local refuse, one callHook for
 * before and after hooks, isResponseLike one expression): 76,686 B together. Round 13, structural:
 * src/compile, src/api, src/schema −205 B on their own (one resolver of the hooks that apply to an
 * endpoint or a routing miss, one walk up a class chain, one valibot planner per kind of plan):
 * 76,481 B; service/, pipeline/, router/, request/, utils/ −672 B on their own (one matcher shape per
 * template, one percent-decoder, the trie's lists built in order, the docs documents by
 * service.openapi(), the endpoints collected where the declaration is read, fields the
 * constructors set declared): 76,014 B; 75,809 B together, 75,862 B with the docs mount's
 * documents made from the routes of the build that serves them.
 */
const RATCHET = 3.04
/** SPEC §5.2's bound. */
const CONTRACT = 2

const sizes = Promise.all([measureBundle(bundleEntries.fw), measureBundle(bundleEntries.hono)])

/**
 * Packages the core must never carry: host frameworks, the XML parser, the OpenAPI writer, optional
 * peers; `cookie` (CommonJS: all of it, 3.9 KB, came with the one function fw used; request/parse.ts).
 */
const FORBIDDEN = [
  'cookie',
  'hono', '@hono/node-server', 'express', 'fastify', 'koa', 'elysia', '@nestjs/core', '@nestjs/common',
  'fast-xml-parser', '@valibot/to-json-schema', '@scalar/api-reference', 'drizzle-orm', 'drizzle-valibot',
  '@electric-sql/pglite', 'postgres', 'jose', 'zod', 'arktype', 'effect', 'ajv', 'ajv-formats', 'fast-check',
]

describe('the one-endpoint Worker bundle (SPEC §5.2)', () => {
  it(`ratchet: fw's minified bundle stays within ${RATCHET}× Hono's (the bound reached so far)`, async () => {
    const [fw, hono] = await sizes
    expect(hono.bytes).toBeGreaterThan(10_000) // Hono really was built
    expect(fw.bytes / hono.bytes, `fw ${fw.bytes} B, Hono ${hono.bytes} B`).toBeLessThanOrEqual(RATCHET)
  })

  it.fails(`contract (not met yet): fw's minified bundle within ${CONTRACT}× Hono's`, async () => {
    const [fw, hono] = await sizes
    expect(fw.bytes / hono.bytes).toBeLessThanOrEqual(CONTRACT)
  })

  it('a service importing only fw-api and valibot pulls no node:* module, no host framework, no optional peer', async () => {
    const [fw] = await sizes
    const { external, packages } = bundledModules(fw.metafile)
    expect(external.filter((path) => path.startsWith('node:'))).toEqual([])
    expect(packages.filter((name) => FORBIDDEN.includes(name))).toEqual([])
    // and no module of fw's opt-in entries: serving, host adapters, Node bridging, OpenAPI, XML, static files, health
    // (what the bundle holds: esbuild also lists modules it parsed and dropped, as `fromNode`'s bridge)
    const output = Object.values(fw.metafile.outputs)[0]
    const inputs = Object.entries(output?.inputs ?? {}).flatMap(([path, { bytesInOutput }]) => (bytesInOutput > 0 ? [path] : []))
    expect(inputs.length).toBeGreaterThan(50)
    const optIn = /^src\/(adapters|openapi|xml|orm|auth|client|testing|static|health)\/|^src\/serve\/(server|node|bun|deno|cluster)|^src\/node\/(native|io\/(call|incoming|request|response|streams|socket))/
    expect(inputs.filter((path) => optIn.test(path))).toEqual([])
  })

  it('a service without a body param or conf bundles no body reader, framing check, uploaded-file code, conf class or graceful-close tracker (declaring one, or fw-api/serve, brings it)', async () => {
    const [fw] = await sizes
    const output = Object.values(fw.metafile.outputs)[0]
    const held = (path: string): number => output?.inputs[path]?.bytesInOutput ?? 0
    const readers = [
      'src/body/read.ts', 'src/body/multipart.ts', 'src/body/multipart-headers.ts',
      'src/body/form.ts', 'src/body/xml.ts', 'src/body/stream-text.ts', 'src/body/text.ts', 'src/body/plan.ts',
      'src/body/markers.ts', 'src/file/info.ts', 'src/file/standard.ts', 'src/file/schema.ts',
      'src/file/uploaded.ts', 'src/node/save.ts', 'src/utils/safe-name.ts',
      'src/conf/time.ts', 'src/conf/strftime.ts', 'src/conf/nest.ts', 'src/serve/graceful.ts',
      // the framing check (Bun's server by identity, the Workers platform's requests): an endpoint's body read makes it
      'src/body/framing.ts', 'src/body/stream.ts',
    ]
    // at most a few top-level constants of a module reached through a re-export (no function, no class)
    expect(readers.filter((path) => held(path) > 200)).toEqual([])
  })

  it('code only a declaration brings stays out of a one-GET Worker: Field, envelopes, rest paths, header/cookie/object params, JSON Schema writers, unused exception classes', async () => {
    const [fw] = await sizes
    const output = Object.values(fw.metafile.outputs)[0]
    const held = (path: string): number => output?.inputs[path]?.bytesInOutput ?? 0
    // what each was before it moved behind its declaration (a statement, a reference or a static kept it)
    expect({
      'src/response/envelope.ts': held('src/response/envelope.ts'), // a template's texts: with response.Response
      'src/schema/standard/describe.ts': held('src/schema/standard/describe.ts'), // with fw-api/openapi
      'src/schema/valibot/describe.ts': held('src/schema/valibot/describe.ts'), // with fw-api/openapi
      'src/file/path.ts': held('src/file/path.ts'), // 218 B: with request.FilePathParam
      // apps mounted beside the API (~1 KB): with the entries that mount one (adapters, openapi, health)
      'src/service/app-mounts.ts': held('src/service/app-mounts.ts'),
      'src/service/contain.ts': held('src/service/contain.ts'), // 334 B
    }).toEqual({
      'src/response/envelope.ts': 0,
      'src/schema/standard/describe.ts': 0,
      'src/schema/valibot/describe.ts': 0,
      'src/file/path.ts': 0,
      'src/service/app-mounts.ts': 0,
      'src/service/contain.ts': 0,
    })
    expect(held('src/response/failure.ts'), 'enveloped failures').toBeLessThan(500) // 1,085 B
    expect(held('src/router/match.ts'), 'rest-param chains').toBeLessThan(1000) // 1,624 B
    expect(held('src/exceptions/index.ts'), 'unused status classes').toBeLessThan(600) // 940 B
    expect(held('src/schema/standard/property.ts'), 'JSON Schema renaming').toBeLessThan(800) // 1,138 B
    expect(held('src/compile/param-plan.ts'), 'header, cookie and object-param plans').toBeLessThan(1200) // 1,422 B
    const code = fw.code
    expect(code.includes('Field(): give'), 'Field and its valibot optional').toBe(false)
    expect(code.includes('expects:"Object"'), 'valibot object, the default object schema').toBe(false)
    expect(code.includes('rfc_email'), "valibot's JSON Schema override").toBe(false)
    expect(code.includes('textStream'), "the body readers' load-time constants").toBe(false)
    expect(code.includes('[A-Z]'), 'kebab-case header names (request.HeaderParam, request.Headers)').toBe(false)
  })

  it('a Worker that declares body params bundles the readers they install and reads its bodies in workerd', async () => {
    const body = await measureBundle(resolve('bench/bundle/fw-body.ts'))
    const output = Object.values(body.metafile.outputs)[0]
    expect(output?.inputs['src/body/read.ts']?.bytesInOutput ?? 0).toBeGreaterThan(1000)
    const worker = new Miniflare({
      modules: [{ type: 'ESModule', path: resolve('tests/.tmp/bundle-size/fw-body.mjs'), contents: body.code }],
      compatibilityDate: compatibilityDate(),
    })
    try {
      const post = (path: string, init: { headers: Record<string, string>; body: string }) => worker.dispatchFetch(`http://localhost${path}`, { method: 'POST', ...init })
      const json = await post('/create', { headers: { 'content-type': 'application/json' }, body: '{"title":"a"}' })
      expect(json.status).toBe(200)
      expect(await json.json()).toEqual({ created: 'a' })
      const form = await post('/field', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'title=b' })
      expect(await form.json()).toEqual({ field: 'b' })
      const refused = await post('/create', { headers: { 'content-type': 'text/plain' }, body: 'x' })
      expect(refused.status).toBe(415)
      await refused.arrayBuffer()
    } finally {
      await worker.dispose()
    }
  })

  it('the measured bundle is a working Worker: workerd, no compatibility flags, answers and validates', async () => {
    const [fw] = await sizes
    const worker = new Miniflare({
      modules: [{ type: 'ESModule', path: resolve('tests/.tmp/bundle-size/fw-one.mjs'), contents: fw.code }],
      compatibilityDate: compatibilityDate(),
    })
    try {
      const answer = await worker.dispatchFetch('http://localhost/x?q=a')
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ hello: 'a' })
      const missing = await worker.dispatchFetch('http://localhost/x')
      expect(missing.status).toBe(400)
      await missing.arrayBuffer()
    } finally {
      await worker.dispose()
    }
  })
})
