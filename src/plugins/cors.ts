import { Plugin } from '../api/plugin'
import { throwImproperlyConfigured } from '../exceptions/configured'
import type { RequestContext } from '../request/context'
import { appendToken, mutable } from './headers'
import { isFunction } from '../utils/is'

/**
 * Options of `plugins.CORS` (and of the service's `cors` option, which takes the same names).
 *
 * @example
 * service.use(plugins.CORS({ allowOrigin: ['https://example.com'], allowCredentials: true, maxAge: 600 }))
 */
export interface CORSOptions {
  /**
   * allowed origins: `'*'` (any, only without credentials), one origin, a list
   * (`'null'` only when listed), or a predicate (never called with `'null'`)
   */
  allowOrigin?: string | readonly string[] | ((origin: string) => boolean)
  /** preflight `Access-Control-Allow-Headers`; default: every header the path's endpoints declare, plus content-type */
  allowHeaders?: readonly string[]
  /** `Access-Control-Expose-Headers` on actual responses */
  exposeHeaders?: readonly string[]
  /** `Access-Control-Allow-Credentials: true` for listed origins (echoed, never `*`); `allowOrigin: '*'` with it is ImproperlyConfigured */
  allowCredentials?: boolean
  /** preflight `Access-Control-Max-Age` (seconds) */
  maxAge?: number
}

/**
 * The service's `cors` option (sugar for `service.use(plugins.CORS(...))`):
 * the plugin's names, plus the older `origin` and `credentials`.
 *
 * @example
 * new Fw(import.meta.url, { api: RootAPI, cors: { allowOrigin: ['https://example.com'], allowCredentials: true } })
 */
export interface CorsOptions extends CORSOptions {
  /** the older name of `allowOrigin` (still accepted) */
  origin?: CORSOptions['allowOrigin']
  /** the older name of `allowCredentials` (still accepted) */
  credentials?: boolean
}

/**
 * The preflight answer's field names: the routes' methods and the request headers they read
 * (service/unmatched.ts writes them; the CORS plugin sees a preflight by them).
 *
 * @example
 * response.headers.get(ALLOW_METHODS) // 'GET, POST'
 */
export const ALLOW_METHODS = 'access-control-allow-methods'
/** @see ALLOW_METHODS @example response.headers.get(ALLOW_HEADERS) // 'content-type' */
export const ALLOW_HEADERS = 'access-control-allow-headers'

/** An origin as browsers serialise it: lowercase `scheme://host[:port]`, no path, no trailing slash. */
const SERIALIZED_ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::\d{1,5})?$/
/** An origin no policy lists: a predicate that accepts it accepts anything. */
const PROBE_ORIGIN = 'https://fw-cors-probe.invalid'
const STAR_WITH_CREDENTIALS =
  "CORS: allowOrigin '*' with allowCredentials would let every website read credentialed responses; " +
  "list the origins instead (allowOrigin: ['https://app.example'])"

/**
 * Which request origins a CORS plugin allows, compiled once from `allowOrigin`: `'*'` for any
 * origin (answered `*`, never with credentials), else whether a (non-`*`) origin is allowed.
 */
type OriginPolicy = '*' | ((origin: string) => boolean)

function originPolicy(allow: CORSOptions['allowOrigin'], credentials: boolean): OriginPolicy {
  if (isFunction(allow)) {
    if (credentials && allow(PROBE_ORIGIN)) {
      throwImproperlyConfigured(
        `CORS: the allowOrigin predicate accepts an arbitrary origin (${PROBE_ORIGIN}) with allowCredentials; it must accept only the origins you trust`,
      )
    }
    return (origin) => origin !== 'null' && allow(origin) === true
  }
  // none given: no origin is allowed (an empty list)
  const list: readonly string[] = typeof allow === 'string' ? [allow] : (allow ?? [])
  if (list.includes('*')) {
    if (credentials) throwImproperlyConfigured(STAR_WITH_CREDENTIALS)
    return '*'
  }
  for (const entry of list) {
    if (entry !== 'null' && !SERIALIZED_ORIGIN.test(entry)) {
      throwImproperlyConfigured(
        `CORS: allowOrigin ${JSON.stringify(entry)} is not an origin as browsers send it (lowercase scheme://host[:port], no path, no trailing slash); use a predicate for patterns`,
      )
    }
  }
  const listed = new Set(list)
  return (origin) => listed.has(origin)
}

/**
 * CORS for preflights and actual responses: `Access-Control-Allow-Origin`,
 * `Vary: Origin`, `Access-Control-Allow-Credentials`, exposed headers; the
 * preflight's allowed methods and headers come from the routes (docs/hooks.md).
 * An arbitrary origin is never echoed with credentials (docs/security.md).
 *
 * @throws ImproperlyConfigured for `allowOrigin: '*'` (or a predicate accepting anything) with `allowCredentials`, or an entry that is not an origin
 * @example
 * service.use(plugins.CORS({ allowOrigin: ['https://app.example'], allowCredentials: true, maxAge: 600 }))
 */
export class CORS extends Plugin {
  declare readonly options: CORSOptions
  readonly #policy: OriginPolicy

  constructor(options: CORSOptions = {}) {
    super()
    this.options = options
    this.#policy = originPolicy(options.allowOrigin, options.allowCredentials === true)
  }

  /** The `Access-Control-Allow-Origin` value for a request's Origin, or undefined when it is not allowed. */
  originFor(origin: string | null): string | undefined {
    const policy = this.#policy
    return policy === '*' ? policy : origin !== null && policy(origin) ? origin : undefined
  }

  override processResponse(response: Response, ctx: RequestContext): Response | undefined {
    const requested = ctx.headers.get('origin')
    const origin = this.originFor(requested)
    const preflight = ctx.method === 'OPTIONS' && response.headers.has(ALLOW_METHODS)
    const { allowHeaders, exposeHeaders, allowCredentials, maxAge } = this.options
    // The answer depends on the Origin unless it is always `*`: say so to caches, allowed or not.
    const varies = requested !== null && this.#policy !== '*'
    if (!origin && !varies && !(preflight && (allowHeaders || maxAge !== undefined)))
      return undefined
    const out = mutable(response)
    const headers = out.headers
    if (varies) appendToken(headers, 'vary', 'Origin')
    if (origin) {
      headers.set('access-control-allow-origin', origin)
      if (allowCredentials) headers.set('access-control-allow-credentials', 'true')
    }
    if (preflight) {
      if (allowHeaders) headers.set(ALLOW_HEADERS, allowHeaders.join(', '))
      if (maxAge !== undefined) headers.set('access-control-max-age', String(maxAge))
    } else if (origin && exposeHeaders?.length) {
      headers.set('access-control-expose-headers', exposeHeaders.join(', '))
    }
    return out
  }
}

/**
 * The service's `cors` option as plugins: `true` is any origin without
 * credentials; an object takes the plugin's names (`allowOrigin`,
 * `allowCredentials`, ...), the older `origin` / `credentials` still accepted.
 *
 * @throws ImproperlyConfigured as `plugins.CORS` does, or when an old and a new name disagree
 * @example corsOption({ allowOrigin: 'https://a.example' }) // [CORS]
 */
export function corsOption(cors: boolean | CorsOptions | undefined): CORS[] {
  if (!cors) return []
  const given: CorsOptions = cors === true ? { allowOrigin: '*' } : cors
  const { origin, credentials, ...named } = given
  named.allowOrigin = renamed('allowOrigin', named.allowOrigin, 'origin', origin)
  named.allowCredentials = renamed(
    'allowCredentials',
    named.allowCredentials,
    'credentials',
    credentials,
  )
  return [new CORS(named)]
}

/** The value of a renamed option, given under its new or its old name (not both). */
function renamed<T>(
  name: string,
  now: T | undefined,
  old: string,
  before: T | undefined,
): T | undefined {
  if (now !== undefined && before !== undefined)
    throwImproperlyConfigured(`cors: \`${old}\` is the older name of \`${name}\`; give one of them`)
  return now ?? before
}
