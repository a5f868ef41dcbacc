/**
 * A body plan (what one endpoint accepts) and the format a request's body is
 * read as under it, from its `Content-Type`; with each format's byte limit.
 */
import {
  isJsonType,
  isXmlType,
  MULTIPART,
  parseContentType,
  typeMatcher,
  URLENCODED,
  type ContentType,
} from '../utils/content-type'
import type { Limits } from './limits'
import { acceptsXml } from './xml'

/** Which wire forms a body param accepts. */
export type BodyAccept = 'any' | 'json' | 'form' | 'text' | 'binary'

/** How to read one endpoint's body; built once by the core, reused per request. */
export interface BodyPlan {
  accept: BodyAccept
  /** for `text` / `binary`: accepted type pattern, e.g. `text/html`, `image/*` */
  contentType?: string
  /** bytes; lowers the service limit for this body */
  maxLength?: number
  /** multipart: the field names that may carry a file (others are refused at their first byte); `undefined`: any */
  fileFields?: readonly string[]
  /** multipart: the byte bound of one file of a field, by field name, where the schema sets one (a part over it is a 413 while it streams) */
  fileBounds?: ReadonlyMap<string, number>
}

/** The most common `Content-Type` header. */
export const JSON_HEADER = 'application/json'
/** The most common header, parsed once (read-only here). */
export const JSON_TYPE: ContentType = /* @__PURE__ */ Object.freeze({
  essence: JSON_HEADER,
  params: /* @__PURE__ */ Object.freeze(
    /* @__PURE__ */ Object.create(null) as Record<string, string>,
  ),
})

/** The wire format a body is parsed as. */
export type BodyFormat = 'json' | 'xml' | 'urlencoded' | 'multipart' | 'text' | 'binary'

/**
 * Whether `plan` accepts a body with this `Content-Type` header (an endpoint
 * with several whole-body params gives the body to those that accept it).
 *
 * @example
 * acceptsType({ accept: 'json' }, 'application/json; charset=utf-8') // true
 */
export function acceptsType(plan: BodyPlan, contentType: string | null): boolean {
  return accepts(plan, parseContentType(contentType))
}

/** `acceptsType` for a `Content-Type` already parsed (`contentTypeOf`): several plans, one parse. */
export function accepts(plan: BodyPlan, type: ContentType | undefined): boolean {
  return formatOf(plan, type) !== undefined
}

/**
 * A request's parsed `Content-Type` (`undefined` without one), parsed once per
 * body: chosen among body plans and read with the same value.
 *
 * @example
 * contentTypeOf(new Request('http://h/', { method: 'POST', headers: { 'content-type': 'text/plain; charset=utf-8' } }))?.essence // 'text/plain'
 */
export function contentTypeOf(request: Request): ContentType | undefined {
  const header = request.headers.get('content-type')
  // The most common header skips the parse; any other is parsed per request (no cache: see docs/architecture.md, Libraries).
  return header === JSON_HEADER ? JSON_TYPE : parseContentType(header)
}

/** The format `plan` reads a body of this type as; `undefined`: the type is refused. */
export function formatOf(plan: BodyPlan, type: ContentType | undefined): BodyFormat | undefined {
  const essence = type?.essence
  // A declared `contentType` narrows every body format, objects included.
  if (
    plan.contentType !== undefined &&
    (essence === undefined || !typeMatcher(plan.contentType)(essence))
  )
    return undefined
  switch (plan.accept) {
    case 'json':
      return essence !== undefined && isJsonType(essence) ? 'json' : undefined
    case 'form':
      return essence === URLENCODED ? 'urlencoded' : essence === MULTIPART ? 'multipart' : undefined
    case 'any':
      if (essence === undefined) return undefined
      if (isJsonType(essence)) return 'json'
      if (essence === URLENCODED) return 'urlencoded'
      if (essence === MULTIPART) return 'multipart'
      return isXmlType(essence) && acceptsXml() ? 'xml' : undefined
    case 'text':
    case 'binary':
      return plan.accept
  }
}

/** The service byte limit of one body format (`plan.maxLength` may lower it). */
export function limitOf(format: BodyFormat, limits: Limits): number {
  switch (format) {
    case 'urlencoded':
      return limits.formBytes
    case 'multipart':
      return limits.multipartBytes
    case 'binary':
      return limits.fileBytes
    case 'xml':
      return Math.min(limits.xmlBytes, limits.bodyBytes)
    default:
      return limits.bodyBytes
  }
}

/** How a body is read under a plan: its format and byte limit (`undefined` format: refused, limit 0). */
export interface BodyReading {
  format: BodyFormat | undefined
  limit: number
}

/**
 * The format `plan` reads a body of `type` as, with its byte limit (the format's service limit,
 * lowered by `plan.maxLength`): per body, or once per endpoint for the `application/json` header
 * (body/read.ts's `EndpointBodyReader`).
 *
 * @example
 * readingOf({ accept: 'json' }, JSON_TYPE, defaultLimits) // { format: 'json', limit: defaultLimits.bodyBytes }
 */
export function readingOf(
  plan: BodyPlan,
  type: ContentType | undefined,
  limits: Limits,
): BodyReading {
  const format = formatOf(plan, type)
  const limit =
    format === undefined ? 0 : Math.min(limitOf(format, limits), plan.maxLength ?? Infinity)
  return { format, limit }
}
