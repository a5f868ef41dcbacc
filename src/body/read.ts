/**
 * Request bodies (docs/api.md; limits in docs/security.md): read and parse per a plan the core builds once
 * per endpoint, with limits enforced on the bytes actually received.
 *
 * | accept   | content types                                     | result |
 * |----------|---------------------------------------------------|--------|
 * | `json`   | `application/json`, `*+json`                      | JSON value |
 * | `form`   | urlencoded, multipart                             | null-prototype form object |
 * | `any`    | JSON, XML (`application/xml`, `text/xml`, `*+xml`), urlencoded, multipart | JSON value, XML fields or form object |
 * | `text`   | `plan.contentType` (default: any)                 | string |
 * | `binary` | `plan.contentType` (default: any)                 | `UploadedFile` of the whole body |
 *
 * Byte limits: JSON/text `bodyBytes`, XML `xmlBytes` (also `xmlElements`, `xmlAttributes`),
 * urlencoded `formBytes`, multipart `multipartBytes` (each file also `fileBytes`, each text field
 * `bodyBytes`), binary `fileBytes`; `plan.maxLength` lowers them. Over → 413. Too many
 * fields/parts or files, or nesting deeper than `depth` → 400.
 */
import type { FramingCheck } from '../types'
import { UnsupportedMediaType } from '../exceptions/index'
import { UploadedFile } from '../file/uploaded'
import type { ContentType } from '../utils/content-type'
import {
  accepts,
  contentTypeOf,
  JSON_HEADER,
  JSON_TYPE,
  readingOf,
  type BodyAccept,
  type BodyFormat,
  type BodyPlan,
  type BodyReading,
} from './format'
import { parseUrlencoded } from './form'
import type { Limits } from './limits'
import { parseMultipart, readMultipart } from './multipart'
import { parseDisposition } from './multipart-headers'
import {
  checkDeclaredLength,
  declaredLength,
  fromFramingServer,
  isFramed,
  readAll,
  readFramed,
  readFramedText,
  type Bytes,
} from './stream'
import { readsAsText, readTextStream, textStreams } from './stream-text'
import type { BodyExchange, EndpointBody } from './support'
import { runtimeFraming } from './framing'
import { decodeText, parseJson } from './text'
import { acceptsXml, parseXml } from './xml'

/** Framed multipart bodies up to this size are read whole, not streamed. */
const WHOLE_MULTIPART_BYTES = 65_536 // 64 KiB

const EXPECTED: Record<BodyAccept, string> = {
  any: 'JSON or form data',
  json: 'application/json',
  form: 'multipart/form-data or application/x-www-form-urlencoded', // a literal: kept out of bundles without body readers
  text: 'text',
  binary: 'a file',
}

/**
 * Read and parse the request body per `plan`, enforcing `limits` while reading. A missing or empty
 * body is `undefined` (for `text`, an empty body is `''`), leaving "required" to the caller. `env`:
 * the second argument `fetch` was called with (a sized body from Bun.serve or Deno.serve is read
 * whole, see `fromFramingServer`); `framing`: the endpoint's own check for its runtime
 * (body/framing.ts: Bun's server by identity, the Workers platform's requests), used instead;
 * `reading`: the format and limit, when found at build.
 *
 * @example
 * await readBody(request, { accept: 'json' }, defaultLimits)            // parsed JSON
 * await readBody(request, { accept: 'text', contentType: 'text/html', maxLength: 100 }, limits)
 */
export function readBody(
  request: Request,
  plan: BodyPlan,
  limits: Limits,
  env?: unknown,
  type: ContentType | undefined = contentTypeOf(request),
  framing?: FramingCheck,
  reading: BodyReading = readingOf(plan, type, limits),
): Promise<unknown> {
  try {
    return startReading(
      request,
      plan,
      limits,
      framing === undefined ? fromFramingServer(env) : framing(request, env),
      type,
      reading,
    )
  } catch (error) {
    return Promise.reject(error)
  }
}

const NOTHING: Promise<undefined> = /* @__PURE__ */ Promise.resolve(undefined)

/** `readBody` up to the first wait: no async function of its own, so a body costs one promise hop here. */
function startReading(
  request: Request,
  plan: BodyPlan,
  limits: Limits,
  served: boolean,
  type: ContentType | undefined,
  { format, limit }: BodyReading,
): Promise<unknown> {
  const length = declaredLength(request)
  // A framed body is read whole (`request.body`, a stream, is never made).
  const framed = isFramed(request, length, served)
  // Nor for a small sized JSON or urlencoded body on Bun, read as text (stream-text.ts): a missing
  // body reads as '', parsed to `undefined` as for no body.
  const asText =
    textStreams &&
    !framed &&
    (format === 'json' || format === 'urlencoded') &&
    readsAsText(request, length, limit)
  if (!framed && !asText && request.body === null) return NOTHING
  if (request.bodyUsed) throw new Error('fw: the request body was already read')
  if (length === 0 && plan.accept !== 'text') return NOTHING
  if (format === undefined) return refuse(request, framed, length, plan, type, limits)

  // A Content-Length over the limit is refused before reading; any body not
  // framed by the server, sized or not, is then read through one counting
  // reader: a length that lies (in-process callers, adapters) never buffers
  // more than the limit.
  checkDeclaredLength(length, limit)
  if (format === 'multipart') {
    const bounds = {
      bytes: limit,
      parts: limits.fields,
      files: limits.files,
      fileBytes: Math.min(limits.fileBytes, limit),
      fieldBytes: Math.min(limits.bodyBytes, limit),
      fileFields: plan.fileFields,
      fileBounds: plan.fileBounds,
    }
    const boundary = type?.params.boundary
    // A small framed body is read whole and parsed as one chunk (no stream);
    // a bigger one streams, so an undeclared file is refused before it is buffered.
    if (framed && length <= WHOLE_MULTIPART_BYTES)
      return readFramed(request, limit, (bytes) => parseMultipart(bytes, boundary, bounds))
    const body = request.body
    return body === null ? NOTHING : readMultipart(body, boundary, bounds)
  }
  // UTF-8 kinds of a framed body skip the bytes: `text()` is the runtime's own
  // decode (on Bun, a string body's text is handed over as is).
  if (format === 'json' || format === 'urlencoded') {
    const parseText = (text: string): unknown => {
      if (text.length === 0) return undefined
      return format === 'json'
        ? parseJson(text, limits.depth)
        : parseUrlencoded(text, limits.fields)
    }
    if (framed) return readFramedText(request, limit, parseText)
    if (asText) return readTextStream(request, limit, length).then(parseText)
  }
  const parse = (bytes: Bytes): unknown => parseBytes(request, format, bytes, type, limits)
  if (framed) return readFramed(request, limit, parse)
  return readWhole(request, framed, length, limit).then(parse)
}

function parseBytes(
  request: Request,
  format: Exclude<BodyFormat, 'multipart'>,
  bytes: Bytes,
  type: ContentType | undefined,
  limits: Limits,
): unknown {
  if (bytes.byteLength === 0 && format !== 'text') return undefined
  switch (format) {
    case 'json':
      // RFC 8259: JSON is UTF-8; a charset parameter is ignored.
      return parseJson(decodeText(bytes), limits.depth)
    case 'xml':
      return parseXml(decodeText(bytes, type?.params.charset), limits.depth, {
        elements: limits.xmlElements,
        attributes: limits.xmlAttributes,
      })
    case 'urlencoded':
      return parseUrlencoded(decodeText(bytes), limits.fields)
    case 'text':
      return decodeText(bytes, type?.params.charset)
    case 'binary':
      return binaryFile(request, bytes, type)
  }
}

/**
 * 415 for a refused content type. Without any Content-Type header, an empty
 * body is still "no body" (`undefined`), so clients that send
 * `Transfer-Encoding: chunked` with nothing in it are not punished.
 */
async function refuse(
  request: Request,
  framed: boolean,
  length: number,
  plan: BodyPlan,
  type: ContentType | undefined,
  limits: Limits,
): Promise<undefined> {
  const expected =
    plan.contentType ??
    (plan.accept === 'any' && acceptsXml() ? 'JSON, XML or form data' : EXPECTED[plan.accept])
  if (type === undefined) {
    checkDeclaredLength(length, limits.bodyBytes)
    const bytes = await readWhole(request, framed, length, limits.bodyBytes)
    if (bytes.length === 0) return undefined
    throw new UnsupportedMediaType(`missing Content-Type; expected ${expected}`)
  }
  throw new UnsupportedMediaType(
    `content type '${type.essence.slice(0, 100)}' is not accepted; expected ${expected}`,
  )
}

/** The body's bytes (no async hop of its own: one less await on every body). */
function readWhole(
  request: Request,
  framed: boolean,
  length: number,
  limit: number,
): Promise<Bytes> {
  if (framed) return readFramed(request, limit)
  const body = request.body
  return body === null ? Promise.resolve(new Uint8Array(0)) : readAll(body, limit, length)
}

function binaryFile(
  request: Request,
  bytes: Bytes,
  type: ContentType | undefined,
): UploadedFile | undefined {
  if (bytes.length === 0) return undefined
  const disposition = request.headers.get('content-disposition')
  const name = disposition === null ? '' : (parseDisposition(disposition).filename ?? '')
  return new UploadedFile([bytes], name, { type: type?.essence ?? '' })
}

const ALL: readonly boolean[] = /* @__PURE__ */ Object.freeze([true])

/**
 * An endpoint's body read (the body support's `endpointBody`, installed by the body markers), made
 * once when the endpoint is built: its plans, its limits, its runtime's framing check (body/framing.ts)
 * and, for one plan, its `application/json` reading. Each read is one await hop.
 *
 * @example
 * exchange.body = await new EndpointBodyReader([{ accept: 'json' }], defaultLimits).read(exchange)
 */
export class EndpointBodyReader implements EndpointBody {
  readonly #bodies: readonly BodyPlan[]
  readonly #limits: Limits
  /** Bun's server by identity, the Workers platform's requests; none: by the server argument */
  readonly #framing: FramingCheck | undefined
  /** one body plan: it, and how it reads an `application/json` body (format, limit), found at build */
  readonly #json: readonly [BodyPlan, BodyReading] | undefined

  constructor(bodies: readonly BodyPlan[], limits: Limits) {
    this.#bodies = bodies
    this.#limits = limits
    this.#framing = runtimeFraming()
    const only = bodies.length === 1 ? bodies[0] : undefined
    this.#json = only && [only, readingOf(only, JSON_TYPE, limits)]
  }

  /** Read and parse the body of `exchange`'s request. */
  read(exchange: BodyExchange): Promise<unknown> {
    const { raw, env } = exchange.context
    const json = this.#json
    // the most common header under one plan: read as found at build (no per-body format or limit)
    if (json && raw.headers.get('content-type') === JSON_HEADER) {
      exchange.bodyAccepted = ALL
      return readBody(raw, json[0], this.#limits, env, JSON_TYPE, this.#framing, json[1])
    }
    const type = contentTypeOf(raw)
    const plan = chooseBody(exchange, this.#bodies, type)
    return readBody(raw, plan, this.#limits, env, type, this.#framing)
  }
}

/**
 * Choose the body plan an endpoint reads the body with. With several
 * whole-body params, the body goes to those whose content types accept it;
 * none → the first plan's 415.
 */
function chooseBody(
  exchange: BodyExchange,
  bodies: readonly BodyPlan[],
  type: ContentType | undefined,
): BodyPlan {
  if (bodies.length === 1) {
    exchange.bodyAccepted = ALL
    return bodies[0] as BodyPlan
  }
  const accepted = bodies.map((plan) => accepts(plan, type))
  const chosen = accepted.indexOf(true)
  exchange.bodyAccepted = accepted
  return bodies[chosen < 0 ? 0 : chosen] as BodyPlan
}
