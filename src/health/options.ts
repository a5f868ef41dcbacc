/**
 * The `health` option's type, with the feature it configures (`service/options.ts` re-exports it,
 * as it does the CORS plugin's options).
 */

/**
 * The `health` option (SPEC §14 "Health", docs/static-and-health.md).
 *
 * @example
 * new Fw({ api: RootAPI, health: { ready: { db: () => database.ping() }, timeout: '2s', drain: '5s' } })
 */
export interface HealthOptions {
  /** liveness path from the service root (default `/healthz`); readiness is `<path>/ready` */
  path?: string
  /** readiness checks by name: each may throw, reject or take too long, which makes readiness 503 naming it */
  ready?: Record<string, () => unknown>
  /** how long each check may take: ms or a duration (default 1 s); past it the check is `timed out` */
  timeout?: number | string
  /**
   * how long `service.close()` keeps serving with readiness at 503 before it stops accepting, so
   * a load balancer drains this instance first: ms or a duration (default 0)
   */
  drain?: number | string
  /** describe the two routes in the OpenAPI document (default false) */
  document?: boolean
}
