/**
 * The OpenAPI 3.1 document of a service, built from its route descriptions
 * (routes.ts). Extensions the typed client reads (docs/openapi.md):
 * `x-fw-call` (operation: the client's call path), `x-fw-envelope`
 * (operation: envelope keys), `x-fw-source` (parameter: the input keys it
 * comes from), `x-fw-match` (path: `rest` for FilePathParam), `x-fw-body`
 * (request body: the input key or the fields' keys).
 */
import { under } from '../router/route-path'
import { parametersOf } from './parameters'
import { requestBodyOf } from './request-body'
import { responsesOf, usedShared } from './responses'
import type { RouteInfo } from './route-info'
import type { Definitions, JsonSchema } from './schema'

/** An OpenAPI 3.1 document (the parts fw writes; everything is plain JSON). */
export interface OpenAPIDocument {
  openapi: '3.1.0'
  info: { title: string; version: string; description?: string; license?: License }
  servers: { url: string; description?: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, JsonSchema>>
  components: {
    schemas: Record<string, JsonSchema>
    responses: Record<string, JsonSchema>
    securitySchemes?: Record<string, JsonSchema>
  }
  security?: Record<string, string[]>[]
}

/** The document's license (`info.license`): a name, and an SPDX identifier or a URL. */
export interface License {
  name: string
  identifier?: string
  url?: string
}

/** What `service.openapi(info)` may set on the document. */
export interface DocumentOptions {
  /** `info.title` (and the page's title); default the service's `name` */
  title?: string
  /** `info.version`; default the `version` of the nearest package.json above the service's module */
  version?: string
  description?: string
  /** default `[{ url: '/' }]`: paths are absolute from the service's origin */
  servers?: { url: string; description?: string }[]
  /** `info.license`, e.g. `{ name: 'MIT', identifier: 'MIT' }` */
  license?: License
  /** `components.securitySchemes`, e.g. `{ bearer: { type: 'http', scheme: 'bearer' } }` */
  securitySchemes?: Record<string, JsonSchema>
  /** the document-wide `security` requirement, e.g. `[{ bearer: [] }]` */
  security?: Record<string, string[]>[]
  /** routes left out: path globs over the `{param}` template (`*` one segment, `**` any) or RegExps */
  exclude?: readonly (string | RegExp)[]
}

const segment = (text: string): string => text.replace(/[{}]/g, '').replace(/[^A-Za-z0-9_-]/g, '_')

/** `<class route relative to the root route, dotted>.<method name>`, e.g. `article.getArticle`. */
function baseOperationId(route: RouteInfo, root: string): string {
  const below =
    root !== '/' && under(root, route.classPath)
      ? route.classPath.slice(root.length)
      : route.classPath
  return [...below.split('/').filter(Boolean).map(segment), route.methodName].join('.')
}

/** A route whose trailing path params may be left out is also documented at each shorter path, without them. */
function shorterForms(route: RouteInfo, operation: JsonSchema): [string, JsonSchema][] {
  const forms: [string, JsonSchema][] = []
  const left: string[] = []
  let template = route.template
  for (const name of [...route.optionalTail].reverse()) {
    const suffix = `/{${name}}`
    if (!template.endsWith(suffix)) break
    template = template.slice(0, -suffix.length) || '/'
    left.push(name)
    const { parameters: all, ...rest } = operation
    const parameters = ((all ?? []) as JsonSchema[]).filter(
      (param) => !(param.in === 'path' && left.includes(param.name as string)),
    )
    forms.push([
      template,
      {
        ...rest,
        operationId: `${String(operation.operationId)}.without.${left.join('.')}`,
        ...(parameters.length ? { parameters } : {}),
      },
    ])
  }
  return forms
}

/** A path glob as a RegExp over whole templates: `*` is one segment's worth, `**` anything. */
function globOf(pattern: string | RegExp): RegExp {
  if (pattern instanceof RegExp) return pattern
  const source = pattern
    .replace(/[.+?^$()|[\]\\{}]/g, '\\$&')
    .replace(/\*\*|\*/g, (star) => (star === '**' ? '.*' : '[^/]*'))
  return new RegExp(`^${source}/?$`)
}

/** The operation's text and flags: `@api.doc(...)` of the endpoint, else its method name and class. */
function described(route: RouteInfo): JsonSchema {
  const { summary, description, tags, deprecated } = route.doc
  return {
    tags: [...(tags ?? [route.className])],
    summary: summary ?? route.methodName,
    ...(description ? { description } : {}),
    ...(deprecated ? { deprecated: true } : {}),
  }
}

/**
 * An operation's `security`: the schemes its required users need (all of
 * them, one requirement object); with only optional users, each as an
 * alternative and `{}` (anonymous requests pass).
 */
function securityOf(route: RouteInfo): JsonSchema[] {
  const required = route.security.filter((doc) => !doc.optional)
  if (required.length) return [Object.fromEntries(required.map(({ name }) => [name, []]))]
  return [...route.security.map(({ name }) => ({ [name]: [] })), {}]
}

/** The `securitySchemes` component: the routes' and the options', or nothing when there are none. */
function securitySchemesOf(
  found: Record<string, JsonSchema>,
  given: Record<string, JsonSchema> | undefined,
): { securitySchemes?: Record<string, JsonSchema> } {
  const all = { ...found, ...given }
  return Object.keys(all).length ? { securitySchemes: all } : {}
}

/** The route's operationId, made unique among `used` (then added to it): `.get`, then `.2`, `.3`, … on a clash. */
function uniqueOperationId(route: RouteInfo, rootRoute: string, used: Set<string>): string {
  const base = baseOperationId(route, rootRoute)
  let operationId = used.has(base) ? `${base}.${route.method.toLowerCase()}` : base
  for (let n = 2; used.has(operationId); n++) operationId = `${base}.${n}`
  used.add(operationId)
  return operationId
}

/** The document's `info` object from the service's options. */
function infoOf(options: DocumentOptions): OpenAPIDocument['info'] {
  return {
    title: options.title ?? 'fw service',
    version: options.version ?? '0.0.0',
    ...(options.description ? { description: options.description } : {}),
    ...(options.license ? { license: options.license } : {}),
  }
}

/**
 * Build the OpenAPI 3.1 document of a list of routes.
 *
 * @example
 * buildDocument(describeRoutes(service.routes()), '/api', { title: 'demo' })
 */
export function buildDocument(
  routes: readonly RouteInfo[],
  rootRoute: string,
  options: DocumentOptions = {},
): OpenAPIDocument {
  const defs: Definitions = {}
  const responses: Record<string, JsonSchema> = {}
  const paths: OpenAPIDocument['paths'] = {}
  const tags = new Map<string, string>()
  const used = new Set<string>()
  const excluded = (options.exclude ?? []).map(globOf)
  // fw-api/auth's schemes, as the routes' user params declare them; `options.securitySchemes` adds to (and wins over) them
  const securitySchemes: Record<string, JsonSchema> = {}
  for (const route of routes) {
    if (route.doc.hidden || excluded.some((pattern) => pattern.test(route.template))) continue
    const operationId = uniqueOperationId(route, rootRoute, used)
    const text = described(route)
    for (const tag of text.tags as string[])
      if (!tags.get(tag))
        tags.set(tag, route.classTag?.names.includes(tag) ? route.classTag.description : '')
    const parameters = parametersOf(route, defs)
    for (const { name, scheme } of route.security) securitySchemes[name] ??= scheme
    const operation: JsonSchema = {
      operationId,
      ...text,
      ...(parameters.length ? { parameters } : {}),
      // Public operations say so (`security: []`) unless the document's own `security` applies to them.
      ...(route.security.length
        ? { security: securityOf(route) }
        : options.security
          ? {}
          : { security: [] }),
      ...(route.body ? { requestBody: requestBodyOf(route.body, defs) } : {}),
      responses: responsesOf(route, defs, responses),
      'x-fw-call': [...route.tree, route.methodName].join('.'),
      ...(route.envelope ? { 'x-fw-envelope': route.envelope } : {}),
    }
    const item = (paths[route.template] ??= {})
    const method = route.method.toLowerCase()
    // The router tries routes in order: a later duplicate (same path and method) is never reached.
    if (!(method in item)) item[method] = operation
    for (const [template, shorter] of shorterForms(route, operation)) {
      if (used.has(shorter.operationId as string)) continue
      used.add(shorter.operationId as string)
      const shortItem = (paths[template] ??= {})
      if (!(method in shortItem)) shortItem[method] = shorter
    }
  }
  return {
    openapi: '3.1.0',
    info: infoOf(options),
    servers: options.servers ?? [{ url: '/', description: 'this service' }],
    tags: [...tags].map(([name, description]) => ({
      name,
      description: description || `Endpoints of \`${name}\`.`,
    })),
    paths,
    components: {
      schemas: { ...usedShared(paths, responses), ...defs },
      responses,
      ...securitySchemesOf(securitySchemes, options.securitySchemes),
    },
    ...(options.security ? { security: options.security } : {}),
  }
}
