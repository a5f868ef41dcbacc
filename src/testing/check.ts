/**
 * One answer against the document: its status is documented, its content
 * type is one the status documents, and a JSON body matches the documented
 * schema (JSON Schema 2020-12, ajv). Bodies are read up to a bound; an event
 * stream is not read at all (it may never end).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type { OpenAPIDocument } from '../openapi/document'
import type { JsonSchema } from '../openapi/schema'
import { dereferenced, pointerToken, type Operation } from './operations'

/**
 * What a difference is about.
 *
 * @example
 * const kind: DifferenceKind = 'undocumented-status'
 */
export type DifferenceKind =
  | 'server-error'
  | 'undocumented-status'
  | 'undocumented-content-type'
  | 'schema'
  | 'rejected-valid'
  | 'accepted-invalid'
  | 'timeout'
  | 'expected-missing'

/** One answer's differences, before they are attributed to a request. */
export interface Finding {
  kind: DifferenceKind
  detail: string
}

const MAX_BODY_BYTES = 1024 * 1024
/** Statuses fw answers a request that breaks a documented rule with. */
const INPUT_STATUSES = new Set([400, 413, 415, 422])

// ajv-formats is CommonJS: its default import is the plugin under Node, `{ default }` under some bundlers.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv2020) => Ajv2020

const mediaOf = (contentType: string | null): string =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
const isJson = (media: string): boolean => media === 'application/json' || media.endsWith('+json')

/** Does a documented media type (`image/*`, or any type) cover the one sent? */
function covers(documented: string, sent: string): boolean {
  const declared = documented.toLowerCase()
  if (declared === sent || declared === '*/*') return true
  return declared.endsWith('/*') && sent.startsWith(declared.slice(0, -1))
}

/** The text of a body, read up to `MAX_BODY_BYTES` (the rest is cancelled). */
async function boundedText(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel()
      break
    }
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk.subarray(0, Math.min(chunk.byteLength, size - offset)), offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}

/** The message an error body carries (envelope `msg`/`message`, problem `detail`/`title`), for a difference's text. */
function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>
    const message = [body.msg, body.message, body.detail, body.title].find(
      (item) => typeof item === 'string' && item !== '',
    )
    return typeof message === 'string' ? message : text.slice(0, 200)
  } catch {
    return text.slice(0, 200)
  }
}

/** Checks answers of one document; schemas are compiled once each. */
export class ResponseChecker {
  readonly #document: OpenAPIDocument
  readonly #ajv: Ajv2020
  readonly #compiled = new Map<string, ValidateFunction>()

  constructor(document: OpenAPIDocument) {
    this.#document = document
    this.#ajv = addFormats(
      new Ajv2020({
        strict: false,
        allErrors: false,
        validateSchema: false,
        validateFormats: true,
      }),
    )
    this.#ajv.addSchema(document as unknown as JsonSchema, 'fw-contract:document')
  }

  /** The validator of the schema at a pointer into the document. */
  #validator(pointer: string): ValidateFunction {
    let validate = this.#compiled.get(pointer)
    if (!validate) {
      validate = this.#ajv.compile({ $ref: `fw-contract:document${pointer}` })
      this.#compiled.set(pointer, validate)
    }
    return validate
  }

  /**
   * The differences between an answer and the operation's documented responses;
   * `intent` says whether the request was valid (an input status is then a
   * difference) or invalid (a success is).
   */
  async check(
    operation: Operation,
    response: Response,
    intent: 'valid' | 'invalid',
  ): Promise<Finding[]> {
    const findings: Finding[] = []
    const status = response.status
    const media = mediaOf(response.headers.get('content-type'))
    const streamed = media === 'text/event-stream'
    const text = streamed ? '' : await boundedText(response)
    if (streamed) await response.body?.cancel()
    if (status >= 500)
      findings.push({ kind: 'server-error', detail: `${status}: ${messageOf(text)}` })
    if (intent === 'valid' && INPUT_STATUSES.has(status))
      findings.push({ kind: 'rejected-valid', detail: `${status}: ${messageOf(text)}` })
    if (intent === 'invalid' && status < 400)
      findings.push({ kind: 'accepted-invalid', detail: `${status}` })
    const key = [String(status), `${String(status)[0]}XX`, 'default'].find(
      (candidate) => candidate in operation.responses,
    )
    if (key === undefined) {
      findings.push({
        kind: 'undocumented-status',
        detail: `${status} (documented: ${Object.keys(operation.responses).join(', ')})`,
      })
      return findings
    }
    const documented = dereferenced(this.#document, operation.responses[key])
    const content = (documented?.content ?? {}) as Record<string, JsonSchema>
    const types = Object.keys(content)
    if (!types.length) {
      if (text !== '')
        findings.push({
          kind: 'undocumented-content-type',
          detail: `${status} sent ${media || 'a body without content type'}; documented: no body`,
        })
      return findings
    }
    if (text === '' && !streamed && (status === 204 || status === 304)) return findings
    const declared = types.find((type) => covers(type, media))
    if (declared === undefined) {
      findings.push({
        kind: 'undocumented-content-type',
        detail: `${status} sent ${media || 'no content type'}; documented: ${types.join(', ')}`,
      })
      return findings
    }
    if (!isJson(media) || !content[declared]?.schema) return findings
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      findings.push({
        kind: 'schema',
        detail: `${status} ${media} body is not JSON: ${text.slice(0, 120)}`,
      })
      return findings
    }
    const ref = (operation.responses[key] as JsonSchema).$ref
    const base =
      typeof ref === 'string' ? ref : `${operation.pointer}/responses/${pointerToken(key)}`
    const pointer = `${base}/content/${pointerToken(declared)}/schema`
    const validate = this.#validator(pointer)
    if (!validate(body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 3)
        .map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}`)
      findings.push({
        kind: 'schema',
        detail: `${status} body does not match its schema: ${errors.join('; ')} (body: ${text.slice(0, 160)})`,
      })
    }
    return findings
  }
}
