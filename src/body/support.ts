/**
 * The body seam: what the core needs to plan and read request bodies, handed over by the body
 * markers (`body/markers.ts`) when one is declared. The compile step reads bodies only through
 * it, so a service without a body param bundles no reader (JSON, forms, multipart, XML bridge,
 * streams, uploaded files): SPEC §5.2.
 */
import { throwImproperlyConfigured } from '../exceptions/configured'
import type { RequestContext } from '../request/context'
import type { BodyPlan } from './format'
import type { Limits } from './limits'
import type { BodyParams } from './plan'

/** Planning and reading bodies, as the core calls them (one implementation: body/markers.ts). */
export interface BodySupport {
  /** the body params of one endpoint or before hook (`where`), planned together */
  params(where: string): BodyParams
  /** an endpoint's body read, made once when it is built (its runtime's framing check found then) */
  endpointBody(bodies: readonly BodyPlan[], limits: Limits): EndpointBody
}

/** One endpoint's body read (body/read.ts `EndpointBodyReader`). */
export interface EndpointBody {
  /**
   * read and parse the body, the plan chosen by its content type; `exchange.bodyAccepted` says
   * which whole-body params the body suits
   */
  read(exchange: BodyExchange): Promise<unknown>
}

/** What an endpoint's body read needs of its exchange (pipeline/exchange.ts `Exchange`). */
export interface BodyExchange {
  readonly context: RequestContext
  /** per whole-body param: does the body's content type suit it */
  bodyAccepted: readonly boolean[] | undefined
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
  return (
    installed.support ??
    throwImproperlyConfigured(
      'a body param was declared without request.Body, request.Json, request.Form or request.BodyParam',
    )
  )
}
