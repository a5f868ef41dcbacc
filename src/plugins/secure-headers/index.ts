/**
 * `fw-api/plugins/secure-headers` (SPEC §14, docs/production.md "Secure
 * headers"): helmet's and Hono's `secureHeaders` defaults on every answer,
 * each overridable or turned off, HSTS only over https.
 */
import { Plugin, type PluginResult } from '../../api/plugin'
import { ImproperlyConfigured } from '../../exceptions'
import type { RequestContext } from '../../request/context'
import { mutable } from '../headers'

/**
 * One header's setting: `true` (its default value), `false` (not sent), or
 * the value to send.
 */
export type HeaderSetting = boolean | string

/** Content-Security-Policy directives by name: `{ 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'] }`. */
export type CSPDirectives = Readonly<Record<string, string | readonly string[]>>

/**
 * Options of `secureHeaders()`: each header by Hono's option name. Omitted
 * ones take their default (table in docs/production.md); `false` leaves one out.
 *
 * @example
 * service.use(secureHeaders({ xFrameOptions: 'DENY', contentSecurityPolicy: { 'default-src': ["'self'"] } }))
 */
export interface SecureHeadersOptions {
  /** `Content-Security-Policy`: off by default; `true` is helmet's default policy, a string or directives your own */
  contentSecurityPolicy?: boolean | string | CSPDirectives
  /** `Cross-Origin-Embedder-Policy`: off by default; `true` is `require-corp` */
  crossOriginEmbedderPolicy?: HeaderSetting
  /** `Cross-Origin-Opener-Policy` (default `same-origin`) */
  crossOriginOpenerPolicy?: HeaderSetting
  /** `Cross-Origin-Resource-Policy` (default `same-origin`) */
  crossOriginResourcePolicy?: HeaderSetting
  /** `Origin-Agent-Cluster` (default `?1`) */
  originAgentCluster?: HeaderSetting
  /** `Permissions-Policy`: off by default (a string to send) */
  permissionsPolicy?: HeaderSetting
  /** `Referrer-Policy` (default `no-referrer`) */
  referrerPolicy?: HeaderSetting
  /** `Strict-Transport-Security` over https only (default `max-age=15552000; includeSubDomains`) */
  strictTransportSecurity?: HeaderSetting
  /** `X-Content-Type-Options` (default `nosniff`) */
  xContentTypeOptions?: HeaderSetting
  /** `X-DNS-Prefetch-Control` (default `off`) */
  xDnsPrefetchControl?: HeaderSetting
  /** `X-Download-Options` (default `noopen`) */
  xDownloadOptions?: HeaderSetting
  /** `X-Frame-Options` (default `SAMEORIGIN`) */
  xFrameOptions?: HeaderSetting
  /** `X-Permitted-Cross-Domain-Policies` (default `none`) */
  xPermittedCrossDomainPolicies?: HeaderSetting
  /** `X-XSS-Protection` (default `0`: the old filter off, as helmet and Hono send) */
  xXssProtection?: HeaderSetting
}

/** helmet's default policy (`contentSecurityPolicy: true`). */
export const DEFAULT_CSP: CSPDirectives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'https:', 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", 'https:', "'unsafe-inline'"],
  'upgrade-insecure-requests': [],
}

/** Each option: its header and its default (`undefined`: off unless asked for). */
const HEADERS: Readonly<
  Record<
    Exclude<keyof SecureHeadersOptions, 'contentSecurityPolicy'>,
    readonly [string, string, boolean]
  >
> = {
  crossOriginEmbedderPolicy: ['cross-origin-embedder-policy', 'require-corp', false],
  crossOriginOpenerPolicy: ['cross-origin-opener-policy', 'same-origin', true],
  crossOriginResourcePolicy: ['cross-origin-resource-policy', 'same-origin', true],
  originAgentCluster: ['origin-agent-cluster', '?1', true],
  permissionsPolicy: ['permissions-policy', '', false],
  referrerPolicy: ['referrer-policy', 'no-referrer', true],
  strictTransportSecurity: [
    'strict-transport-security',
    'max-age=15552000; includeSubDomains',
    true,
  ],
  xContentTypeOptions: ['x-content-type-options', 'nosniff', true],
  xDnsPrefetchControl: ['x-dns-prefetch-control', 'off', true],
  xDownloadOptions: ['x-download-options', 'noopen', true],
  xFrameOptions: ['x-frame-options', 'SAMEORIGIN', true],
  xPermittedCrossDomainPolicies: ['x-permitted-cross-domain-policies', 'none', true],
  xXssProtection: ['x-xss-protection', '0', true],
}

/** Directives as a policy: `default-src 'self'; img-src 'self' data:`. */
function policyOf(directives: CSPDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => {
      const listed = typeof values === 'string' ? values : values.join(' ')
      return listed ? `${name} ${listed}` : name
    })
    .join('; ')
}

/** `value` as a header value, checked once (a CR or LF would fail every request). */
function checked(name: string, value: string): string {
  try {
    new Headers().set(name, value)
  } catch {
    throw new ImproperlyConfigured(
      `secureHeaders: ${name} ${JSON.stringify(value)} is not a valid header value`,
    )
  }
  if (!value)
    throw new ImproperlyConfigured(`secureHeaders: ${name} is empty (use false to leave it out)`)
  return value
}

/**
 * Is the request over https? `this.request.secure` where the service
 * provides it (a trusted proxy's `X-Forwarded-Proto`), else the URL's scheme.
 */
function overHttps(context: RequestContext): boolean {
  const secure: unknown = (context as { readonly secure?: unknown }).secure
  return typeof secure === 'boolean' ? secure : context.url.protocol === 'https:'
}

/**
 * The secure-headers plugin (`secureHeaders(options)` makes one): adds its
 * headers to every answer it sees — mounted apps' included — keeping any the answer already carries
 * (the docs page's own CSP, a handler's `X-Frame-Options`); HSTS only on a
 * request over https.
 *
 * @throws ImproperlyConfigured for a value that is not a valid header value
 * @example
 * service.use(new SecureHeaders({ referrerPolicy: 'strict-origin-when-cross-origin' }))
 */
export class SecureHeaders extends Plugin {
  /**
   * Used on the service, it runs around mounted apps too (`serveStatic()`'s files, a mounted
   * Express app): every answer gets the headers, not only the API's. The health probes stay
   * outside it, as outside every plugin.
   */
  override readonly guardsMounts = true
  /** the headers every answer gets, by lower-case name (HSTS apart) */
  readonly headers: readonly (readonly [string, string])[]
  /** the `Strict-Transport-Security` value for https requests, if sent */
  readonly hsts: string | undefined

  constructor(options: SecureHeadersOptions = {}) {
    super()
    const headers: [string, string][] = []
    let hsts: string | undefined
    for (const [option, [name, value, on]] of Object.entries(HEADERS)) {
      const setting = options[option as keyof typeof HEADERS]
      const chosen =
        setting === undefined
          ? on
            ? value
            : undefined
          : setting === true
            ? value
            : setting || undefined
      if (chosen === undefined) continue
      if (!chosen && setting === true)
        throw new ImproperlyConfigured(
          `secureHeaders: ${option} has no default value; give the value to send`,
        )
      if (name === 'strict-transport-security') hsts = checked(name, chosen)
      else headers.push([name, checked(name, chosen)])
    }
    const csp = options.contentSecurityPolicy
    if (csp) {
      const policy =
        csp === true ? policyOf(DEFAULT_CSP) : typeof csp === 'string' ? csp : policyOf(csp)
      headers.push(['content-security-policy', checked('content-security-policy', policy)])
    }
    this.headers = headers
    this.hsts = hsts
  }

  override processResponse(response: Response, context: RequestContext): PluginResult {
    const out = mutable(response)
    const target = out.headers
    for (const [name, value] of this.headers) if (!target.has(name)) target.set(name, value)
    if (this.hsts !== undefined && !target.has('strict-transport-security') && overHttps(context))
      target.set('strict-transport-security', this.hsts)
    return out
  }
}

/**
 * Security headers on every answer (SPEC §14), helmet's and Hono's
 * defaults: `X-Content-Type-Options: nosniff`, `X-Frame-Options: SAMEORIGIN`,
 * `Referrer-Policy: no-referrer`, the cross-origin policies, HSTS over https,
 * and more (docs/production.md); each overridable or turned off with `false`.
 *
 * @throws ImproperlyConfigured for an invalid header value
 * @example
 * import { secureHeaders } from 'fw-api/plugins/secure-headers'
 * service.use(secureHeaders({ contentSecurityPolicy: true, xFrameOptions: 'DENY' }))
 */
export function secureHeaders(options: SecureHeadersOptions = {}): SecureHeaders {
  return new SecureHeaders(options)
}
