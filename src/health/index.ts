/**
 * `fw-api/health`: the `health` option of `new Fw()` — liveness at `GET /healthz`, readiness at
 * `GET /healthz/ready` with checks, 503 from the moment `service.close()` starts (SPEC §14,
 * docs/static-and-health.md). Importing it registers it; `fw-api/serve` imports it, so a service
 * that `run()`s needs nothing more.
 *
 * @example
 * import 'fw-api/health'
 * const service = new Fw({ api: RootAPI, health: { ready: { db: () => database.ping() } } })
 */
import { registerAppMounts, registerHealth } from '../service/host'
import { AppMounts } from '../service/app-mounts'
import { healthMount, healthSettings } from './health'

// an app mounted beside the API: its dispatch comes with this entry (SPEC §5.2)
registerAppMounts(AppMounts)
registerHealth({
  healthMount,
  drainMs: (options) => healthSettings(options, '').drainMs,
})

export type { HealthOptions } from './options'
export type { CheckState, Readiness } from './health'
