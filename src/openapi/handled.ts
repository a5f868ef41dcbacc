/**
 * Responses rendered by a template (a result, bare or in the envelope) and
 * the error statuses `@api.handle` hooks declare they answer
 * (`@api.handle(…, { status, result, contentType })`): those are documented
 * in the hook's form, not fw's default problem+json or error envelope.
 */
import type { HandledStatus, RouteEnvelope } from './route-info'
import { toSchema, type Definitions, type JsonSchema } from './schema'

/**
 * The body a template renders a result into: the envelope around it (state
 * and count always sent, `null` unless `respond()` sets them), or the bare result.
 *
 * @example
 * renderedSchema({ resultKey: 'data', messageKey: 'msg' }, { type: 'integer' }) // { type: 'object', properties: { data, msg }, ... }
 */
export function renderedSchema(
  envelope: RouteEnvelope | undefined,
  result: JsonSchema,
): JsonSchema {
  if (!envelope) return result
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  if (envelope.resultKey) {
    properties[envelope.resultKey] = result
    required.push(envelope.resultKey)
  }
  if (envelope.messageKey) {
    properties[envelope.messageKey] = {
      type: 'string',
      description: 'empty on success unless the endpoint sets one',
    }
    required.push(envelope.messageKey)
  }
  if (envelope.stateKey) {
    properties[envelope.stateKey] = {
      description: 'business state code (`respond(value, { state })`; null unless set)',
    }
    required.push(envelope.stateKey)
  }
  if (envelope.countKey) {
    properties[envelope.countKey] = {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'total count for pagination (`respond(value, { count })`; null unless set)',
    }
    required.push(envelope.countKey)
  }
  return { type: 'object', properties, required }
}

/**
 * The headers an error status carries whoever renders it: `Allow` on a 405,
 * `WWW-Authenticate` on a 401.
 *
 * @example
 * errorHeaders(405) // { Allow: { description: …, schema: { type: 'string' } } }
 */
export function errorHeaders(status: number): Record<string, JsonSchema> | undefined {
  if (status === 405)
    return { Allow: { description: 'The methods this path serves', schema: { type: 'string' } } }
  if (status === 429)
    return {
      'Retry-After': {
        description: 'Seconds until a request may pass',
        schema: { type: 'integer' },
      },
      'RateLimit-Policy': {
        description:
          'The limit: `"<name>";q=<requests>;w=<window seconds>` (draft-ietf-httpapi-ratelimit-headers)',
        schema: { type: 'string' },
      },
      RateLimit: {
        description: 'What is left: `"<name>";r=<remaining>;t=<seconds to reset>`',
        schema: { type: 'string' },
      },
    }
  if (status === 401)
    return {
      'WWW-Authenticate': {
        description: 'The authentication scheme the endpoint accepts',
        schema: { type: 'string' },
      },
    }
  return undefined
}

const safe = (key: string): string => key.replace(/[^A-Za-z0-9._-]/g, '_')

/** A response component's name for a hook's status: `<Class>.<method>.<status>`, plus the envelope's keys. */
function componentName(handled: HandledStatus): string {
  const { envelope } = handled
  const keys = envelope
    ? [envelope.resultKey, envelope.messageKey, envelope.stateKey, envelope.countKey]
    : []
  return [handled.hook, handled.status, handled.contentType, ...keys]
    .filter((part) => part !== undefined)
    .map((part) => safe(String(part)))
    .join('.')
}

/**
 * The response of a status an `@api.handle` hook answers: a `$ref` to one
 * component per hook and status, or inline when the route declares errors of
 * that status (their names are the route's own text).
 *
 * @example
 * handledResponse(handled, 'Credentials absent or invalid', '', defs, shared) // { $ref: '#/components/responses/ConduitAPI.onError.401.application_json' }
 */
export function handledResponse(
  handled: HandledStatus,
  condition: string | undefined,
  declared: string,
  defs: Definitions,
  shared: Record<string, JsonSchema>,
): JsonSchema {
  const by = `answered by the \`@api.handle\` hook \`${handled.hook}()\``
  const text = condition ? `${condition}; ${by}` : `${by[0]?.toUpperCase()}${by.slice(1)}`
  const build = (description: string): JsonSchema => {
    const headers = errorHeaders(handled.status)
    const result = handled.result ? toSchema(handled.result, defs) : {}
    return {
      description,
      ...(headers ? { headers } : {}),
      content: { [handled.contentType]: { schema: renderedSchema(handled.envelope, result) } },
    }
  }
  if (declared) return build(`${text}; declared: ${declared}`)
  const name = componentName(handled)
  shared[name] ??= build(text)
  return { $ref: `#/components/responses/${name}` }
}
