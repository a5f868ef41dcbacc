import type { Plugin } from '../api/plugin'
import type { Limits } from '../body'
import type { Stringify } from '../response/render'

/** Service-wide settings an endpoint is compiled with. */
export interface CompileOptions {
  stringify: Stringify
  debug: boolean
  limits: Limits
  onError?: (error: unknown) => void
  /** service plugins: their `handleError` sees errors no hook handled */
  plugins: readonly Plugin[]
  /** service-wide handler timeout (ms); a class's `static timeout` wins */
  timeout?: number
}
