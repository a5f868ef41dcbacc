import { Plugin } from '../api/plugin'
import type { RequestContext } from '../request/context'
import { mutable } from './headers'

/**
 * Options of `plugins.RequestId`.
 *
 * @example
 * service.use(plugins.RequestId({ header: 'x-correlation-id', trustIncoming: true }))
 */
export interface RequestIdOptions {
  /** the header read and set (default `x-request-id`) */
  header?: string
  /** trust an incoming id (default true); it must be 1–200 characters of `[A-Za-z0-9._:-]` */
  trustIncoming?: boolean
}

const SAFE_ID = /^[A-Za-z0-9._:-]{1,200}$/

/**
 * Reads or creates a request id, sets it on `this.request.id` and on the response.
 *
 * @example
 * service.use(plugins.RequestId())
 * // in an endpoint: this.request.id
 */
export class RequestId extends Plugin {
  readonly header: string
  readonly trustIncoming: boolean
  /** the id header, when an incoming one is trusted (a CORS preflight allows it) */
  override readonly requestHeaders: readonly string[]

  constructor(options: RequestIdOptions = {}) {
    super()
    this.header = (options.header ?? 'x-request-id').toLowerCase()
    this.trustIncoming = options.trustIncoming ?? true
    this.requestHeaders = this.trustIncoming ? [this.header] : []
  }

  override processRequest(request: Request, ctx: RequestContext): undefined {
    const incoming = this.trustIncoming ? request.headers.get(this.header) : null
    ctx.id = incoming !== null && SAFE_ID.test(incoming) ? incoming : crypto.randomUUID()
    return undefined
  }

  override processResponse(response: Response, ctx: RequestContext): Response | undefined {
    if (ctx.id === undefined) return undefined
    const out = mutable(response)
    out.headers.set(this.header, ctx.id)
    return out
  }
}
