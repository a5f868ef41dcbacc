/**
 * The body seam: what the core needs to plan and read request bodies, handed over by the body
 * markers (`body/markers.ts`) when one is declared. The compile step reads bodies only through
 * it, so a service without a body param bundles no reader (JSON, forms, multipart, XML bridge,
 * streams, uploaded files): SPEC §5.2.
 */
import { ImproperlyConfigured } from '../exceptions/index'
import type { MarkerSpec } from '../request/markers'
import type { FramingCheck } from '../types'
import type { ContentType } from '../utils/content-type'
import type { BodyPlan } from './format'
import type { Limits } from './limits'

/** Planning and reading bodies, as the core calls them (one implementation: body/markers.ts). */
export interface BodySupport {
  /** which wire forms a whole-body param accepts, from its marker and schema */
  plan(spec: MarkerSpec): BodyPlan
  /** a body field's own byte bound when its schema is a bounded file (`z.file().max(n)`) */
  fieldFileBound(spec: MarkerSpec): number | undefined
  /** the request's parsed `Content-Type` */
  contentTypeOf(request: Request): ContentType | undefined
  /** does `plan` accept a body of `type`? */
  accepts(plan: BodyPlan, type: ContentType | undefined): boolean
  /** read and parse the body per `plan` (body/read.ts `readBody`) */
  read(
    request: Request,
    plan: BodyPlan,
    limits: Limits,
    env: unknown,
    type: ContentType | undefined,
    framing: FramingCheck | undefined,
  ): Promise<unknown>
}

/** Filled once by the first body marker made; never emptied. */
const installed: { support?: BodySupport } = {}

/** Hand the core its body support (body/markers.ts, when a body marker is made). */
export function installBodySupport(support: BodySupport): void {
  installed.support = support
}

/**
 * The body support, for an endpoint that declares a body param (only a body marker declares
 * one, and making it installs the support).
 */
export function bodySupport(): BodySupport {
  if (installed.support === undefined)
    throw new ImproperlyConfigured(
      'a body param was declared without request.Body, request.Json, request.Form or request.BodyParam',
    )
  return installed.support
}
