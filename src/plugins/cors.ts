import type { CorsOptions } from '../service/options'
import { Plugin } from '../api/plugin'
import type { RequestContext } from '../request/context'
import { appendToken, mutable } from './headers'

/**
 * Options of `plugins.CORS`.
 *
 * @example
 * service.use(new plugins.CORS({ allowOrigin: ['https://example.com'], allowCredentials: true, maxAge: 600 }))
 */
export interface CORSOptions {
  /** allowed origins: `'*'`, one origin, a list, or a predicate */
  allowOrigin?: string | readonly string[] | ((origin: string) => boolean)
  /** preflight `Access-Control-Allow-Headers`; default: every header the path's endpoints declare, plus content-type */
  allowHeaders?: readonly string[]
  /** `Access-Control-Expose-Headers` on actual responses */
  exposeHeaders?: readonly string[]
  /** `Access-Control-Allow-Credentials: true` (the origin is then echoed, never `*`) */
  allowCredentials?: boolean
  /** preflight `Access-Control-Max-Age` (seconds) */
  maxAge?: number
}

/**
 * CORS for preflights and actual responses: `Access-Control-Allow-Origin`,
 * `Vary: Origin`, `Access-Control-Allow-Credentials`, exposed headers; the
 * preflight's allowed methods and headers come from the routes (docs/hooks.md).
 *
 * @example
 * service.use(new plugins.CORS({ allowOrigin: ['https://app.example'], allowCredentials: true, maxAge: 600 }))
 */
export class CORS extends Plugin {
  readonly options: CORSOptions

  constructor(options: CORSOptions = {}) {
    super()
    this.options = options
  }

  /** The `Access-Control-Allow-Origin` value for a request's Origin, or undefined when it is not allowed. */
  originFor(origin: string | null): string | undefined {
    const allow = this.options.allowOrigin
    if (allow === undefined) return undefined
    const credentials = this.options.allowCredentials === true
    if (allow === '*') return credentials ? (origin ?? undefined) : '*'
    if (origin === null) return undefined
    if (typeof allow === 'function') return allow(origin) ? origin : undefined
    const list: readonly string[] = typeof allow === 'string' ? [allow] : allow
    return list.includes(origin) ? origin : undefined
  }

  override processResponse(response: Response, ctx: RequestContext): Response | undefined {
    const origin = this.originFor(ctx.headers.get('origin'))
    const preflight = ctx.method === 'OPTIONS' && response.headers.has('access-control-allow-methods')
    const { allowHeaders, exposeHeaders, allowCredentials, maxAge } = this.options
    if (!origin && !(preflight && (allowHeaders || maxAge !== undefined))) return undefined
    const out = mutable(response)
    const headers = out.headers
    if (origin) {
      headers.set('access-control-allow-origin', origin)
      if (origin !== '*') appendToken(headers, 'vary', 'Origin')
      if (allowCredentials) headers.set('access-control-allow-credentials', 'true')
    }
    if (preflight) {
      if (allowHeaders) headers.set('access-control-allow-headers', allowHeaders.join(', '))
      if (maxAge !== undefined) headers.set('access-control-max-age', String(maxAge))
    } else if (origin && exposeHeaders?.length) {
      headers.set('access-control-expose-headers', exposeHeaders.join(', '))
    }
    return out
  }
}

/**
 * The service's `cors` option as plugins (`true`: any origin).
 *
 * @example corsOption({ origin: 'https://a.example' }) // [CORS]
 */
export function corsOption(cors: boolean | CorsOptions | undefined): CORS[] {
  if (!cors) return []
  if (cors === true) return [new CORS({ allowOrigin: '*' })]
  return [new CORS({ allowOrigin: cors.origin, allowCredentials: cors.credentials, maxAge: cors.maxAge, exposeHeaders: cors.exposeHeaders, allowHeaders: cors.allowHeaders })]
}
