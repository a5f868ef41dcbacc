import { Plugin } from '../api/plugin'
import type { RequestContext } from '../request/context'
import type { SecurityDoc } from '../request/markers'
import { unauthorized } from './scheme'
import type { UserConfig } from './user'

/**
 * A plugin answering 401 (with `WWW-Authenticate`) before any param is
 * parsed when the request has no valid user of `config` (UtilMeta's
 * `auth.Require`). The user it finds is the one params get (no second lookup).
 *
 * @example
 * @api.plugin(auth.Require(jwtUser))
 * class AdminAPI extends api.API {}
 * service.use(auth.Require(jwtUser))   // every route of the service: its APIs, mounted apps and handlers, the docs routes
 */
export function Require<U>(config: UserConfig<U, unknown>): Plugin {
  return new RequireUser(config)
}

/** The plugin `auth.Require` makes. */
class RequireUser<U> extends Plugin {
  readonly #config: UserConfig<U, unknown>
  /** what the OpenAPI document lists for the routes it guards */
  readonly security: SecurityDoc
  /** the headers its authentication reads (CORS preflights to the routes it guards allow them) */
  override readonly requestHeaders: readonly string[] | undefined
  /** on the service, mounted apps and handlers are guarded too */
  override readonly guardsMounts = true

  constructor(config: UserConfig<U, unknown>) {
    super()
    this.#config = config
    this.security = { ...config.authentication.security, optional: false }
    this.requestHeaders = config.authentication.headers
  }

  override async processRequest(_request: Request, context: RequestContext): Promise<undefined> {
    const user = await this.#config.current(context)
    if (!user) throw unauthorized(this.#config.authentication, 'authentication required')
    return undefined
  }
}
