/** Everything `auth.*` names (the `auth` namespace of `fw-api/auth`). */
export {
  hashPassword,
  verifyPassword,
  Pbkdf2Hasher,
  PBKDF2_SHA256_ITERATIONS,
  type PasswordHasher,
  type Pbkdf2Options,
} from './password'
export { JsonWebToken, type JsonWebTokenOptions, type JsonWebTokenScheme } from './jwt'
export { Session, type SessionCookie, type SessionOptions, type SessionScheme } from './session'
export {
  DatabaseStore,
  KVStore,
  MemoryStore,
  RedisStore,
  type DatabaseStoreOptions,
  type KVNamespaceLike,
  type MemoryStoreOptions,
  type RedisClient,
  type SessionData,
  type SessionStore,
} from './stores'
export {
  APIKey,
  Basic,
  Custom,
  type APIKeyOptions,
  type BasicOptions,
  type CustomOptions,
  type Verified,
} from './schemes'
export type { Found, Scheme } from './scheme'
export { normalizeIdent } from './ident'
export {
  User,
  type ClaimsUser,
  type IdKey,
  type LoginResult,
  type OptionalOptions,
  type UserConfig,
  type UserOptions,
} from './user'
export { Require } from './require'
