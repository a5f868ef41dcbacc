/**
 * Liveness and readiness (SPEC §14 "Health"): the `health` option of `new Fw()` as a mount the
 * dispatcher answers before any plugin or guard (a load balancer's probe is never rate-limited,
 * authenticated or logged as traffic). `GET <path>` is 200 while the process serves;
 * `GET <path>/ready` runs the `ready` checks concurrently, each within `timeout`, and is 503
 * naming the checks that failed or timed out — and 503 from the moment `service.close()` starts,
 * so the balancer stops sending before the server stops accepting (`drain`).
 */
import { ImproperlyConfigured } from '../exceptions'
import type { HealthOptions } from './options'
import { joinPath } from '../router/route-path'
import { deadline } from '../utils/deadline'
import { durationMs } from '../utils/duration'

/** The liveness path when `health.path` is not given. */
export const DEFAULT_HEALTH_PATH = '/healthz'
/** How long a readiness check may take when `health.timeout` is not given (Kubernetes' probe default is 1 s). */
export const DEFAULT_CHECK_TIMEOUT_MS = 1000

/** What one check said: `ok`, `failed` (it threw or rejected) or `timed out`. */
export type CheckState = 'ok' | 'failed' | 'timed out'

/** The readiness answer's body. */
export interface Readiness {
  status: 'ready' | 'unavailable' | 'closing'
  checks: Record<string, CheckState>
}

/** The health mount: its prefix, its handler, and that no guard runs around it. */
export interface HealthMount {
  prefix: string
  handler: (request: Request) => Response | Promise<Response>
  open: true
}

const NO_STORE = { 'content-type': 'application/json', 'cache-control': 'no-store' }
const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: NO_STORE })

/** `response` without its body (a HEAD's answer). */
const bodiless = (response: Response): Response => new Response(null, response)

/** Run one check within `ms`: its state, never a rejection. */
async function runCheck(check: () => unknown, ms: number): Promise<CheckState> {
  const ran = (async (): Promise<CheckState> => (await check(), 'ok'))().catch(
    (): CheckState => 'failed',
  )
  return deadline(ran, ms, (): CheckState => 'timed out')
}

/**
 * The `health` option as the path it is served under (after `adapt()`'s `prefix`), its
 * checks' time bound and the drain `close()` waits (ms).
 *
 * @example healthSettings({ path: '/up', timeout: '2s' }, '') // { path: '/up', timeoutMs: 2000, drainMs: 0, checks: [] }
 */
export function healthSettings(
  options: HealthOptions | true,
  prefix: string,
): { path: string; timeoutMs: number; drainMs: number; checks: [string, () => unknown][] } {
  const settings = options === true ? {} : options
  const path = joinPath(prefix, settings.path ?? DEFAULT_HEALTH_PATH)
  if (path === '/')
    throw new ImproperlyConfigured("new Fw({ health }): the health path cannot be '/'")
  const checks = Object.entries(settings.ready ?? {})
  for (const [name, check] of checks)
    if (typeof check !== 'function')
      throw new ImproperlyConfigured(
        `new Fw({ health: { ready } }): the check ${JSON.stringify(name)} must be a function`,
      )
  const timeout = settings.timeout ?? DEFAULT_CHECK_TIMEOUT_MS
  const drain = settings.drain ?? 0
  return {
    path,
    checks,
    timeoutMs: durationMs(timeout, 'new Fw({ health: { timeout } })'),
    drainMs: drain === 0 ? 0 : durationMs(drain, 'new Fw({ health: { drain } })'),
  }
}

/**
 * The health mount of a service (see the file comment); `closing()` says whether
 * `service.close()` has started.
 *
 * @example
 * const mount = healthMount({ ready: { db: () => db.ping() } }, '', () => false)
 * await mount.handler(new Request('http://x/ready')) // 200 {"status":"ready","checks":{"db":"ok"}}
 */
export function healthMount(
  options: HealthOptions | true,
  prefix: string,
  closing: () => boolean,
): HealthMount {
  const { path, checks, timeoutMs } = healthSettings(options, prefix)
  /** The readiness run in flight: probes that arrive meanwhile share it (a flood runs the checks once). */
  let running: Promise<Readiness> | undefined
  const ready = async (): Promise<Readiness> => {
    const states = await Promise.all(checks.map(([, check]) => runCheck(check, timeoutMs)))
    const results: Readiness = { status: 'ready', checks: {} }
    checks.forEach(([name], at) => {
      const state = states[at] ?? 'failed'
      results.checks[name] = state
      if (state !== 'ok') results.status = 'unavailable'
    })
    // close() may have started while the checks ran
    if (closing()) results.status = 'closing'
    return results
  }
  const probe = (request: Request): Response | Promise<Response> => {
    const rest = new URL(request.url).pathname
    if (rest === '/' || rest === '') return json(200, { status: 'ok' })
    if (rest !== '/ready') return json(404, { status: 'not found' })
    if (closing()) return json(503, { status: 'closing', checks: {} } satisfies Readiness)
    running ??= ready().finally(() => {
      running = undefined
    })
    return running.then((results) => json(results.status === 'ready' ? 200 : 503, results))
  }
  const handler = (request: Request): Response | Promise<Response> => {
    const method = request.method
    if (method === 'GET') return probe(request)
    if (method !== 'HEAD')
      return new Response(null, { status: 405, headers: { allow: 'GET, HEAD' } })
    // a HEAD: the GET's status and headers, no body (the service takes a route's off the same way)
    const answered = probe(request)
    return answered instanceof Promise ? answered.then(bodiless) : bodiless(answered)
  }
  return { prefix: path, handler, open: true }
}
