/**
 * The public surface (SPEC §1). A change here is a change to the contract:
 * update the snapshot on purpose (`npx vitest run tests/exports.test.ts -u`).
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as fw from 'fw-api'
import * as adapters from 'fw-api/adapters'
import * as api from 'fw-api/api'
import * as client from 'fw-api/client'
import * as clientWs from 'fw-api/client/ws'
import * as conf from 'fw-api/conf'
import * as exceptions from 'fw-api/exceptions'
import * as file from 'fw-api/file'
import * as ormModule from 'fw-api/orm'
import * as authModule from 'fw-api/auth'
import * as request from 'fw-api/request'
import * as plugins from 'fw-api/plugins'
import * as response from 'fw-api/response'
import * as openapi from 'fw-api/openapi'
import * as serve from 'fw-api/serve'
import * as proxy from 'fw-api/proxy'
import * as rateLimitEntry from 'fw-api/plugins/rate-limit'
import * as otelEntry from 'fw-api/otel'
import * as testing from 'fw-api/testing'
import * as xml from 'fw-api/xml'
import * as compressPlugin from 'fw-api/plugins/compress'
import * as conditionalPlugin from 'fw-api/plugins/conditional'
import * as secureHeadersPlugin from 'fw-api/plugins/secure-headers'
import * as staticFiles from 'fw-api/static'
import * as health from 'fw-api/health'
import * as wsEntry from 'fw-api/ws'
import * as wsCloudflare from 'fw-api/ws/cloudflare'

const names = (module: object): string[] => Object.keys(module).sort()

describe('public exports', () => {
  it('fw', () => {
    expect(names(fw)).toMatchInlineSnapshot(`
      [
        "Field",
        "Fw",
        "Param",
        "api",
        "conf",
        "exceptions",
        "file",
        "fromNode",
        "plugins",
        "request",
        "response",
      ]
    `)
  })
  it('fw/api', () => {
    expect(names(api)).toMatchInlineSnapshot(`
      [
        "API",
        "HTTP_METHODS",
        "Plugin",
        "after",
        "before",
        "del",
        "delete",
        "doc",
        "get",
        "handle",
        "hidden",
        "isAPIClass",
        "isMountEntry",
        "mount",
        "patch",
        "plugin",
        "post",
        "put",
        "response",
        "route",
        "routeOf",
        "timeout",
      ]
    `)
  })
  it('fw/request', () => {
    expect(names(request)).toMatchInlineSnapshot(`
      [
        "Body",
        "BodyParam",
        "CookieParam",
        "Cookies",
        "FilePathParam",
        "Form",
        "HeaderParam",
        "Headers",
        "Json",
        "Param",
        "PathParam",
        "Query",
        "QueryParam",
        "RequestContext",
        "SlugPathParam",
      ]
    `)
  })
  it('fw/response', () => {
    expect(names(response)).toMatchInlineSnapshot(`
      [
        "Response",
        "isResponseClass",
        "sse",
      ]
    `)
  })
  it('fw/file', () => {
    expect(names(file)).toMatchInlineSnapshot(`
      [
        "Audio",
        "File",
        "Image",
        "UploadedFile",
        "Video",
        "createFileSchema",
        "isFileSchema",
        "safeFileName",
        "toUploadedFile",
      ]
    `)
  })
  it('fw/plugins', () => {
    expect(names(plugins)).toMatchInlineSnapshot(`
      [
        "CORS",
        "Logger",
        "RequestId",
      ]
    `)
    expect(fw.plugins).toBe(plugins)
  })
  it('fw/conf', () => {
    expect(names(conf)).toMatchInlineSnapshot(`
      [
        "NestSettings",
        "Time",
      ]
    `)
  })
  it('fw/exceptions', () => {
    expect(names(exceptions)).toMatchInlineSnapshot(`
      [
        "BadGateway",
        "BadRequest",
        "Conflict",
        "Forbidden",
        "GatewayTimeout",
        "Gone",
        "HttpError",
        "ImproperlyConfigured",
        "InternalServerError",
        "LengthRequired",
        "MethodNotAllowed",
        "NotAcceptable",
        "NotFound",
        "NotImplemented",
        "PaymentRequired",
        "PermissionDenied",
        "PreconditionFailed",
        "RequestEntityTooLarge",
        "RequestTimeout",
        "ServiceUnavailable",
        "TooManyRequests",
        "Unauthorized",
        "UnprocessableEntity",
        "UnsupportedMediaType",
      ]
    `)
  })
  it('fw/orm', () => {
    expect(names(ormModule)).toMatchInlineSnapshot(`
      [
        "orm",
      ]
    `)
    expect(names(ormModule.orm)).toMatchInlineSnapshot(`
      [
        "Avg",
        "Computed",
        "Count",
        "Database",
        "DatabaseConnections",
        "DatabaseError",
        "Exists",
        "Field",
        "Filter",
        "Limit",
        "Max",
        "Min",
        "MissingPrimaryKey",
        "Offset",
        "Order",
        "OrderBy",
        "Page",
        "Query",
        "Schema",
        "Scope",
        "Search",
        "Self",
        "Sum",
        "generateDdl",
        "generateSnapshot",
        "mapDatabaseError",
      ]
    `)
  })
  it('fw/auth', () => {
    expect(names(authModule)).toMatchInlineSnapshot(`
      [
        "auth",
      ]
    `)
    expect(names(authModule.auth)).toMatchInlineSnapshot(`
      [
        "APIKey",
        "Basic",
        "Custom",
        "DatabaseStore",
        "JsonWebToken",
        "KVStore",
        "MemoryStore",
        "PBKDF2_SHA256_ITERATIONS",
        "Pbkdf2Hasher",
        "RedisStore",
        "Require",
        "Session",
        "User",
        "hashPassword",
        "normalizeIdent",
        "verifyPassword",
      ]
    `)
  })
  it('fw/adapters', () => {
    expect(names(adapters)).toMatchInlineSnapshot(`
      [
        "attach",
        "fromNode",
        "isNestApp",
        "isNodeApp",
        "runBackend",
        "toFetchHandler",
      ]
    `)
  })
  it('covers every subpath package.json exports', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { exports: Record<string, unknown> }
    const covered = { '.': fw, './api': api, './request': request, './response': response, './file': file, './conf': conf, './exceptions': exceptions, './plugins': plugins, './adapters': adapters, './orm': ormModule, './client': client, './client/ws': clientWs, './testing': testing, './auth': authModule, './openapi': openapi, './serve': serve, './xml': xml, './plugins/compress': compressPlugin, './plugins/conditional': conditionalPlugin, './plugins/secure-headers': secureHeadersPlugin, './static': staticFiles, './health': health, './proxy': proxy, './plugins/rate-limit': rateLimitEntry, './otel': otelEntry, './ws': wsEntry, './ws/cloudflare': wsCloudflare }
    const subpaths = Object.keys(pkg.exports).filter((subpath) => subpath !== './package.json')
    expect(Object.keys(covered).sort()).toEqual(subpaths.sort())
  })
  it('fw/openapi registers the document builder and exports only types', () => {
    expect(names(openapi)).toEqual([])
  })
  it('fw/serve registers the serving layer and exports only types', () => {
    expect(names(serve)).toEqual([])
  })
  it('fw/proxy registers the trustProxy reader', () => {
    expect(names(proxy)).toEqual(['MAX_HOPS', 'compileTrustProxy', 'hopAddress'])
  })
  it('fw/otel', () => {
    expect(names(otelEntry)).toMatchInlineSnapshot(`
      [
        "OpenTelemetryPlugin",
        "ServerTimingPlugin",
        "injectTraceHeaders",
        "otel",
        "serverTiming",
        "summarize",
        "tracedFetch",
      ]
    `)
  })

  it('fw/plugins/rate-limit', () => {
    expect(names(rateLimitEntry)).toEqual(['DurableObjectStore', 'MemoryStore', 'RateLimit', 'RateLimitCounter', 'RedisStore', 'WorkersRateLimitStore', 'rateLimit'])
  })
  it('fw/client/ws registers socket endpoints with the client and exports only types', () => {
    expect(names(clientWs)).toEqual([])
  })
  it('fw/xml registers the XML parser and exports only types', () => {
    expect(names(xml)).toEqual([])
  })
  it('fw/ws registers the socket upgrade and exports the ws namespace', () => {
    expect(names(wsEntry)).toEqual(['ws'])
    expect(names(wsEntry.ws)).toMatchInlineSnapshot(`
      [
        "DEFAULT_LIMITS",
        "PubSubAdapter",
        "RedisAdapter",
        "Socket",
        "attachWebSocket",
        "routes",
        "socket",
      ]
    `)
  })
  it('fw/ws/cloudflare', () => {
    expect(names(wsCloudflare)).toEqual(['durableSockets'])
  })
  it('fw/health registers the health option and exports only types', () => {
    expect(names(health)).toEqual([])
  })
  it('fw/static', () => {
    expect(names(staticFiles)).toMatchInlineSnapshot(`
      [
        "serveStatic",
      ]
    `)
  })
  it('fw/client', () => {
    expect(names(client)).toMatchInlineSnapshot(`
      [
        "ClientError",
        "createClient",
      ]
    `)
  })
  it('fw/testing', () => {
    expect(names(testing)).toMatchInlineSnapshot(`
      [
        "ContractError",
        "contract",
      ]
    `)
  })
  it('fw/plugins/compress', () => {
    expect(names(compressPlugin)).toMatchInlineSnapshot(`
      [
        "Compress",
        "MAX_CODINGS",
        "compress",
        "compressible",
        "negotiate",
      ]
    `)
  })
  it('fw/plugins/conditional', () => {
    expect(names(conditionalPlugin)).toMatchInlineSnapshot(`
      [
        "Conditional",
        "MAX_TAGS",
        "checkPreconditions",
        "conditional",
        "entityTag",
        "evaluate",
      ]
    `)
  })
  it('fw/plugins/secure-headers', () => {
    expect(names(secureHeadersPlugin)).toMatchInlineSnapshot(`
      [
        "DEFAULT_CSP",
        "SecureHeaders",
        "secureHeaders",
      ]
    `)
  })
  it('each root namespace is its subpath module', () => {
    const subpaths = { api, request, response, file, conf, exceptions }
    for (const [name, module] of Object.entries(subpaths)) {
      expect(names(fw[name as keyof typeof subpaths]), name).toEqual(names(module))
      for (const key of names(module)) expect(fw[name as keyof typeof subpaths][key as never], `${name}.${key}`).toBe(module[key as never])
    }
  })
})
