/**
 * The responses of an operation: the success envelope (result typed by the
 * template's `static result`) and every error fw itself can answer with, in
 * the route's envelope or as RFC 9457 `application/problem+json`.
 */
import type { PluginAnswer } from '../api/plugin'
import { errorHeaders, handledResponse, renderedSchema } from './handled'
import { errorEnvelope, type DeclaredError, type RouteEnvelope, type RouteInfo } from './route-info'
import { withAnswerHeaders } from './answer-headers'
import { toSchema, type Definitions, type JsonSchema } from './schema'

/** Errors fw produces, with the condition documented for each. */
const ERRORS = {
  400: ['BadRequest', 'A path, query, header, cookie or body value fails its rule or conversion'],
  401: [
    'Unauthorized',
    'Credentials absent (for a required user) or invalid (`WWW-Authenticate` names the scheme)',
  ],
  404: ['NotFound', 'No such route, or the endpoint raised NotFound'],
  405: [
    'MethodNotAllowed',
    'Method not allowed on this path (`Allow` lists the methods it serves)',
  ],
  413: ['RequestEntityTooLarge', 'Body larger than its `maxBytes` or the service limit'],
  415: ['UnsupportedMediaType', 'Body of a content type this endpoint refuses'],
  500: ['InternalServerError', 'Unhandled error (its text only with `debug: true`)'],
} as const

type ErrorStatus = keyof typeof ERRORS

/** Shared schemas every document carries. */
export const SHARED_SCHEMAS: Record<string, JsonSchema> = {
  ParamIssue: {
    type: 'object',
    description:
      'One item that failed: where it came from, its wire name, the path inside it, the reason.',
    properties: {
      in: { type: 'string', enum: ['path', 'query', 'header', 'cookie', 'body'] },
      name: { type: 'string' },
      path: { type: 'array', items: { type: ['string', 'integer'] } },
      message: { type: 'string' },
    },
    required: ['in', 'name', 'path', 'message'],
  },
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details (endpoints without an envelope).',
    properties: {
      type: { type: 'string' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: {
        type: 'string',
        description:
          "The same message an envelope would carry, e.g. `BadRequest: parse item: ['b'] failed: ...`",
      },
      errors: { type: 'array', items: { $ref: '#/components/schemas/ParamIssue' } },
    },
    required: ['type', 'title', 'status'],
  },
}

/** The shared schemas the document refers to (`Problem` only where an error is problem+json). */
export function usedShared(
  paths: Record<string, Record<string, JsonSchema>>,
  responses: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  let text = JSON.stringify([paths, responses])
  const used: Record<string, JsonSchema> = {}
  for (const name of ['Problem', 'ParamIssue']) {
    const schema = SHARED_SCHEMAS[name]
    if (!schema || !text.includes(`"#/components/schemas/${name}"`)) continue
    used[name] = schema
    text += JSON.stringify(schema)
  }
  return Object.fromEntries(
    Object.keys(SHARED_SCHEMAS)
      .filter((name) => name in used)
      .map((name) => [name, used[name] as JsonSchema]),
  )
}

function errorStatuses(route: RouteInfo): ErrorStatus[] {
  const statuses: ErrorStatus[] = []
  if (route.params.length || route.body) statuses.push(400)
  if (route.security.length) statuses.push(401)
  statuses.push(404, 405)
  if (route.body) statuses.push(413, 415)
  statuses.push(500)
  return statuses
}

const safe = (key: string): string => key.replace(/[^A-Za-z0-9._-]/g, '_')

/** Component name of an error response for an envelope (one per status and key set). */
function componentName(status: ErrorStatus, envelope: RouteEnvelope | undefined): string {
  const name = ERRORS[status][0]
  if (!envelope) return name
  return [
    name,
    envelope.resultKey,
    envelope.messageKey,
    envelope.errorsKey,
    envelope.stateKey,
    envelope.countKey,
  ]
    .filter((part) => part !== undefined)
    .map((part) => safe(String(part)))
    .join('.')
}

function errorResponse(
  status: number,
  envelope: RouteEnvelope | undefined,
  description: string,
): JsonSchema {
  const headers = errorHeaders(status)
  if (!envelope || !(envelope.messageKey || envelope.errorsKey)) {
    // no envelope, or one with nowhere to say what failed: problem+json (response/envelope.ts failsEnveloped)
    return {
      description,
      ...(headers ? { headers } : {}),
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    }
  }
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  if (envelope.resultKey) {
    properties[envelope.resultKey] = { type: 'null' }
    required.push(envelope.resultKey)
  }
  if (envelope.messageKey) {
    properties[envelope.messageKey] = { type: 'string', description: '`<ErrorName>: <text>`' }
    required.push(envelope.messageKey)
  }
  if (envelope.errorsKey)
    properties[envelope.errorsKey] = {
      type: 'array',
      items: { $ref: '#/components/schemas/ParamIssue' },
    }
  if (envelope.stateKey)
    properties[envelope.stateKey] = { description: 'business state code (null unless set)' }
  if (envelope.countKey) properties[envelope.countKey] = { type: 'null' }
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: { type: 'object', properties, required } } },
  }
}

const EVENTS_TEXT =
  'A stream of server-sent events (HTML standard framing: `event:`, `id:`, `retry:` and `data:` lines; `data` is JSON for objects). The connection stays open; the server ends it.'

/** The success response: JSON (the envelope or the bare result), a file, or an event stream. */
function successResponse(route: RouteInfo, defs: Definitions): JsonSchema {
  const events = route.doc.events
  if (events) {
    const data = events === true ? {} : { 'x-fw-event-data': toSchema(events, defs, 'output') }
    return {
      description: 'Success: server-sent events',
      content: {
        'text/event-stream': { schema: { type: 'string', description: EVENTS_TEXT }, ...data },
      },
    }
  }
  const result = route.result ? toSchema(route.result, defs, 'output') : {}
  // An endpoint that sends its own `Response` says what it is: that, not JSON, is documented.
  const own = route.doc.contentType
  if (own)
    return {
      description: `Success: a \`Response\` the endpoint builds itself (${own}), sent as it is`,
      content: {
        [own]: {
          schema: route.result ? result : own.startsWith('text/') ? { type: 'string' } : {},
        },
      },
    }
  // A file result is sent as it is (its own content type), never in the envelope (response/render.ts).
  if (result.format === 'binary') {
    const type = typeof result.contentMediaType === 'string' ? result.contentMediaType : '*/*'
    return {
      description: 'Success: the file, sent as it is with its own content type',
      content: { [type]: { schema: { type: 'string', format: 'binary' } } },
    }
  }
  return {
    description: route.envelope
      ? `Success: the result in the envelope (\`${route.envelope.resultKey ?? ''}\`)`
      : 'Success: the result as JSON',
    content: { 'application/json': { schema: renderedSchema(route.envelope, result) } },
  }
}

/** What the route's declared errors (`@api.doc({ errors })`, on it or its before hooks) add to a status's description. */
function declaredText(errors: readonly DeclaredError[], status: number): string {
  return errors
    .filter((error) => error.status === status)
    .map(
      (error) =>
        `\`${error.name}\`${error.hook ? ` from the before hook \`${error.hook}\`` : error.by ? ` from ${error.by}` : ' raised by the endpoint'}`,
    )
    .join('; ')
}

/**
 * A client error (4xx) a hook with declared answers catches without listing
 * it: the hook answers it with one of its own statuses, so it is not
 * documented as such. Server errors stay (a hook may rethrow them).
 */
function takenOver(route: RouteInfo, status: number): boolean {
  if (status < 400 || status > 499 || route.handled.some((answer) => answer.status === status))
    return false
  return route.takenOver.some(
    (hook) =>
      (hook.statuses === undefined || hook.statuses.has(status)) &&
      (status !== 405 || hook.misses) &&
      !hook.listed.includes(status),
  )
}

/** A plugin's answer: without content (a 304), or as the route's errors are sent; its headers described. */
function pluginResponse(answer: PluginAnswer, envelope: RouteEnvelope | undefined): JsonSchema {
  const headers = answer.headers
    ? Object.fromEntries(
        Object.entries(answer.headers).map(([name, description]) => [
          name,
          { description, schema: { type: 'string' } },
        ]),
      )
    : undefined
  const described = `${answer.description} (${answer.by})`
  const response = answer.empty
    ? { description: described }
    : errorResponse(answer.status, envelope, described)
  return headers
    ? { ...response, headers: { ...(response.headers as object), ...headers } }
    : response
}

/**
 * The `responses` of one operation; error responses are `$ref`s into
 * `components` (filled in `shared`), one component per status and envelope.
 *
 * @example
 * responsesOf(route, defs, shared) // { '200': {...}, '400': { $ref: '#/components/responses/BadRequest' }, ... }
 */
export function responsesOf(
  route: RouteInfo,
  defs: Definitions,
  shared: Record<string, JsonSchema>,
): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {
    [String(route.status)]: withAnswerHeaders(successResponse(route, defs), route.answers),
  }
  const builtIn = errorStatuses(route)
  // Statuses an `@api.handle` hook declares: in its form wherever the route answers them.
  const handled = new Map(route.handled.map((answer) => [answer.status, answer]))
  for (const status of builtIn) {
    if (takenOver(route, status)) continue
    const declared = declaredText(route.errors, status)
    const answer = handled.get(status)
    if (answer) {
      out[String(status)] = handledResponse(answer, ERRORS[status][1], declared, defs, shared)
      continue
    }
    // A 405 is the path's answer, rendered by the class's template, not the endpoint's `@api.response`.
    const envelope = status === 405 ? route.classEnvelope : route.envelope
    if (declared) {
      out[String(status)] = errorResponse(
        status,
        envelope,
        `${ERRORS[status][1]}; declared: ${declared}`,
      )
      continue
    }
    const name = componentName(status, envelope)
    shared[name] ??= errorResponse(status, envelope, ERRORS[status][1])
    out[String(status)] = { $ref: `#/components/responses/${name}` }
  }
  for (const status of new Set(route.errors.map((error) => error.status))) {
    if (String(status) in out || takenOver(route, status)) continue
    const declared = declaredText(route.errors, status)
    const answer = handled.get(status)
    out[String(status)] = answer
      ? handledResponse(answer, undefined, declared, defs, shared)
      : errorResponse(status, errorEnvelope(route, status), `Declared: ${declared}`)
  }
  // A status fw never answers by itself (403, 422, ...): the hook is its source, on every route it covers.
  for (const answer of route.handled) {
    if (String(answer.status) in out || answer.status in ERRORS) continue
    out[String(answer.status)] = handledResponse(answer, undefined, '', defs, shared)
  }
  // What the plugins around it answer (conditional's 304, 412); an exception's is in route.errors.
  for (const answer of route.answers.filter((each) => !each.error)) {
    if (String(answer.status) in out || (!answer.empty && takenOver(route, answer.status))) continue
    out[String(answer.status)] = pluginResponse(answer, errorEnvelope(route, answer.status))
  }
  return out
}
