/**
 * The operations of an OpenAPI document, read into what the contract check
 * needs: method, path template, params by location, the request body's
 * media types (with the byte limit fw states), and the responses.
 */
import type { OpenAPIDocument } from '../openapi/document'
import type { JsonSchema } from '../openapi/schema'

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

/** One documented param. */
export interface OperationParam {
  in: 'path' | 'query' | 'header' | 'cookie'
  name: string
  required: boolean
  schema: JsonSchema
}

/** One media type a request body may be sent as. */
export interface BodyMedia {
  type: string
  schema: JsonSchema
}

/** One documented operation. */
export interface Operation {
  id: string
  method: string
  template: string
  params: OperationParam[]
  body?: { required: boolean; media: BodyMedia[]; maxBytes?: number }
  responses: Record<string, JsonSchema>
  /** the JSON pointer of the operation in the document (for schema references) */
  pointer: string
}

const asObject = (value: unknown): JsonSchema | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as JsonSchema)
    : undefined

/** A JSON pointer token (`/` → `~1`, `~` → `~0`). */
export const pointerToken = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1')

/** Follow a local `$ref` (`#/components/...`) in the document. */
export function follow(document: OpenAPIDocument, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#/')) return undefined
  let node: unknown = document
  for (const token of ref.slice(2).split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~')
    node = asObject(node)?.[key]
  }
  return asObject(node)
}

/** An object that may be a `$ref` to one: the object it stands for. */
export function dereferenced(document: OpenAPIDocument, value: unknown): JsonSchema | undefined {
  const object = asObject(value)
  return typeof object?.$ref === 'string' ? follow(document, object.$ref) : object
}

function paramOf(document: OpenAPIDocument, value: unknown): OperationParam | undefined {
  const param = dereferenced(document, value)
  const where = param?.in
  if (
    !param ||
    typeof param.name !== 'string' ||
    (where !== 'path' && where !== 'query' && where !== 'header' && where !== 'cookie')
  )
    return undefined
  return {
    in: where,
    name: param.name,
    required: param.required === true || where === 'path',
    schema: asObject(param.schema) ?? {},
  }
}

function bodyOf(document: OpenAPIDocument, value: unknown): Operation['body'] {
  const body = dereferenced(document, value)
  const content = asObject(body?.content)
  if (!body || !content) return undefined
  const media = Object.entries(content).map(([type, item]) => ({
    type,
    schema: asObject(asObject(item)?.schema) ?? {},
  }))
  const maxBytes = body['x-fw-max-bytes']
  return {
    required: body.required === true,
    media,
    ...(typeof maxBytes === 'number' ? { maxBytes } : {}),
  }
}

/**
 * Every operation of the document, in its order.
 *
 * @example
 * operationsOf(service.openapi()).map((operation) => operation.id)
 */
export function operationsOf(document: OpenAPIDocument): Operation[] {
  const operations: Operation[] = []
  for (const [template, item] of Object.entries(document.paths)) {
    const shared = Array.isArray(item.parameters) ? item.parameters : []
    for (const [method, value] of Object.entries(item)) {
      const operation = asObject(value)
      if (!METHODS.has(method) || !operation) continue
      const own = Array.isArray(operation.parameters) ? operation.parameters : []
      const params = [...shared, ...own]
        .map((param) => paramOf(document, param))
        .filter((param): param is OperationParam => param !== undefined)
      operations.push({
        id:
          typeof operation.operationId === 'string'
            ? operation.operationId
            : `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        params,
        body: bodyOf(document, operation.requestBody),
        responses: (asObject(operation.responses) ?? {}) as Record<string, JsonSchema>,
        pointer: `#/paths/${pointerToken(template)}/${method}`,
      })
    }
  }
  return operations
}
