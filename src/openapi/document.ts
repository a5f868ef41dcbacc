/**
 * The OpenAPI 3.1 document of a service, built from its route descriptions
 * (routes.ts). Extensions the typed client reads (docs/openapi.md):
 * `x-fw-call` (operation: the client's call path), `x-fw-envelope`
 * (operation: envelope keys), `x-fw-source` (parameter: the input keys it
 * comes from), `x-fw-match` (path: `rest` for FilePathParam), `x-fw-body`
 * (request body: the input key or the fields' keys).
 */
import { innerOf } from '../schema/walk'
import { shapeOf } from '../schema'
import { under } from '../router/route-path'
import { responsesOf, usedShared } from './responses'
import type { BodyField, RouteBody, RouteInfo, RouteParam } from './routes'
import {
  acceptedInput,
  fileFields,
  jsonDefault,
  toSchema,
  wireSchema,
  type Definitions,
  type JsonSchema,
} from './schema'

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

/** One input the client reads a wire value from. */
interface Source {
  key: string
  field?: string
  target?: 'instance'
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

function sourceOf(param: RouteParam): Source {
  return {
    key: param.key,
    ...(param.field !== undefined ? { field: param.field } : {}),
    ...(param.target === 'instance' ? { target: 'instance' as const } : {}),
  }
}

function parameterOf(param: RouteParam, route: RouteInfo, defs: Definitions): JsonSchema {
  const schema: JsonSchema = {
    ...acceptedInput(wireSchema(param.schema, defs)),
    ...(param.hasDefault ? jsonDefault(param.default) : {}),
  }
  const notes: string[] = []
  // `{ default: null }` (an optional cookie) makes null a value the param may take.
  if (param.hasDefault && param.default === null && typeof schema.type === 'string')
    schema.type = [schema.type, 'null']
  if (param.regex !== undefined) schema.pattern = `^(?:${param.regex})$`
  if (param.match === 'rest')
    notes.push(
      'The rest of the path, `/` included (FilePathParam); segments are percent-encoded one by one.',
    )
  if (route.optionalTail.includes(param.name))
    notes.push('May be left out of the URL (trailing param with a default).')
  const own = lifted(schema)
  if (own.description) notes.unshift(own.description as string)
  return {
    name: param.name,
    in: param.in,
    required: param.required,
    ...own,
    ...(notes.length ? { description: notes.join(' ') } : {}),
    schema,
    ...(param.match === 'rest' ? { 'x-fw-match': 'rest' } : {}),
    'x-fw-source': [sourceOf(param)],
  }
}

/** Parameters, one per (in, name): a header declared twice (common and in `request.Headers`) is one parameter with two sources. */
function parametersOf(route: RouteInfo, defs: Definitions): JsonSchema[] {
  const byName = new Map<string, JsonSchema>()
  for (const param of route.params) {
    const id = `${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`
    const existing = byName.get(id)
    if (existing) {
      ;(existing['x-fw-source'] as Source[]).push(sourceOf(param))
      existing.required = existing.required === true || param.required
      // Both declarations are enforced: the value must pass both rules.
      existing.schema = bothRules(
        existing.schema as JsonSchema,
        parameterOf(param, route, defs).schema as JsonSchema,
      )
      continue
    }
    byName.set(id, parameterOf(param, route, defs))
  }
  return [...byName.values()]
}

/** Notes that do not constrain a value (left out when comparing rules). */
const NOTES = new Set(['description', 'default', 'examples', 'example', 'title'])

/** One schema for two rules a value must both pass: the stricter when one contains the other, else `allOf`. */
function bothRules(first: JsonSchema, second: JsonSchema): JsonSchema {
  const within = (loose: JsonSchema, strict: JsonSchema): boolean =>
    Object.entries(loose).every(
      ([key, value]) => NOTES.has(key) || JSON.stringify(strict[key]) === JSON.stringify(value),
    )
  if (within(second, first)) return first
  if (within(first, second)) return { ...first, ...second }
  return { allOf: [first, second] }
}

function fieldsSchema(fields: readonly BodyField[], defs: Definitions): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  for (const field of fields) {
    properties[field.wire] = {
      ...acceptedInput(toSchema(field.schema, defs)),
      ...(field.hasDefault ? jsonDefault(field.default) : {}),
    }
    if (field.required) required.push(field.wire)
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) }
}

function encodingOf(files: Map<string, string | undefined>): JsonSchema | undefined {
  const encoding: JsonSchema = {}
  for (const [name, mime] of files) if (mime) encoding[name] = { contentType: mime }
  return Object.keys(encoding).length ? { encoding } : undefined
}

function contentOf(body: RouteBody, defs: Definitions): Record<string, JsonSchema> {
  if (body.accept === 'binary')
    return {
      [body.contentType ?? 'application/octet-stream']: {
        schema: { type: 'string', format: 'binary' },
      },
    }
  // A body limit counts bytes, not characters: it is the request body's `x-fw-max-bytes`, not a `maxLength`.
  if (body.accept === 'text')
    return { [body.contentType ?? 'text/plain']: { schema: { type: 'string' } } }
  const isArray =
    body.shape === 'whole' &&
    body.schema !== undefined &&
    shapeOf(innerOf(body.schema)).type === 'array'
  const schema =
    body.shape === 'fields'
      ? fieldsSchema(body.fields ?? [], defs)
      : acceptedInput(toSchema(body.schema, defs))
  const formSchema = isArray ? ((schema.items as JsonSchema | undefined) ?? {}) : schema
  const files =
    body.shape === 'fields'
      ? fileFields(objectOfFields(body.fields ?? []))
      : fileFields(isArray ? itemOf(body) : body.schema)
  const multipart = { 'multipart/form-data': { schema: formSchema, ...encodingOf(files) } }
  if (body.accept === 'json') return { 'application/json': { schema } }
  if (files.size) return multipart
  const urlencoded = { 'application/x-www-form-urlencoded': { schema: formSchema } }
  if (body.accept === 'form') return { ...multipart, ...urlencoded }
  const xml: Record<string, JsonSchema> = isArray
    ? {}
    : { 'application/xml': { schema }, 'text/xml': { schema } }
  return { 'application/json': { schema }, ...xml, ...urlencoded, ...multipart }
}

function itemOf(body: RouteBody): RouteBody['schema'] {
  return body.schema ? (shapeOf(innerOf(body.schema)).item as RouteBody['schema']) : undefined
}

/** A stand-in object schema over body fields, so file detection reads them like an object's entries. */
function objectOfFields(fields: readonly BodyField[]): RouteBody['schema'] {
  const entries: Record<string, unknown> = {}
  for (const field of fields) if (field.schema) entries[field.wire] = field.schema
  return { kind: 'schema', type: 'object', entries } as unknown as RouteBody['schema']
}

function requestBodyOf(body: RouteBody, defs: Definitions): JsonSchema {
  const limit = body.maxLength !== undefined ? ` At most ${body.maxLength} bytes (413 beyond).` : ''
  const clientBody =
    body.shape === 'whole'
      ? {
          shape: 'whole',
          key: body.key,
          ...(body.target === 'instance' ? { target: 'instance' } : {}),
        }
      : {
          shape: 'fields',
          fields: (body.fields ?? []).map((field) => ({ key: field.key, wire: field.wire })),
        }
  return {
    description: `${body.shape === 'whole' ? `The whole body (\`${body.key}\`).` : 'Body fields.'}${limit}`,
    required: body.required,
    content: contentOf(body, defs),
    ...(body.maxLength !== undefined ? { 'x-fw-max-bytes': body.maxLength } : {}),
    'x-fw-body': clientBody,
  }
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

/** `description` and the first of `examples` of a param's schema, lifted onto the parameter (what docs pages show). */
function lifted(schema: JsonSchema): JsonSchema {
  const examples = schema.examples
  return {
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    ...(Array.isArray(examples) && examples.length ? { example: examples[0] as unknown } : {}),
  }
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
    let operationId = baseOperationId(route, rootRoute)
    if (used.has(operationId)) operationId = `${operationId}.${route.method.toLowerCase()}`
    for (let n = 2; used.has(operationId); n++)
      operationId = `${baseOperationId(route, rootRoute)}.${n}`
    used.add(operationId)
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
      ...(route.security.length ? { security: securityOf(route) } : {}),
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
    info: {
      title: options.title ?? 'fw service',
      version: options.version ?? '0.0.0',
      ...(options.description ? { description: options.description } : {}),
      ...(options.license ? { license: options.license } : {}),
    },
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
