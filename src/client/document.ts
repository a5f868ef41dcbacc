/**
 * The parts of an fw OpenAPI document the client reads, and the routing
 * table built from it: one entry per call name (`x-fw-call`, else the
 * `operationId`).
 */

/** Where a wire value comes from in a call's input. */
export interface SourceRef {
  key: string
  field?: string
}

/**
 * A parameter as the client reads it.
 *
 * @example
 * const names = op?.parameters?.map((p: DocParameter) => p.name)
 */
export interface DocParameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  'x-fw-source'?: SourceRef[]
  'x-fw-match'?: 'rest' | 'segment'
}

/** How a call's input becomes the body. */
export type BodyRef =
  | { shape: 'whole'; key: string }
  | { shape: 'fields'; fields: { key: string; wire: string }[] }

/**
 * An operation as the client reads it.
 *
 * @example
 * const op = document.paths['/api/calc/add']?.get as DocOperation | undefined
 */
export interface DocOperation {
  operationId?: string
  parameters?: DocParameter[]
  requestBody?: {
    content?: Record<string, { schema?: { format?: string } }>
    'x-fw-body'?: BodyRef
  }
  /** read for a declared file result (`format: binary`, bare or at the envelope's result key) */
  responses?: Record<string, { content?: Record<string, { schema?: DocSchema }> }>
  'x-fw-call'?: string
  'x-fw-envelope'?: {
    resultKey?: string
    messageKey?: string
    errorsKey?: string
    stateKey?: string
    countKey?: string
  }
}

/**
 * The part of a response schema the client reads (a declared file result).
 *
 * @example
 * const file = (schema: DocSchema) => schema.format === 'binary'
 */
export interface DocSchema {
  format?: string
  properties?: Record<string, { format?: string } | undefined>
}

/**
 * An OpenAPI document (only what the client reads; `service.openapi()` and `<docs>/openapi.json` fit).
 *
 * @example
 * createClient<typeof RootAPI>({ baseURL, document: service.openapi() }) // any fw OpenAPI document
 */
export interface ClientDocument {
  paths: Record<string, Record<string, DocOperation | unknown>>
}

/** One routable call. */
export interface Route {
  method: string
  path: string
  operation: DocOperation
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

/**
 * Index a document by call name: `x-fw-call` (the API tree, e.g.
 * `article.getArticle`) first, then `operationId` where not taken.
 *
 * @example
 * routesOf(doc).get('article.getArticle') // { method: 'GET', path: '/api/article/{slug}', operation }
 */
export function routesOf(document: ClientDocument): Map<string, Route> {
  const routes = new Map<string, Route>()
  const all: Route[] = []
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (METHODS.has(method) && typeof operation === 'object' && operation !== null)
        all.push({ method: method.toUpperCase(), path, operation: operation as DocOperation })
    }
  }
  for (const route of all) {
    const name = route.operation['x-fw-call']
    if (name && !routes.has(name)) routes.set(name, route)
  }
  for (const route of all) {
    const id = route.operation.operationId
    if (id && !routes.has(id)) routes.set(id, route)
  }
  return routes
}
