/**
 * The OpenAPI request body of a route: its content per media type (JSON,
 * XML, forms, multipart with file encodings, text, binary), its byte limit
 * (`x-fw-max-bytes`) and `x-fw-body` (the input key or the fields' keys).
 */
import { acceptsXml } from '../body/xml'
import { fileFieldTypes, fileTypesOfFields } from '../file/info'
import type { BodyField, RouteBody } from './route-info'
import { acceptedInput, jsonDefault, toSchema, type Definitions, type JsonSchema } from './schema'

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
  const schema =
    body.shape === 'fields'
      ? fieldsSchema(body.fields ?? [], defs)
      : acceptedInput(toSchema(body.schema, defs))
  // read from the described schema, as every library's adapter gives it (not from a library's own shape)
  const isArray = body.shape === 'whole' && body.schema !== undefined && schema.type === 'array'
  const formSchema = isArray ? ((schema.items as JsonSchema | undefined) ?? {}) : schema
  const files =
    body.shape === 'fields'
      ? fileTypesOfFields(fieldEntries(body.fields ?? []))
      : fileFieldTypes(body.schema, isArray)
  const multipart = { 'multipart/form-data': { schema: formSchema, ...encodingOf(files) } }
  if (body.accept === 'json') return { 'application/json': { schema } }
  if (files.size) return multipart
  const urlencoded = { 'application/x-www-form-urlencoded': { schema: formSchema } }
  if (body.accept === 'form') return { ...multipart, ...urlencoded }
  // XML is offered only when the `fw-api/xml` entry made the server accept it.
  const xml: Record<string, JsonSchema> =
    isArray || !acceptsXml() ? {} : { 'application/xml': { schema }, 'text/xml': { schema } }
  return { 'application/json': { schema }, ...xml, ...urlencoded, ...multipart }
}

/** Body fields as `[wire name, schema]`, for reading which of them take files. */
function fieldEntries(fields: readonly BodyField[]): [string, unknown][] {
  return fields.flatMap((field) => (field.schema ? [[field.wire, field.schema]] : []))
}

export function requestBodyOf(body: RouteBody, defs: Definitions): JsonSchema {
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
