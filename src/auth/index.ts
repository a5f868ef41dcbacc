/**
 * `fw-api/auth`: UtilMeta's `utilmeta.core.auth` in TypeScript (docs/auth.md):
 * the current user as a param, JWT / session / API key / Basic / custom
 * schemes, password hashing on Web Crypto, OpenAPI security. Web APIs only:
 * the same code runs on Node, Bun, Deno and Workers.
 *
 * @example
 * import { auth } from 'fw-api/auth'
 * const jwtUser = auth.User(users, { authentication: auth.JsonWebToken({ secret: env.JWT_SECRET }), loginFields: ['username'], passwordField: 'password' })
 */
import * as auth from './namespace'

export { auth }
export type * from './namespace'
